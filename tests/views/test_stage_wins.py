"""The person page counts the stages a person won, and lists them."""

import re
from pathlib import Path

import pytest

from results.models import Classification, Event
from tests.views.conftest import import_rows
from tests.views.test_stages import stage_sheet

pytestmark = pytest.mark.django_db
SHEETS = Path(__file__).parents[1] / "parsing/sheets"
RALLY = (SHEETS / "splits/rallye_es_pipe.txt").read_bytes()
STAGE = (SHEETS / "stages/classement_es3.txt").read_bytes()


def stage_counts(html: str) -> str:
    return dict(re.findall(r"<dt>([^<]+)</dt><dd>(\d+)</dd>", html))["Victoires de spéciale"]


def listed(html: str) -> list[str]:
    if 'class="stage-wins"' not in html:
        return []
    part = html.split('class="stage-wins"')[1].split("</section>")[0]
    return [
        " ".join(re.sub("<[^>]+>", " ", li).split())
        for li in re.findall(r"<li>(.*?)</li>", part, re.S)
    ]


def test_each_stage_won_is_counted_and_listed_with_its_time(client, classification):
    import_rows(classification, data=RALLY)
    martin = client.get("/fr/people/paul-martin/").content.decode()
    assert stage_counts(martin) == "2"
    assert listed(martin) == ["Rallye des Tests — ES1 5:01,2", "Rallye des Tests — ES3 6:00,3"]
    assert (
        f'href="/fr/events/{classification.event.slug}/stages/?classification=general&amp;stage=3"'
        in martin
    )
    leroy = client.get("/fr/people/anne-leroy/").content.decode()
    assert stage_counts(leroy) == "1" and listed(leroy) == ["Rallye des Tests — ES2 4:05,5"]
    # A crew that did not finish a stage won none; second everywhere, none either.
    assert stage_counts(client.get("/fr/people/jean-durand/").content.decode()) == "0"
    assert stage_counts(client.get("/fr/people/luc-blanc/").content.decode()) == "0"


def test_a_stage_won_in_its_own_classification_counts_once_beside_the_times(client, classification):
    import_rows(classification, data=RALLY)
    es3 = Classification.objects.create(
        event=classification.event, name="ES3", slug="es3", stage_name="ES3", stage_order=3
    )
    import_rows(es3, data=STAGE)
    html = client.get("/fr/people/paul-martin/").content.decode()
    assert stage_counts(html) == "2"
    # Won in a stage's own sheet only (no stage times of that stage): counted from it.
    other = Event.objects.create(
        name="Rallye Deux", slug="deux-2025", date=classification.event.date.replace(year=2025),
        published=True,
    )  # fmt: skip
    es3_only = Classification.objects.create(
        event=other, name="ES3", slug="es3", stage_name="ES3", stage_order=3
    )
    import_rows(es3_only, data=STAGE)
    html = client.get("/fr/people/paul-martin/").content.decode()
    assert stage_counts(html) == "3"
    assert listed(html)[0] == "Rallye Deux — ES3 6:00,3"
    # A stage's classification is no finish and no class win of its event.
    counts = dict(re.findall(r"<dt>([^<]+)</dt><dd>(\d+)</dd>", html))
    assert (counts["Départs"], counts["Arrivées"]) == ("2", "1")


def test_a_tie_on_a_stage_is_a_win_for_each(client, classification):
    import_rows(
        classification,
        data=b"| Pos | Equipage | ES1 | ES2 | Temps |\n|---|---|---|---|---|\n"
        b"| 1 | MARTIN Paul | 5:00.0 | 4:00.0 | 9:00.0 |\n"
        b"| 2 | DURAND Jean | 5:00.0 | 4:01.0 | 9:01.0 |\n",
    )
    assert stage_counts(client.get("/fr/people/paul-martin/").content.decode()) == "2"
    assert stage_counts(client.get("/fr/people/jean-durand/").content.decode()) == "1"


def test_stages_won_in_an_unpublished_event_are_not_counted(client, classification):
    event = classification.event
    import_rows(classification, data=RALLY)
    hidden = Event.objects.create(name="Caché", slug="cache", date=event.date, published=False)
    import_rows(Classification.objects.create(event=hidden, slug="general"), data=RALLY)
    assert stage_counts(client.get("/fr/people/paul-martin/").content.decode()) == "2"


@pytest.mark.parametrize("events", [1, 12])
def test_the_person_page_costs_six_queries_whatever_the_stage_wins(
    client, car_makes, events, django_assert_max_num_queries
):
    from results.models import Entry

    # PILOTE0 wins the three stages of every event.
    for n in range(events):
        event = Event.objects.create(
            name=f"Rallye {n}", slug=f"rallye-{n}", date=f"2024-01-{n % 28 + 1:02d}",
            published=True,
        )  # fmt: skip
        import_rows(Classification.objects.create(event=event, slug="general"),
                    data=stage_sheet(5))  # fmt: skip
    slug = Entry.objects.filter(number="1").first().crew.get(seat=1).person.slug
    # The data version, the person, their seats, the page's crews, the stages won and the
    # classifications they were won in.
    with django_assert_max_num_queries(6):
        html = client.get(f"/fr/people/{slug}/").content.decode()
    assert stage_counts(html) == str(3 * events) and len(listed(html)) == 3 * events
