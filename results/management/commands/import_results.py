import datetime
from pathlib import Path

from django.core.management.base import BaseCommand, CommandError

from results.models import Classification, Event, ResultImport
from results.parsing import ParseError
from results.services.errors import ImportRefused
from results.services.events import EventSpec
from results.services.loading import describe_refusal, import_file
from results.services.previews import all_issues
from results.services.scoping import KINDS, BadScope, chosen_scope


class Command(BaseCommand):
    help = (
        "Import a results sheet into an event (created if needed), replacing the entries of "
        "one of its classifications; a sheet whose title names one stage (ES3) goes to that "
        "stage's classification, as an upload does, unless --scope says otherwise. Prints "
        "what it did; exits non-zero with FILE:LINE: reason on bad input."
    )

    def add_arguments(self, parser):
        parser.add_argument("file", help="the results sheet (pipe table, CSV, TSV, XLSX, HTML)")
        parser.add_argument("--name", required=True, help="the event's name")
        parser.add_argument("--date", required=True, help="the event's date, YYYY-MM-DD")
        parser.add_argument("--place", default="", help="where it took place")
        parser.add_argument(
            "--discipline", default=Event.Discipline.RALLY, choices=Event.Discipline.values
        )
        parser.add_argument("--event", help="the event's slug (default: from name and year)")
        parser.add_argument(
            "--classification",
            default=Classification.DEFAULT_NAME,
            help=f"the classification to replace (default: {Classification.DEFAULT_NAME})",
        )
        parser.add_argument(
            "--scope",
            choices=KINDS,
            help="what the sheet is, whatever its title says: the overall classification, an "
            "interim one after --stage, or --stage's own (default: as its title says)",
        )
        parser.add_argument(
            "--stage", default="", help="the stage of --scope after or stage: ES3, SS 5, 3"
        )
        parser.add_argument(
            "--reason",
            default="",
            help="why published results change (shown to the public; required if official)",
        )
        parser.add_argument(
            "--dry-run", action="store_true", help="show what would be written, write nothing"
        )

    def handle(self, *args, **options):
        file = options["file"]
        try:
            data = Path(file).read_bytes()
        except OSError as exc:
            raise CommandError(f"{file}: cannot read the file: {exc.strerror}") from None
        try:
            date = datetime.date.fromisoformat(options["date"])
        except ValueError:
            raise CommandError(
                f"{file}: --date must be YYYY-MM-DD; got {options['date']!r}"
            ) from None
        scope = None
        if options["scope"]:
            try:
                scope = chosen_scope(
                    options["scope"], options["stage"], base=options["classification"]
                )
            except BadScope as exc:
                raise CommandError(f"{file}: --stage: {exc}") from None
        spec = EventSpec(
            name=options["name"],
            date=date,
            place=options["place"],
            discipline=options["discipline"],
            slug=options["event"],
        )
        try:
            result_import = import_file(
                spec=spec,
                data=data,
                source_name=Path(file).name,
                classification_name=options["classification"],
                dry_run=options["dry_run"],
                reason=options["reason"],
                scope=scope,
            )
        except ParseError as exc:
            where = f"{file}:{exc.line}" if exc.line is not None else file
            raise CommandError(f"{where}: {exc.reason}") from None
        except ImportRefused as exc:
            line = exc.problems[0]["line"] if exc.problems else None
            where = f"{file}:{line}" if line is not None else file
            raise CommandError(f"{where}: {describe_refusal(exc)}") from None
        self._report(file, result_import, spec=spec, dry_run=options["dry_run"])

    def _report(self, file: str, result_import: ResultImport, *, spec, dry_run: bool) -> None:
        counts = result_import.counts
        target = f"{spec.resolved_slug()} / {result_import.classification.name}"
        verb = "Would import" if dry_run else "Imported"
        self.stdout.write(
            f"{verb} {counts['entries']} entries into {target}: "
            f"people matched {counts['people_matched']}, "
            f"by alias {counts['people_matched_by_alias']}, new {counts['people_new']}; "
            f"cars new {counts['cars_new']}; entries replaced {counts['entries_replaced']}."
        )
        # Every warning the preview shows, the people matching's (shared spellings) too.
        for issue in sorted(all_issues(result_import), key=lambda i: i["line"] or 0):
            if issue["level"] == "warning":
                where = f"{file}:{issue['line']}" if issue["line"] is not None else file
                self.stdout.write(f"{where}: warning: {issue['message']} [{issue['code']}]")
        if dry_run:
            self.stdout.write("Dry run: nothing was written.")
