import csv
import datetime
import io
from decimal import Decimal

import pytest
from django.core.management import call_command
from django.urls import reverse

from results.models import Championship, Classification, Event, Person, Round, Standing
from results.services.championship_presets import DEMO_SLUG, create_from_preset
from results.services.freshness import data_changed
from results.services.importing import apply_import, preview_import
from tests.services.sheets import generated_rows, pipe_sheet

pytestmark = pytest.mark.django_db


def page_url(slug: str) -> str:
    return reverse("championships:detail", kwargs={"slug": slug})


def make_event(n: int, *, name: str | None = None, published: bool = True) -> Event:
    event = Event.objects.create(
        name=name or f"Rallye {n}",
        slug=f"rallye-{n}",
        date=datetime.date(2024, 1, 1) + datetime.timedelta(days=n),
        published=published,
    )
    Classification.objects.create(event=event, slug="general")
    return event


def import_rows(event: Event, *rows: str) -> None:
    table = event.classifications.get()
    apply_import(preview_import(classification=table, data=pipe_sheet(*rows), source_name="r"))


def row(pos: int, crew: str, klass: str = "N4") -> str:
    return f"| {pos} | {pos} | {crew} | Peugeot 306 | {klass} | 05:0{pos},0 | |"


@pytest.fixture
def season(car_makes) -> Championship:
    """10-8-6-5-4-3-2-1, best 1 of 2 rounds.

    R1: 1 ARNAUD/AUBRY (N4), 2 BLANC/BRUN (A7). R2: 1 BLANC/BRUN (A7), 2 ARNAUD/AUBRY (N4).
    ARNAUD 10 (R2's 8 dropped), BLANC 10 (R1's 8 dropped): tied on points and on wins;
    BLANC won the last event, so BLANC first.
    """
    events = [make_event(1), make_event(2)]
    championship = create_from_preset(preset="10-8", name="Coupe", season=2024, events=events)
    championship.best_results = 1
    championship.save()
    import_rows(
        events[0], row(1, "ARNAUD Alain/AUBRY Anne"), row(2, "BLANC Bruno/BRUN Berthe", "A7")
    )
    import_rows(
        events[1], row(1, "BLANC Bruno/BRUN Berthe", "A7"), row(2, "ARNAUD Alain/AUBRY Anne")
    )
    data_changed(championships=[championship])
    return championship


def test_the_championship_page_lists_its_rounds_in_order(client):
    championship = Championship.objects.create(
        name="Coupe Lozère", slug="coupe-lozere", season=2024
    )
    for order, name in ((2, "Rallye du Gévaudan"), (1, "Rallye de la Lozère")):
        event = Event.objects.create(
            name=name, slug=name.lower().replace(" ", "-"), date=datetime.date(2024, order, 1)
        )
        Round.objects.create(championship=championship, event=event, order=order)
    html = client.get(page_url("coupe-lozere")).content.decode()
    assert html.index("Rallye de la Lozère") < html.index("Rallye du Gévaudan")


def test_an_unknown_championship_is_a_404(client):
    assert client.get(page_url("nope")).status_code == 404


def test_the_table_shows_points_per_event_with_dropped_scores_struck(client, season):
    html = client.get(page_url(season.slug)).content.decode()
    assert html.index("BLANC Bruno") < html.index("ARNAUD Alain")
    assert html.count('<s class="dropped"') == 2
    assert '<td class="num total">10</td>' in html
    # Each round links to its event page.
    assert f'href="{reverse("results:event_detail", kwargs={"slug": "rallye-1"})}"' in html


def test_a_tab_per_scope_and_a_section_per_class(client, season):
    classes = season.scopes.get(name="Classes")
    html = client.get(page_url(season.slug), {"scope": classes.pk}).content.decode()
    assert "Classes — N 4" in html and "Classes — A 7" in html
    assert 'aria-current="page">Classes<' in html


def test_sorting_by_name_and_by_a_round(client, season):
    by_name = client.get(page_url(season.slug), {"sort": "name"}).content.decode()
    assert by_name.index("ARNAUD Alain") < by_name.index("BLANC Bruno")
    by_round = client.get(page_url(season.slug), {"sort": "-r1"}).content.decode()
    assert by_round.index("ARNAUD Alain") < by_round.index("BLANC Bruno")
    assert 'aria-sort="descending"' in by_round


@pytest.mark.parametrize(
    "query",
    [{"scope": "x"}, {"scope": "99999"}, {"sort": "r99"}, {"sort": "--"}, {"sort": "r"},
     {"scope": "<script>"}, {"_export": "pdf"}],
)  # fmt: skip
def test_junk_query_strings_still_show_the_page(client, season, query):
    assert client.get(page_url(season.slug), query).status_code == 200


