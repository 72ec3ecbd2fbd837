from django.urls import path

from results import views

app_name = "results"

urlpatterns = [
    path("", views.event_list, name="event_list"),
]
