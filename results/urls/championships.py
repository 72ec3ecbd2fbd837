from django.urls import path

from results.views import championships

app_name = "championships"

urlpatterns = [
    path("championships/<slug:slug>/", championships.championship_detail, name="detail"),
]
