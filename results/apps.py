from django.apps import AppConfig
from django.utils.translation import gettext_lazy as _


class ResultsConfig(AppConfig):
    default_auto_field = "django.db.models.BigAutoField"
    name = "results"
    verbose_name = _("Results")

    def ready(self) -> None:
        # `field__in_array=`: long IN lists as one array parameter on Postgres.
        from results.models import lookups  # noqa: F401