def test_the_csv_has_the_table_with_dropped_scores_in_brackets(client, season):
    response = client.get(page_url(season.slug), {"_export": "csv"})
    assert response["Content-Type"].startswith("text/csv")
    rows = list(csv.reader(io.StringIO(response.content.decode("utf-8-sig")), delimiter=";"))
    # French by default: `;` between cells, as a spreadsheet set to French expects.
    assert rows[0][3:5] == ["1. Rallye 1", "2. Rallye 2"]
    assert rows[1:] == [
        ["", "1", "BLANC Bruno / BRUN Berthe", "(8)", "10", "10"],
        ["", "2", "ARNAUD Alain / AUBRY Anne", "10", "(8)", "10"],
    ]


def test_the_csv_never_hands_a_formula_to_a_spreadsheet(client, season):
    person = Person.objects.get(surname="ARNAUD")
    Person.objects.filter(pk=person.pk).update(surname='=HYPERLINK("http://x")')
    data_changed(people=[person])
    text = client.get(page_url(season.slug), {"_export": "csv"}).content.decode("utf-8-sig")
    cells = [cell for line in csv.reader(io.StringIO(text), delimiter=";") for cell in line]
    assert '\'=HYPERLINK("http://x") Alain / AUBRY Anne' in cells
    assert not [cell for cell in cells if cell[:1] in ("=", "+", "-", "@")]


def test_the_page_costs_the_same_queries_for_any_size(
    client, car_makes, django_assert_max_num_queries
):
    events = [make_event(n) for n in range(1, 5)]
    championship = create_from_preset(preset="25-18", name="Grand", season=2024, events=events)
    for event in events:
        import_rows(event, *generated_rows(60))
    assert Standing.objects.filter(championship=championship).count() > 100
    for group in ("FA", "FN", "F2000"):
        championship.equivalences.create(group=group, klass="", as_group=group[1:], as_klass="")
    # The site's data version, the championship (its equivalences joined), its rounds, its
    # scopes, the table.
    with django_assert_max_num_queries(5):
        response = client.get(page_url(championship.slug))
    assert response.status_code == 200
    assert "F2000 = 2000, FA = A, FN = N." in response.content.decode()


def test_an_unpublished_event_scores_nothing_on_the_public_page(client, car_makes):
    hidden = make_event(1, published=False)
    championship = create_from_preset(preset="25-18", name="Cachée", season=2024, events=[hidden])
    import_rows(hidden, row(1, "SECRET Sam/X"))
    html = client.get(page_url(championship.slug)).content.decode()
    assert "SECRET" not in html


def test_an_organiser_creates_a_championship_from_a_preset_and_attaches_events(
    client, superuser, car_makes
):
    events = [make_event(1), make_event(2)]
    import_rows(events[0], row(1, "ARNAUD Alain/AUBRY Anne"), row(2, "BLANC Bruno/BRUN Berthe"))
    client.force_login(superuser)
    form = {
        "name": "Coupe régionale",
        "slug": "coupe-regionale",
        "season": "2024",
        "preset": "regional",
        "min_starters": "0",
        "short_field_factor": "0.5",
        "rally2": "none",
        "ranking": "crew",
        "tie_breaks": "countback,last_event",
        "countback": "all",
        "dead_heat": "place",
        "rounds-TOTAL_FORMS": "2",
        "rounds-INITIAL_FORMS": "0",
        "rounds-0-event": str(events[0].pk),
        "rounds-0-coefficient": "2",
        "rounds-1-event": str(events[1].pk),
        "rounds-1-coefficient": "1",
        "scopes-TOTAL_FORMS": "0",
        "scopes-INITIAL_FORMS": "0",
        "equivalences-TOTAL_FORMS": "0",
        "equivalences-INITIAL_FORMS": "0",
    }
    response = client.post(reverse("admin:results_championship_add"), form)
    assert response.status_code == 302, response.content.decode()[:3000]
    championship = Championship.objects.get(slug="coupe-regionale")
    assert championship.min_starters == 3
    assert championship.rounds.count() == 2
    assert championship.equivalences.filter(group="FN", as_group="N").exists()
    # Regional: group 5-4-3-2-1 + class 15-12-9-7-5, ×2, 2 starters in N 4 (< 3: half class
    # points): ARNAUD (5 + 7.5) × 2 = 25, BLANC (4 + 6) × 2 = 20.
    html = client.get(page_url("coupe-regionale")).content.decode()
    assert html.index("ARNAUD Alain") < html.index("BLANC Bruno")
    assert '<td class="num total">25</td>' in html and '<td class="num total">20</td>' in html


