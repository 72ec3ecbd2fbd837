from django.conf.urls.i18n import i18n_patterns
from django.contrib import admin
from django.urls import include, path

from results.views.health import healthz

urlpatterns = [
    # Staff pages in the admin's look, before the admin's own catch-all.
    path("admin/podium/uploads/", include("results.urls.uploads")),
    path("admin/podium/names/", include("results.urls.names")),
    path("admin/", admin.site.urls),
    path("healthz", healthz, name="healthz"),
]

# French at `/`, English under `/en/`.
urlpatterns += i18n_patterns(
    path("", include("results.urls.public")),
    path("", include("results.urls.championships")),
    prefix_default_language=False,
)
