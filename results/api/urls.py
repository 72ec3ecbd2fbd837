"""`/api/v1/`: the read API. No language prefix: the answers speak no language."""

from django.urls import path, re_path
from drf_spectacular.views import SpectacularAPIView, SpectacularSwaggerSplitView

from results.api import views
from results.api.errors import not_found

app_name = "api"

urlpatterns = [
    path("", views.Root.as_view(), name="root"),
    path("events/", views.EventList.as_view(), name="events"),
    path("events/<slug:slug>/", views.EventDetail.as_view(), name="event"),
    path(
        "events/<slug:event_slug>/classifications/<slug:slug>/",
        views.ClassificationDetail.as_view(),
        name="classification",
    ),
    path("people/", views.PersonList.as_view(), name="people"),
    path("people/<slug:slug>/", views.PersonDetail.as_view(), name="person"),
    path("championships/", views.ChampionshipList.as_view(), name="championships"),
    path("championships/<slug:slug>/", views.ChampionshipDetail.as_view(), name="championship"),
    path("schema/", SpectacularAPIView.as_view(), name="schema"),
    # The page and its script apart: the CSP allows no inline script.
    path(
        "docs/",
        SpectacularSwaggerSplitView.as_view(url_name="api:schema", template_name="api/docs.html"),
        name="docs",
    ),
    # Anything else under /api/v1/ ending in a slash: a JSON 404 (unslashed paths get the
    # slash first, as everywhere on the site).
    re_path(r"^(?:.*/)?$", not_found),
]
