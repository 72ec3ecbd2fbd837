from django.core.management import call_command
from django.core.management.base import BaseCommand

from results.services.jobs import recover


class Command(BaseCommand):
    help = (
        "Run the background imports (large sheets read, large previews published): first "
        "queue again the jobs a stopped worker left, then django-tasks' database worker."
    )

    def add_arguments(self, parser):
        parser.add_argument("--batch", action="store_true", help="run the jobs waiting, then exit")
        parser.add_argument(
            "--interval", type=float, default=1.0, help="seconds between looks at the queue"
        )

    def handle(self, *args, **options):
        again = recover()
        if again:
            self.stdout.write(f"Queued again {len(again)} job(s) a stopped worker left.")
        extra = ["--batch"] if options["batch"] else []
        # No reloading: a reload could stop a job halfway (it would run again, but later).
        call_command(
            "db_worker",
            "--no-reload",
            "--no-startup-delay",
            "--interval",
            str(options["interval"]),
            *extra,
            verbosity=options["verbosity"],
        )
