import io

import pytest
from django.core.management import CommandError, call_command

from results.models import Championship, Standing
from results.services.championship_presets import create_from_preset
from results.services.freshness import data_changed
from tests.views.test_championships import import_rows, make_event, row

pytestmark = pytest.mark.django_db


@pytest.fixture
def season(car_makes) -> Championship:
    """Two rounds, two crews, a win each: level on points, parted by the last event."""
    events = [make_event(1), make_event(2)]
    championship = create_from_preset(preset="10-8", name="Coupe", season=2024, events=events)
    import_rows(events[0], row(1, "ARNAUD Alain/AUBRY Anne"), row(2, "BLANC Bruno/BRUN Berthe"))
    import_rows(events[1], row(1, "BLANC Bruno/BRUN Berthe"), row(2, "ARNAUD Alain/AUBRY Anne"))
    data_changed(championships=[championship])
    return championship


def run(*args: str) -> str:
    out = io.StringIO()
    call_command("recompute_championships", *args, stdout=out)
    return out.getvalue()


def test_tables_stored_before_the_tie_breaks_were_get_them_again(season):
    Standing.objects.filter(championship=season).update(tie_breaks="")
    assert run() == "Recomputed 1 championship(s).\n"
    assert set(Standing.objects.filter(championship=season, scope__name="Général")
               .values_list("tie_breaks", flat=True)) == {"last_event"}  # fmt: skip


def test_an_unknown_slug_is_refused_and_nothing_is_recomputed(season):
    Standing.objects.filter(championship=season).update(tie_breaks="")
    with pytest.raises(CommandError, match="no championship nope"):
        run(season.slug, "nope")
    assert not Standing.objects.filter(championship=season).exclude(tie_breaks="").exists()
    assert run(season.slug) == "Recomputed 1 championship(s).\n"
