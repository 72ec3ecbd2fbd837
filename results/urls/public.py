from django.urls import path

from results.views import events as views

app_name = "results"

urlpatterns = [
    path("", views.event_list, name="event_list"),
]
