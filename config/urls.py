from django.conf.urls.i18n import i18n_patterns
from django.contrib import admin
from django.urls import include, path
from django.views.generic import RedirectView

from results.views.health import healthz

# A dropped database gets a short retry page (503) instead of a bare 500.
handler500 = "results.views.errors.server_error"

urlpatterns = [
    # Staff pages in the admin's look, before the admin's own catch-all.
    path("admin/podium/uploads/", include("results.urls.uploads")),
    path("admin/podium/names/", include("results.urls.names")),
    # The admin login page shows "forgotten your password?" when this name resolves.
    path(
        "admin/password_reset/",
        RedirectView.as_view(pattern_name="uploads:password_reset"),
        name="admin_password_reset",
    ),
    path("admin/", admin.site.urls),
    path("healthz", healthz, name="healthz"),
    # The read API: no language prefix (see results/api/).
    path("api/v1/", include("results.api.urls")),
]

# `/fr/...` and `/en/...`; `/` and unprefixed paths redirect to the visitor's language.
urlpatterns += i18n_patterns(
    path("", include("results.urls.public")),
    path("", include("results.urls.championships")),
    prefix_default_language=True,
)
