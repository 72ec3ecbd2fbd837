import json
from pathlib import Path

from django.core.management.base import BaseCommand, CommandError, CommandParser

from results.parsing import ParseError, parse
from results.parsing.report import format_sheet


class Command(BaseCommand):
    help = (
        "Read a results sheet and show what Podium understood: the columns and their roles, the "
        "entries, and every issue with its line. --json prints the parse contract. Nothing is "
        "written to the database."
    )

    def add_arguments(self, parser: CommandParser) -> None:
        parser.add_argument("file", type=Path)
        parser.add_argument("--json", action="store_true", help="print the parse contract")

    def handle(self, *args, **options) -> None:
        path: Path = options["file"]
        try:
            data = path.read_bytes()
        except OSError as exc:
            raise CommandError(f"{path}: cannot read the file: {exc.strerror}") from None
        try:
            sheet = parse(data, filename=path.name)
        except ParseError as exc:
            # The editor-friendly FILE:LINE: reason (FILE: reason for the whole file), exit 1.
            where = f"{path}:{exc.line}" if exc.line is not None else f"{path}"
            self.stderr.write(f"{where}: {exc.reason}")
            raise SystemExit(1) from None
        if options["json"]:
            self.stdout.write(json.dumps(sheet.to_dict(), ensure_ascii=False, indent=2))
        else:
            self.stdout.write(format_sheet(sheet, source=str(path)))
