"""Staff pages for fixing people's names: merge, split, suggestions, undo (under /admin/podium/)."""

from django.urls import path

from results.views import names as views

app_name = "names"

urlpatterns = [
    path("merge/", views.merge, name="merge"),
    path("suggestions/", views.suggestions, name="suggestions"),
    path("suggestions/merge/", views.merge_pair, name="merge_pair"),
    path("suggestions/not-same/", views.not_same, name="not_same"),
    path("people/<int:pk>/split/", views.split, name="split"),
    path("people/<int:pk>/anonymise/", views.anonymise, name="anonymise"),
    path("changes/<int:pk>/undo/", views.undo, name="undo"),
    path("cars/merge/", views.merge_cars_view, name="merge_cars"),
]
