from django.core.management.base import BaseCommand, CommandError
from django.db import transaction

from results.models import Championship
from results.services.championships import recompute_many
from results.services.freshness import data_changed


class Command(BaseCommand):
    help = (
        "Compute and store the tables of the championships named by slug (every one without "
        "a slug), whole, whatever the digest of their inputs says: tables changed by hand "
        "are repaired (an upgrade that changes how tables are computed recomputes them by "
        "itself)."
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
            # Whole, whatever their inputs' digest says: the command repairs tables.
            recompute_many(pks, force=True)
            data_changed(championships=pks)
        self.stdout.write(f"Recomputed {len(pks)} championship(s).")
