from django.core.management.base import BaseCommand, CommandError
from django.db import transaction

from results.models import Championship
from results.services.freshness import data_changed


class Command(BaseCommand):
    help = (
        "Compute and store the tables of the championships named by slug (every one without "
        "a slug), as a rule change in the admin does; run it once after an upgrade that "
        "stores more in the tables (0014: the tie-break that decided each position)."
    )

    def add_arguments(self, parser):
        parser.add_argument("slugs", nargs="*", help="championship slugs (default: all)")

    def handle(self, *args, **options):
        slugs = options["slugs"]
        found = Championship.objects.all()
        if slugs:
            found = found.filter(slug__in=slugs)
            missing = sorted(set(slugs) - set(found.values_list("slug", flat=True)))
            if missing:
                raise CommandError(f"no championship {', '.join(missing)}")
        pks = list(found.values_list("pk", flat=True))
        with transaction.atomic():
            data_changed(championships=pks)
        self.stdout.write(f"Recomputed {len(pks)} championship(s).")
