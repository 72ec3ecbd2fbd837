from django.conf.urls.i18n import i18n_patterns
from django.contrib import admin
from django.urls import include, path

from results.views import healthz

urlpatterns = [
    path("admin/", admin.site.urls),
    path("healthz", healthz, name="healthz"),
]

# French at `/`, English under `/en/`.
urlpatterns += i18n_patterns(
    path("", include("results.urls")),
    prefix_default_language=False,
)
