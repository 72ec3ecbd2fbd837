import datetime
import re

import pytest

from results.models import Classification, Event
from tests.views.conftest import import_rows

pytestmark = pytest.mark.django_db


@pytest.fixture
def career(rally):
    """DUPONT Jean: class win at Rallye des Tests (2024), then a retirement in 2025 as co-driver,
    and a result in an unpublished event that fans must not see."""
    later = Event.objects.create(
        name="Rallye du Printemps", slug="printemps-2025", date=datetime.date(2025, 4, 5),
        place="Gray", published=True,
    )  # fmt: skip
    import_rows(
        Classification.objects.create(event=later, slug="general"),
        "| 1 | 3 | BERNARD Luc/DUPONT Jean | BMW M3 | A8 | 12:00,0 | |",
        "| Abandon | 4 | THOMAS Luc/DUPONT Jean | BMW M3 | A8 | | |",
    )
    hidden = Event.objects.create(
        name="Rallye Caché", slug="cache-2026", date=datetime.date(2026, 1, 1)
    )
    import_rows(
        Classification.objects.create(event=hidden, slug="general"),
        "| 1 | 5 | DUPONT Jean/MARTIN Paul | BMW M3 | A8 | 12:00,0 | |",
    )
    return rally


def row_texts(html: str) -> list[str]:
    body = html.split("<tbody>", 1)[1]
    rows = re.findall(r"<tr>(.*?)</tr>", body, flags=re.S)
    return [" ".join(re.sub(r"<[^>]+>", " ", row).split()) for row in rows]


def test_the_person_page_lists_every_entry_newest_first(client, career):
    html = client.get("/fr/people/jean-dupont/").content.decode()
    assert "<h1>DUPONT Jean</h1>" in html
    rows = row_texts(html)
    assert len(rows) == 3
    assert rows[0].startswith("Rallye du Printemps 05/04/2025 Copilote BERNARD Luc BMW M3 1")
    assert rows[1].startswith("Rallye du Printemps 05/04/2025 Copilote THOMAS Luc BMW M3")
    assert rows[1].endswith("Abandon")
    assert rows[2] == (
        "Rallye des Tests 04/05/2024 Pilote MARTIN Paul Peugeot 306 S16 1 1 (F2 14) Classé"
    )
    assert "Rallye Caché" not in html


def test_team_mates_link_to_their_pages_and_events_to_theirs(client, career):
    html = client.get("/fr/people/jean-dupont/").content.decode()
    assert '<a href="/fr/people/luc-bernard/">BERNARD Luc</a>' in html
    assert '<a href="/fr/events/printemps-2025/">Rallye du Printemps</a>' in html


def test_the_person_page_counts_starts_finishes_and_class_wins(client, career):
    html = client.get("/fr/people/jean-dupont/").content.decode()
    counts = dict(re.findall(r"<dt>([^<]+)</dt><dd>(\d+)</dd>", html))
    # Two events started (two entries at the Printemps count once), both finished (the
    # Printemps win counts), and two class wins: F2 14 at the Tests, A8 at the Printemps; no
    # stage times, no stage win.
    assert counts == {
        "Départs": "2", "Arrivées": "2", "Victoires de classe": "2", "Victoires de spéciale": "0"
    }  # fmt: skip


def test_a_person_known_only_from_unpublished_events_is_a_404(client, career):
    hidden_only = Event.objects.get(slug="cache-2026")
    import_rows(
        hidden_only.classifications.get(),
        "| 1 | 5 | SECRET Anne/MARTIN Paul | BMW M3 | A8 | 12:00,0 | |",
    )
    assert client.get("/fr/people/anne-secret/").status_code == 404
    assert client.get("/fr/people/nobody-at-all/").status_code == 404


def test_the_person_page_is_in_english_too(client, career):
    html = client.get("/en/people/jean-dupont/").content.decode()
    assert "Co-driver" in html and "Class wins" in html and "Retired" in html


def test_a_long_career_is_paged_newest_first_with_the_whole_counts(client, career):
    from results.models import Classification, Event
    from results.views.people import PER_PAGE

    for n in range(PER_PAGE + 5):
        event = Event.objects.create(
            name=f"Course {n:03d}", slug=f"course-{n}", published=True,
            date=datetime.date(2010, 1, 1) + datetime.timedelta(days=n),
        )  # fmt: skip
        import_rows(
            Classification.objects.create(event=event, slug="general"),
            "| 1 | 7 | DUPONT Jean/ROBERT Marc | BMW M3 | A8 | 12:00,0 | |",
        )
    first = client.get("/fr/people/jean-dupont/").content.decode()
    rows = row_texts(first)
    assert len(rows) == PER_PAGE and rows[0].startswith("Rallye du Printemps")
    assert rows[2].startswith("Rallye des Tests")
    assert rows[3].startswith(f"Course {PER_PAGE + 4:03d}")
    assert "Page 1 sur 2" in first and 'href="?page=2"' in first
    counts = dict(re.findall(r"<dt>([^<]+)</dt><dd>(\d+)</dd>", first))
    assert counts["Départs"] == str(PER_PAGE + 5 + 2)
    second = row_texts(client.get("/fr/people/jean-dupont/", {"page": "2"}).content.decode())
    # The two Printemps entries, the Tests and PER_PAGE + 5 courses, oldest last.
    assert len(second) == 8 and second[-1].startswith("Course 000")
    for junk in ("0", "x", "999", "-1", "1" * 40):
        assert client.get("/fr/people/jean-dupont/", {"page": junk}).status_code == 200


def test_a_row_names_its_classification_links_to_it_and_escapes_what_organisers_typed(
    client, career
):
    from results.models import Car

    night = Event.objects.create(
        name="Rallye <Nuit> & Jour", slug="nuit-2025", date=datetime.date(2025, 6, 7),
        published=True, discipline="hill_climb",
    )  # fmt: skip
    import_rows(
        Classification.objects.create(event=night, name="VHC & Co", slug="vhc"),
        "| 2 | 9 | DUPONT Jean/ROBERT Marc | BMW M3 | A8 | 12:00,0 | |",
    )
    # An admin's fix of the car shows on every row of it, as written or not.
    Car.objects.filter(model__iexact="M3").update(model="M3 E30")
    html = client.get("/fr/people/jean-dupont/").content.decode()
    body = html.split("<tbody>", 1)[1]
    assert (
        '<a href="/fr/events/nuit-2025/?classification=vhc">Rallye &lt;Nuit&gt; &amp; Jour</a>'
        ' <span class="classification">(VHC &amp; Co)</span>'
    ) in body
    assert '<time datetime="2025-06-07">07/06/2025</time>' in body
    rows = row_texts(html)
    # A hill climb has drivers, whatever the seat; Général is not named.
    assert rows[0] == (
        "Rallye &lt;Nuit&gt; &amp; Jour (VHC &amp; Co) 07/06/2025 Pilote ROBERT Marc BMW M3 E30"
        " 2 1 (A 8) Classé"
    )
    assert rows[1].startswith("Rallye du Printemps 05/04/2025 Copilote BERNARD Luc BMW M3 E30 1")
    assert "(Général)" not in body
