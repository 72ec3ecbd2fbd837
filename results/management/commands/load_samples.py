from pathlib import Path

from django.conf import settings
from django.core.management.base import BaseCommand

from results.services.loading import load_samples, unlisted_samples


class Command(BaseCommand):
    help = (
        "Import every sheet listed in samples/index.json as a demo event. Running it again "
        "changes nothing."
    )

    def add_arguments(self, parser):
        parser.add_argument(
            "--dir", default=str(settings.BASE_DIR / "samples"), help="the samples directory"
        )

    def handle(self, *args, **options):
        directory = Path(options["dir"])
        for name in unlisted_samples(directory=directory):
            self.stderr.write(f"{name}: not listed in index.json; skipped")
        for outcome in load_samples(directory=directory):
            if outcome.error:
                self.stderr.write(f"{outcome.file}: {outcome.error}")
            elif outcome.skipped:
                self.stdout.write(f"{outcome.file}: already loaded as {outcome.event}")
            else:
                entries = outcome.result_import.counts["entries"]
                self.stdout.write(f"{outcome.file}: {entries} entries loaded as {outcome.event}")
