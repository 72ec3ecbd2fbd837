from django.apps import AppConfig


class ResultsConfig(AppConfig):
    default_auto_field = "django.db.models.BigAutoField"
    name = "results"
    verbose_name = "Results"

    def ready(self) -> None:
        from django.contrib.admin.models import LogEntry
        from django.db.models.signals import post_save

        from results.services.freshness import admin_changed

        # Edits made through the admin bypass the write services: their log entry renews
        # the pages (see results.views.caching).
        post_save.connect(admin_changed, sender=LogEntry, dispatch_uid="podium-admin-changed")
