"""`python -m bench.load_event SLUG [ENTRIES]`: the event `bench/load.sh` loads, imported
through the real two-step import from a generated sheet, on the database of the settings."""

from __future__ import annotations

import datetime
import os
import sys


def main(argv: list[str]) -> int:
    slug = argv[0] if argv else "load-150"
    count = int(argv[1]) if len(argv) > 1 else 150
    os.environ.setdefault("DJANGO_SETTINGS_MODULE", "config.settings")
    import django

    django.setup()
    from bench.importing import generated_sheet
    from results.models import Classification, Entry, Event
    from results.services.importing import apply_import, preview_import

    event = Event.objects.create(
        name=f"Rallye de charge {count}",
        slug=slug,
        date=datetime.date(2025, 6, 1),
        place="Loopback",
        published=True,
    )
    classification = Classification.objects.create(event=event, slug="general")
    apply_import(
        preview_import(
            classification=classification, data=generated_sheet(count), source_name="load.txt"
        )
    )
    assert Entry.objects.filter(classification=classification).count() == count
    print(f"/fr/events/{slug}/ ({count} entries)")
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
