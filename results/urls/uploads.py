"""Staff pages for organisers: upload, preview, confirm, history (under /admin/podium/)."""

from django.contrib.auth import views as auth_views
from django.urls import path, reverse_lazy

from results.views import uploads as views

app_name = "uploads"

urlpatterns = [
    path("", views.upload, name="upload"),
    path("imports/<int:pk>/", views.preview, name="preview"),
    path("imports/<int:pk>/hints/", views.reparse_import, name="reparse"),
    path("imports/<int:pk>/scope/", views.rescope_import, name="rescope"),
    path("imports/<int:pk>/confirm/", views.confirm_import, name="confirm"),
    path("imports/<int:pk>/fix/", views.fix_cell, name="fix"),
    path("imports/<int:pk>/cancel/", views.cancel, name="cancel"),
    path("imports/<int:pk>/source/", views.download_source, name="source"),
    path("jobs/<int:pk>/", views.job, name="job"),
    path("imports/<int:pk>/reapply/", views.reapply_import, name="reapply"),
    path("events/<int:pk>/history/", views.history, name="history"),
    path("events/<int:pk>/compare/", views.compare, name="compare"),
    path("classifications/<int:pk>/official/", views.official, name="official"),
    path("classifications/<int:pk>/decisions/", views.decisions, name="decisions"),
    path("decisions/<int:pk>/retire/", views.retire, name="retire_decision"),
    # Password reset by e-mail, Django's own views in the admin's look.
    path(
        "password-reset/",
        auth_views.PasswordResetView.as_view(
            success_url=reverse_lazy("uploads:password_reset_done")
        ),
        name="password_reset",
    ),
    path(
        "password-reset/sent/",
        auth_views.PasswordResetDoneView.as_view(),
        name="password_reset_done",
    ),
    path(
        "password-reset/<uidb64>/<token>/",
        auth_views.PasswordResetConfirmView.as_view(
            success_url=reverse_lazy("uploads:password_reset_complete")
        ),
        name="password_reset_confirm",
    ),
    path(
        "password-reset/done/",
        auth_views.PasswordResetCompleteView.as_view(),
        name="password_reset_complete",
    ),
]
