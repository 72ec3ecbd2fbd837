"""The stage pages: winners, a stage's classification, a crew's stages, the chart."""

import re
from pathlib import Path

import pytest

from tests.views.conftest import import_rows

pytestmark = pytest.mark.django_db

SHEETS = Path(__file__).parents[1] / "parsing/sheets/splits"


def stage_sheet(count: int) -> bytes:
    """`count` crews over three stages, their totals the sums of the stages."""
    lines = ["| Pos | N° | Équipage | Voiture | Cl. | ES1 | ES2 | ES3 | Temps |", "|---|" * 9]
    for i in range(count):
        es = [300 + i, 240 + (i * 7) % count, 360 + (i * 3) % count]
        total = sum(es)
        cells = [f"{t // 60}:{t % 60:02d}.0" for t in [*es, total]]
        lines.append(
            f"| {i + 1} | {i + 1} | PILOTE{i} Jean / COPILOTE{i} Paul | Peugeot 208 | "
            f"R{i % 3 + 1} | " + " | ".join(cells) + " |"
        )
    return "\n".join(lines).encode()


@pytest.fixture
def staged(classification):
    import_rows(classification, data=(SHEETS / "rallye_es_pipe.txt").read_bytes())
    return classification


def url(classification, query=""):
    return f"/fr/events/{classification.event.slug}/stages/{query}"


def test_the_stage_tab_names_each_stage_winner_and_the_fastest_per_class(client, staged):
    html = client.get(url(staged)).content.decode()
    winners = html.split('class="standings stage-winners"')[1].split("</table>")[0]
    rows = re.findall(r"<tr><th scope=\"row\"><a [^>]*>(ES\d)</a></th>\s*<td>(.*?)</td>", winners)
    assert [(stage, re.sub("<[^>]+>", "", who)) for stage, who in rows] == [
        ("ES1", "MARTIN Paul / DUPONT Luc"),
        ("ES2", "LEROY Anne / MOREAU Eve"),
        ("ES3", "MARTIN Paul / DUPONT Luc"),
    ]
    assert "R 3</span> <a" in winners and "4:08,1" in winners  # DURAND, fastest R3 on ES2


def test_a_stage_classification_ranks_the_stage_with_positions_after_it(client, staged):
    html = client.get(url(staged, "?classification=general&stage=2")).content.decode()
    table = html.split('class="standings stage-classification"')[1]
    rows = re.findall(r'<td class="num">(\d+)</td><td><a [^>]*>([^<]+)</a>', table)
    assert [(rank, who.split()[0]) for rank, who in rows] == [
        ("1", "LEROY"), ("2", "DURAND"), ("3", "MARTIN")
    ]  # fmt: skip
    # DURAND leads after ES2: 5:03,0 + 4:08,1 beats 5:01,2 + 4:10,0 by a tenth.
    assert re.search(r"DURAND Jean / PETIT Marc</a></td><td>R 3</td><td class=\"num\">4:08,1</td>"
                     r"<td class=\"num\">\+0:02,6</td><td class=\"num\">1</td>", table)  # fmt: skip


def test_a_crew_page_lists_every_stage_with_rank_and_position_after(client, staged):
    html = client.get(url(staged, "?classification=general&crew=7")).content.decode()
    assert "DURAND Jean / PETIT Marc" in html
    rows = re.findall(r'<td class="num">(\d*)</td><td class="num">(\d*)</td>\s*<td', html)
    assert rows == [("2", "2"), ("2", "1"), ("2", "2")]
    retired = client.get(url(staged, "?classification=general&crew=21")).content.decode()
    assert "Non terminée" in retired or "Not finished" in retired


def test_the_chart_is_inline_svg_labelled_and_scriptless(client, staged):
    html = client.get(url(staged)).content.decode()
    svg = html.split("<svg", 1)[1].split("</svg>")[0]
    assert 'role="img"' in svg and "<title" in svg and "<desc" in svg
    assert "<script" not in svg and "style=" not in svg


def test_the_standings_page_links_its_stage_times(client, staged):
    html = client.get(f"/fr/events/{staged.event.slug}/").content.decode()
    assert f'href="/fr/events/{staged.event.slug}/stages/?classification=general"' in html


