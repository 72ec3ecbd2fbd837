from pathlib import Path

from django.core.management.base import BaseCommand, CommandError, CommandParser

from results.services.exporting import export_readings


class Command(BaseCommand):
    help = (
        "Write, for each confirmed import, its source file and the reading as published "
        "(corrections applied) in the corpus's expected format, into DIR: NN_name.<ext> and "
        "NN_name.expected.json. Anonymised people's names are left out."
    )

    def add_arguments(self, parser: CommandParser) -> None:
        parser.add_argument("directory", type=Path, metavar="DIR")

    def handle(self, *args, **options) -> None:
        directory: Path = options["directory"]
        if directory.exists() and not directory.is_dir():
            raise CommandError(f"{directory}: not a directory")
        try:
            done = export_readings(directory)
        except OSError as exc:
            raise CommandError(f"{directory}: cannot write: {exc.strerror}") from None
        for case in done.written:
            left = ""
            if case.seats_left_out:
                left = f", {case.seats_left_out} anonymised seat(s) left out"
            self.stdout.write(f"{case.stem}: {case.entries} entries{left}")
        for pk, why in done.skipped:
            self.stderr.write(f"import {pk} skipped: {why}")
        self.stdout.write(f"{len(done.written)} import(s) written to {directory}")
