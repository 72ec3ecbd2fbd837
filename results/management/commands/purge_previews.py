import datetime

from django.conf import settings
from django.core.management.base import BaseCommand

from results.services.purging import purge_jobs, purge_previews


class Command(BaseCommand):
    help = (
        "Delete upload previews nobody confirmed, older than PODIUM_PREVIEW_MAX_AGE_HOURS "
        "(or --hours), and the background import jobs that ended before then. Applied and "
        "failed imports stay in the history."
    )

    def add_arguments(self, parser):
        parser.add_argument(
            "--hours",
            type=int,
            default=None,
            help=f"age in hours (default: {settings.PODIUM_PREVIEW_MAX_AGE_HOURS})",
        )

    def handle(self, *args, **options):
        hours = options["hours"] or settings.PODIUM_PREVIEW_MAX_AGE_HOURS
        count = purge_previews(older_than=datetime.timedelta(hours=hours))
        self.stdout.write(f"Deleted {count} preview(s) older than {hours} hours.")
        ended = purge_jobs(older_than=datetime.timedelta(hours=hours))
        self.stdout.write(f"Deleted {ended} ended background job(s) older than {hours} hours.")