def test_the_demo_championship_shows_a_table(client):
    call_command("load_samples", stdout=io.StringIO(), stderr=io.StringIO())
    championship = Championship.objects.get(slug=DEMO_SLUG)
    assert championship.rounds.count() == 3
    assert Standing.objects.filter(championship=championship).count() > 50
    html = client.get(page_url(DEMO_SLUG)).content.decode()
    assert "GAGNIERE Patrick" in html
    assert Decimal(2) in set(championship.rounds.values_list("coefficient", flat=True))


def test_the_page_says_how_points_are_counted(client, season):
    html = client.get("/en" + page_url(season.slug)[3:]).content.decode()
    assert "How points are counted" in html
    assert "Points by overall place: 10, 8, 6, 5, 4, 3, 2, 1." in html
    assert "Only the best result of each competitor counts." in html
    assert "Ties are broken by most better places, then the better place in the last event." in (
        html
    )


def test_tied_competitors_read_as_tied_and_points_in_the_locale_format(client, season):
    season.tie_breaks = ""
    season.save()
    data_changed(championships=[season])
    html = client.get(page_url(season.slug)).content.decode()
    assert html.count('<td class="num col-position">=1</td>') == 2


def test_the_table_flags_the_rounds_still_provisional(client, season, superuser):
    from results.services.revising import make_official

    first = Event.objects.get(slug="rallye-1").classifications.get()
    make_official(classification=first, user=superuser)
    html = client.get(page_url(season.slug)).content.decode()
    assert "Manche 2 encore provisoire : ses points peuvent changer." in html
    assert html.count('class="round-provisional"') == 1
    make_official(classification=Event.objects.get(slug="rallye-2").classifications.get(),
                  user=superuser)  # fmt: skip
    assert "provisoire" not in client.get(page_url(season.slug)).content.decode()


def test_the_page_says_how_a_dead_heat_and_the_countback_are_counted(client, season):
    Championship.objects.filter(pk=season.pk).update(countback="kept", dead_heat="share")
    data_changed(championships=[season])
    html = client.get(page_url(season.slug)).content.decode()
    assert "Les places comparées sont celles des résultats retenus." in html
    assert "Les équipages ex æquo se partagent les points des places qu’ils occupent." in html


def csv_rows(client, url: str, query: dict, delimiter: str) -> list[list[str]]:
    text = client.get(url, {**query, "_export": "csv"}).content.decode("utf-8-sig")
    return list(csv.reader(io.StringIO(text), delimiter=delimiter))


@pytest.fixture
def unclassified(car_makes) -> Championship:
    """One round ×0.5 on 10-8-6-5-4-3-2-1: 1 ARNAUD, 2 BLANC, 3 CARON, then DUBOIS in Rallye 2
    and EMERY retired. Rallye 2 after the classified: DUBOIS 4th, 5 × 0.5 = 2.5 points."""
    event = make_event(1)
    championship = create_from_preset(preset="10-8", name="Coupe", season=2024, events=[event])
    championship.rounds.update(coefficient=Decimal("0.5"))
    Championship.objects.filter(pk=championship.pk).update(rally2="after")
    import_rows(
        event,
        row(1, "ARNAUD Alain/AUBRY Anne"),
        row(2, "BLANC Bruno/BRUN Berthe"),
        row(3, "CARON Claude/CHEVALIER Cécile"),
        "| Rallye 2 | 21 | DUBOIS Denis/DUVAL Diane | BMW M3 | N4 | 12:00,0 | |",
        "| Abandon | 31 | EMERY Eric/ESTEVE Emma | BMW M3 | N4 | | |",
    )
    data_changed(championships=[championship])
    return championship


