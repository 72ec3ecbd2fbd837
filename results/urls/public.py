from django.urls import path

from results.views import events, home, people, search, stages, standings

app_name = "results"

urlpatterns = [
    path("", home.home, name="home"),
    path("events/", events.event_list, name="event_list"),
    path("events/<slug:slug>/", standings.event_detail, name="event_detail"),
    path("events/<slug:slug>/stages/", stages.event_stages, name="event_stages"),
    path("people/<slug:slug>/", people.person_detail, name="person_detail"),
    path("search/", search.search, name="search"),
]