@pytest.mark.parametrize(
    "query",
    ["?stage=9", "?stage=x", "?crew=999", "?classification=nope", "?stage=1&stage=2", "?crew="],
)
def test_junk_query_strings_get_a_404_or_the_page_never_a_500(client, staged, query):
    assert client.get(url(staged, query)).status_code in (200, 404)


def test_an_unknown_event_is_a_404(client, staged):
    assert client.get("/fr/events/nope/stages/").status_code == 404


@pytest.mark.parametrize("count", [10, 300])
def test_the_stage_pages_cost_at_most_six_queries(
    client, classification, count, django_assert_max_num_queries
):
    # The data version, the event, its classifications, the entries, crews, splits.
    import_rows(classification, data=stage_sheet(count))
    with django_assert_max_num_queries(6):
        html = client.get(url(classification)).content.decode()
    assert html.count('<td class="num">') >= count
    with django_assert_max_num_queries(6):
        assert client.get(url(classification, "?classification=general&crew=3")).status_code == 200


@pytest.mark.parametrize("count", [10, 300])
def test_the_standings_page_still_costs_five_queries_with_stage_times(
    client, classification, count, django_assert_max_num_queries
):
    import_rows(classification, data=stage_sheet(count))
    with django_assert_max_num_queries(5):
        html = client.get(f"/fr/events/{classification.event.slug}/").content.decode()
    assert len(re.findall(r'<tr class="st-classified">', html)) == count


def test_the_stage_tab_and_its_chart_are_cached_with_the_page(client, staged):
    from django.db import connection
    from django.test.utils import CaptureQueriesContext

    from results.services.names import rename_person

    for query in ("", "?classification=general&crew=7", "?classification=general&stage=2"):
        first = client.get(url(staged, query)).content
        with CaptureQueriesContext(connection) as queries:
            again = client.get(url(staged, query)).content
        assert (len(queries), again) == (1, first), query
    # A write moves the version: the stored page, chart included, is built again.
    durand = staged.entries.get(number=7).crew.get(seat=1).person
    rename_person(person=durand, surname="DURANDEAU", first_name="Jean")
    assert "DURANDEAU Jean" in client.get(url(staged)).content.decode()


def test_a_junk_query_string_is_rendered_but_not_stored(client, staged):
    from django.db import connection
    from django.test.utils import CaptureQueriesContext

    for _ in range(2):
        with CaptureQueriesContext(connection) as queries:
            assert client.get(url(staged, "?utm=1")).status_code == 200
    assert len(queries) == 6


def test_a_class_has_its_chart_of_positions_within_the_class(client, staged):
    html = client.get(url(staged, "?classification=general&class=R-2")).content.decode()
    svg = html.split("<svg", 1)[1].split("</svg>")[0]
    # R2: LEROY and BLANC; BLANC retired on ES2, so LEROY leads the class from ES1 on.
    assert "classe R 2" in svg
    lines = re.findall(r'<g class="chart-crew[^"]*"><title>([^<]+)</title>', svg)
    assert sorted(lines) == [
        "BLANC Luc / NOIR Jean: ES1 2, ES2 —, ES3 —",
        "LEROY Anne / MOREAU Eve: ES1 1, ES2 1, ES3 1",
    ]
    tabs = html.split('class="tabs chart-tabs"')[1].split("</nav>")[0]
    assert re.findall(r">([^<]+)</a>", tabs) == ["Scratch", "A 7", "R 2", "R 3"]
    assert 'aria-current="page">R 2<' in tabs
    # The event's chart has every crew.
    overall = client.get(url(staged)).content.decode().split("<svg", 1)[1]
    assert len(re.findall(r'<g class="chart-crew', overall.split("</svg>")[0])) == 4


@pytest.mark.parametrize("query", ["?class=Z-9", "?class=", "?class=R-2&class=R-3"])
def test_an_unknown_class_is_a_404_never_a_500(client, staged, query):
    assert client.get(url(staged, query)).status_code in (404, 200)
    assert client.get(url(staged, "?class=Z-9")).status_code == 404


def test_the_class_chart_costs_the_same_six_queries(
    client, classification, django_assert_max_num_queries
):
    import_rows(classification, data=stage_sheet(60))
    with django_assert_max_num_queries(6):
        html = client.get(url(classification, "?classification=general&class=R-2")).content
    assert b"<svg" in html