def test_a_result_that_did_not_score_reads_its_status_on_the_page_and_in_the_csv(
    client, unclassified
):
    url = page_url(unclassified.slug)
    assert [r[2:] for r in csv_rows(client, url, {}, ";")[1:]] == [
        ["ARNAUD Alain / AUBRY Anne", "5", "5"],
        ["BLANC Bruno / BRUN Berthe", "4", "4"],
        ["CARON Claude / CHEVALIER Cécile", "3", "3"],
        # A Rallye 2 result that scores reads its points, in the locale's format.
        ["DUBOIS Denis / DUVAL Diane", "2,5", "2,5"],
        ["EMERY Eric / ESTEVE Emma", "Ab.", "0"],
    ]
    english = csv_rows(client, "/en" + url[3:], {}, ",")
    assert [r[3:] for r in english[4:]] == [["2.5", "2.5"], ["Ret.", "0"]]
    html = client.get(url).content.decode()
    assert '2,5 <span class="status" title="Rallye 2">R2</span>' in html
    assert '<span class="status" title="Abandon">Ab.</span>' in html
    assert '<td class="num total">2,5</td>' in html

    Championship.objects.filter(pk=unclassified.pk).update(rally2="none")
    data_changed(championships=[unclassified])
    rows = csv_rows(client, url, {}, ";")[1:]
    assert [r[2:] for r in rows][-2:] == [
        ["DUBOIS Denis / DUVAL Diane", "R2", "0"],
        ["EMERY Eric / ESTEVE Emma", "Ab.", "0"],
    ]
    assert '<span class="status" title="Rallye 2">R2</span>' in client.get(url).content.decode()


def test_the_page_says_how_rallye_2_results_score(client, unclassified):
    english = "/en" + page_url(unclassified.slug)[3:]
    assert (
        "Classified crews score, and Rallye 2 crews at the places after every classified crew, "
        "in the order of their places." in client.get(english).content.decode()
    )
    for rule, words in (
        ("place", "Classified crews score, and Rallye 2 crews at the place the sheet gives them."),
        ("none", "Only classified crews score: a Rallye 2 crew takes no place from the crews "
                 "behind it."),
    ):  # fmt: skip
        Championship.objects.filter(pk=unclassified.pk).update(rally2=rule)
        data_changed(championships=[unclassified])
        assert words in client.get(english).content.decode()


def test_the_tie_break_that_decided_a_position_is_shown_on_hover_and_read_aloud(client, season):
    html = client.get("/en" + page_url(season.slug)[3:]).content.decode()
    why = "Level on points: decided by the better place in the last event."
    # BLANC and ARNAUD, both 10 points and one win each: the last event parted them.
    assert html.count(f'<span class="tie-break" title="{why}">') == 2
    assert html.count(f'<span class="visually-hidden"> {why}</span>') == 2
    french = client.get("/fr" + page_url(season.slug)[3:]).content.decode()
    assert "départagés par la meilleure place à la dernière épreuve" in french
    # Without tie-breaks the two share first place, and no tie-break is named.
    Championship.objects.filter(pk=season.pk).update(tie_breaks="")
    data_changed(championships=[season])
    html = client.get("/en" + page_url(season.slug)[3:]).content.decode()
    assert 'class="tie-break"' not in html


def test_a_tie_that_survives_every_tie_break_says_so(client, car_makes):
    events = [make_event(1)]
    championship = create_from_preset(preset="10-8", name="Égalité", season=2024, events=events)
    import_rows(
        events[0],
        "| 1 | 1 | ARNAUD Alain/AUBRY Anne | Peugeot 306 | N4 | 05:01,0 | |",
        "| 1 | 2 | BLANC Bruno/BRUN Berthe | Peugeot 306 | N4 | 05:01,0 | |",
    )
    data_changed(championships=[championship])
    html = client.get("/en" + page_url(championship.slug)[3:]).content.decode()
    assert html.count('title="Level on points and on every tie-break.">=1</span>') == 2


def test_drivers_come_before_co_drivers_on_the_page_and_in_the_api(client, season):
    Championship.objects.filter(pk=season.pk).update(ranking="person")
    data_changed(championships=[season])
    html = client.get("/en" + page_url(season.slug)[3:]).content.decode()
    assert html.index("Général — Drivers") < html.index("Général — Co-drivers")
    assert "Drivers and co-drivers are ranked apart: drivers first, then co-drivers." in html
    assert html.index("BLANC Bruno</a>") < html.index("BRUN Berthe</a>")
    body = client.get(f"/api/v1/championships/{season.slug}/").json()
    roles = [row["role"] for row in body["tables"][0]["rows"]]
    assert roles == ["driver", "driver", "codriver", "codriver"]


def test_the_rules_name_the_class_equivalences_and_every_option(client, season):
    season.equivalences.create(group="F2000", klass="14", as_group="F2", as_klass="14")
    season.equivalences.create(group="FN", klass="", as_group="N", as_klass="")
    Championship.objects.filter(pk=season.pk).update(
        countback="kept", dead_heat="share", min_starters=3
    )
    classes = season.scopes.get(name="Classes")
    html = client.get("/en" + page_url(season.slug)[3:], {"scope": classes.pk}).content.decode()
    for words in (
        "Classes written another way count as one: F2000 14 = F2 14, FN = N.",
        "A class with fewer than 3 starters scores its class points × 0.5.",
        "Only the best result of each competitor counts.",
        "The places compared are those of the results kept.",
        "Crews tied on a place share the points of the places they cover.",
    ):
        assert words in html, words
    assert "Points by class place:" in html


@pytest.fixture
def long_table(car_makes) -> Championship:
    """A season ranked per person with 450 lines stored (as a recompute writes them)."""
    events = [make_event(n) for n in range(1, 3)]
    championship = create_from_preset(preset="25-18", name="Fédéral", season=2024, events=events)
    scope = championship.scopes.in_order().first()
    Standing.objects.bulk_create(
        Standing(
            championship=championship,
            scope=scope,
            role="driver",
            section="",
            position=n,
            competitor=f"p:{n}",
            name=f"PILOTE{n:03d} Jean",
            people=[{"id": n, "slug": f"pilote-{n}", "name": f"PILOTE{n:03d} Jean", "seat": 1}],
            total=Decimal(1000 - n),
            results=[{"round": 1, "points": str(1000 - n), "place": n, "counted": True}],
        )
        for n in range(1, 451)
    )
    return championship


def lines_of(html: str) -> list[str]:
    return [part.split("</td>")[0] for part in html.split('<td class="num col-position">')[1:]]


def test_a_long_table_is_paged_with_the_same_queries_on_every_page(
    client, long_table, django_assert_max_num_queries
):
    first = client.get(page_url(long_table.slug)).content.decode()
    assert lines_of(first) == [str(n) for n in range(1, 201)]
    assert "Page 1 sur 3" in first and "page=2" in first and 'rel="prev"' not in first
    # The site's data version, the championship, its rounds, its scopes, the table.
    with django_assert_max_num_queries(5):
        last = client.get(page_url(long_table.slug), {"page": "3"}).content.decode()
    assert lines_of(last) == [str(n) for n in range(401, 451)]
    assert 'rel="prev"' in last and 'rel="next"' not in last
    assert 'href="/fr/people/pilote-450/"' in last


def test_pages_follow_the_sort_and_junk_pages_show_a_real_one(client, long_table):
    reversed_page = client.get(page_url(long_table.slug), {"sort": "-name", "page": "2"})
    assert lines_of(reversed_page.content.decode()) == [str(n) for n in range(250, 50, -1)]
    by_total = client.get(page_url(long_table.slug), {"sort": "total", "page": "3"})
    assert lines_of(by_total.content.decode()) == [str(n) for n in range(50, 0, -1)]
    for junk, shown in (("0", 1), ("x", 1), ("-2", 1), ("99999999999", 1), ("4", 3)):
        response = client.get(page_url(long_table.slug), {"page": junk})
        assert response.status_code == 200
        assert lines_of(response.content.decode())[0] == str((shown - 1) * 200 + 1)


def test_the_csv_of_a_long_table_has_every_line(client, long_table):
    response = client.get(page_url(long_table.slug), {"_export": "csv", "page": "2"})
    rows = list(csv.reader(io.StringIO(response.content.decode("utf-8-sig")), delimiter=";"))
    assert [row[1] for row in rows[1:]] == [str(n) for n in range(1, 451)]


def test_a_tables_lines_are_read_without_joins_or_a_sort_in_the_database(season):
    # The page sorts the lines itself: the model's default order would join the championship
    # twice and the scope, and sort a federation's table in the database for nothing.
    scope = season.scopes.in_order().first()
    sql = str(Standing.objects.table_lines(scope).query).upper()
    assert "JOIN" not in sql and "ORDER BY" not in sql
    assert {line.name for line in Standing.objects.table_lines(scope)} == {
        "BLANC Bruno / BRUN Berthe",
        "ARNAUD Alain / AUBRY Anne",
    }


def test_a_table_split_by_class_costs_the_same_queries_and_heads_every_section_alike(
    client, season, django_assert_max_num_queries
):
    classes = season.scopes.get(name="Classes")
    url = page_url(season.slug)
    # The site's data version, the championship, its rounds, its scopes, the table.
    with django_assert_max_num_queries(5):
        html = client.get(url, {"scope": classes.pk, "sort": "-total"}).content.decode()
    heads = [part.split("</thead>")[0] for part in html.split("<thead>")[1:]]
    assert len(heads) == 2 and heads[0] == heads[1]
    # Each head's links keep the shown tab and reverse the sort asked for.
    assert f"?scope={classes.pk}&amp;sort=total" in heads[0]
    assert 'aria-sort="descending"' in heads[0]
    assert f"?scope={classes.pk}&amp;sort=name" in heads[0]
