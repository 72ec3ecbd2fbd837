import re

import pytest

from results.models import Classification, Event
from tests.views.conftest import import_rows

pytestmark = pytest.mark.django_db


def cells(row: str) -> list[str]:
    found = re.findall(r"<td[^>]*>(.*?)</td>", row, flags=re.S)
    return [" ".join(re.sub(r"<[^>]+>", " ", cell).split()) for cell in found]


def body_rows(html: str) -> list[str]:
    """The text of each body row, tags stripped, cells joined by `|`."""
    rows = re.findall(r'<tr class="st-[a-z0-9]+">(.*?)</tr>', html, flags=re.S)
    return ["|".join(cells(row)) for row in rows]


def numbers(html: str) -> list[str]:
    return re.findall(r'<td class="col-number">(\d*)</td>', html)


def test_the_overall_table_lists_classified_crews_then_each_status_section(client, event_url):
    html = client.get(event_url).content.decode()
    assert numbers(html) == ["12", "7", "8", "9", "21", "31", "32", "33", "34"]
    titles = re.findall(r'<tr class="section"><th[^>]*>([^<]+)</th>', html)
    assert titles == ["Rallye 2", "Abandons", "Non classés", "Exclus", "Non-partants"]
    rows = body_rows(html)
    assert rows[0].startswith("1|12|DUPONT Jean MARTIN Paul|Peugeot 306 S16|F2|14|10:00,0||")
    assert rows[5].startswith("Ab.|31|MOREAU Jean SIMON Paul|")


def test_each_crew_member_links_to_their_page(client, event_url):
    html = client.get(event_url).content.decode()
    assert '<a href="/fr/people/jean-dupont/">DUPONT Jean</a>' in html
    assert '<a href="/fr/people/paul-martin/">MARTIN Paul</a>' in html


def test_times_and_gaps_use_one_notation_with_the_locale_separator(client, event_url):
    french = client.get(event_url).content.decode()
    assert '<td class="col-time">10:05,5</td><td class="col-gap">+0:05,5</td>' in french
    english = client.get(event_url.replace("/fr/", "/en/")).content.decode()
    assert '<td class="col-time">10:05.5</td><td class="col-gap">+0:05.5</td>' in english
    assert "605500" not in french


def test_hours_show_as_h_mm_ss_t(client, classification):
    import_rows(
        classification,
        "| 1 | 2 | ROUSSET Eric/GOSSET Jean | Citroën C4 WRC | A8 | 1:05:21,10 | |",
        "| 2 | 15 | ARZENO Mathieu/ROCHE Romain | Renault Clio R3 | R3 | 1:06:38,30 | 01:17,20 |",
    )
    html = client.get(f"/fr/events/{classification.event.slug}/").content.decode()
    assert '<td class="col-time">1:05:21,1</td>' in html
    assert '<td class="col-gap">+1:17,2</td>' in html


def test_a_class_tab_shows_only_that_class_with_class_positions_and_gaps(client, event_url):
    html = client.get(event_url + "?class=N-2").content.decode()
    assert numbers(html) == ["7", "9", "21", "31"]
    first, second = body_rows(html)[:2]
    # Gap to the class leader (10:05.5), not to the overall leader; gap to previous likewise.
    assert first.split("|")[6:10] == ["10:05,5", "", "", "1"]
    assert second.split("|")[6:10] == ["10:15,5", "+0:10,0", "+0:10,0", "2"]
    assert 'aria-current="page">N 2</a>' in html


def test_n2_and_fn2_are_different_class_tabs(client, event_url):
    assert numbers(client.get(event_url + "?class=FN-2").content.decode()) == ["8"]
    html = client.get(event_url).content.decode()
    assert "?class=N-2" in html and "?class=FN-2" in html


def test_a_group_tab_ranks_crews_within_the_group(client, event_url):
    html = client.get(event_url + "?group=N").content.decode()
    assert numbers(html) == ["7", "9", "21", "31"]
    assert "Pos. gr." in html
    assert [row.split("|")[9] for row in body_rows(html)[:2]] == ["1", "2"]


def test_an_unknown_class_or_classification_is_not_found_and_links_to_the_real_ones(
    client, event_url
):
    for query in ("?class=ZZ-9", "?group=nope", "?classification=nope"):
        response = client.get(event_url + query)
        assert response.status_code == 404
        html = response.content.decode()
        assert numbers(html) == []
        assert f'href="{event_url}"' in html
    html = client.get(event_url + "?class=ZZ-9").content.decode()
    assert 'href="?class=N-2"' in html and 'href="?group=N"' in html


def test_ties_read_as_the_sport_writes_them(client, classification):
    import_rows(
        classification,
        "| 1 | 2 | ROUSSET Eric/GOSSET Jean | Citroën C4 WRC | A8 | 10:00,0 | |",
        "| 1 | 15 | ARZENO Mathieu/ROCHE Romain | Renault Clio R3 | A8 | 10:00,0 | |",
        "| 3 | 16 | BLANC Bruno/BRUN Berthe | Renault Clio R3 | A8 | 10:02,5 | |",
        "| 4 | 17 | BRUN Alain/BLANC Anne | Renault Clio R3 | A8 | 10:03,5 | |",
    )
    rows = body_rows(client.get(f"/fr/events/{classification.event.slug}/").content.decode())
    assert [row.split("|")[0] for row in rows] == ["=1", "=1", "3", "4"]
    assert rows[0].split("|")[6:9] == ["10:00,0", "", ""]
    assert rows[1].split("|")[6:9] == ["10:00,0", "+0:00,0", "+0:00,0"]
    assert rows[2].split("|")[6:9] == ["10:02,5", "+0:02,5", "+0:02,5"]


def test_winners_of_different_classes_are_no_tie(client, event_url):
    rows = body_rows(client.get(event_url).content.decode())
    class_positions = [row.split("|")[9] for row in rows[:4]]
    assert "1" in class_positions and not any(p.startswith("=") for p in class_positions)


def test_sorting_by_time_keeps_crews_without_a_time_last_both_ways(client, event_url):
    ascending = client.get(event_url + "?sort=time").content.decode()
    assert numbers(ascending) == ["12", "7", "8", "9", "21", "31", "32", "33", "34"]
    descending = client.get(event_url + "?sort=-time").content.decode()
    assert numbers(descending) == ["21", "9", "8", "7", "12", "31", "32", "33", "34"]
    assert 'class="col-time" aria-sort="descending"' in descending
    # A sorted table is one block: the sheet's sections no longer apply.
    assert 'class="section"' not in descending


def test_sorting_by_gap_keeps_crews_without_a_gap_last(client, event_url):
    html = client.get(event_url + "?sort=-gap").content.decode()
    assert numbers(html)[:4] == ["9", "8", "7", "12"]
    # The Rallye 2 crew (21) has no gap: it did not race against the leader.
    assert numbers(html)[-5:] == ["21", "31", "32", "33", "34"]


def test_headers_link_to_their_sort_and_the_sorted_one_toggles(client, event_url):
    html = client.get(event_url + "?class=N-2&sort=time").content.decode()
    assert 'href="?class=N-2&amp;sort=-time"' in html
    assert 'href="?class=N-2&amp;sort=car"' in html


def test_columns_the_event_lacks_are_not_shown(client, event_url):
    html = client.get(event_url).content.decode()
    for label in ("Meilleur tour", "Vitesse", "Cylindrée", "Tours", "Club"):
        assert f">{label}" not in html


def test_a_best_lap_sheet_shows_its_own_columns_in_thousandths(client, classification, samples_dir):
    data = (samples_dir / "004_83dea01faf2b23b0.txt").read_bytes()
    import_rows(classification, data=data)
    html = client.get(f"/fr/events/{classification.event.slug}/").content.decode()
    assert '<td class="col-time">2:48,108</td>' in html
    assert ">Tour</a>" in html and ">Vitesse (km/h)</a>" in html
    assert '<td class="col-speed">27,486</td>' in html
    # With the sheet's three decimals, trailing zeros kept.
    assert '<td class="col-speed">25,890</td>' in html
    assert '<td class="col-speed">25,000</td>' in html


@pytest.mark.parametrize(
    "sample",
    [
        "000_d4f1e76bf8a4d4ec.txt",
        "001_3c2131422dfc3f44.txt",
        "002_b186b08f2dd8fa4b.txt",
        "003_28a2079d1fbfe24f.txt",
        "004_83dea01faf2b23b0.txt",
    ],
)
def test_every_sample_discipline_renders_with_its_tabs(client, classification, samples_dir, sample):
    import_rows(classification, data=(samples_dir / sample).read_bytes())
    url = f"/fr/events/{classification.event.slug}/"
    html = client.get(url).content.decode()
    count = classification.entries.count()
    assert len(re.findall(r'<tr class="st-', html)) == count
    for key in re.findall(r'href="\?class=([^"&]+)"', html):
        assert client.get(f"{url}?class={key}").status_code == 200


def test_classification_tabs_say_provisional_or_official(client, rally):
    vhc = Classification.objects.create(
        event=rally, name="VHC", slug="vhc", state=Classification.State.OFFICIAL
    )
    import_rows(vhc, "| 1 | 40 | PETIT Luc/DURAND Anne | Porsche 911 | 4/5 C8 | 11:00,0 | |")
    html = client.get(f"/fr/events/{rally.slug}/?classification=vhc").content.decode()
    assert re.search(r'aria-current="page">VHC <span class="state state-official">officiel', html)
    assert 'Général <span class="state state-provisional">provisoire' in html
    assert numbers(html) == ["40"]


def test_the_event_links_to_its_championship(client, event_url):
    html = client.get(event_url).content.decode()
    assert '<a href="/fr/championships/coupe-fc-2024/">Coupe de Franche-Comté 2024</a>' in html
    assert "manche 3" in html


def test_an_unpublished_event_is_hidden_from_fans_but_shown_to_its_editors(
    client, rally, organiser, superuser
):
    Event.objects.filter(pk=rally.pk).update(published=False)
    assert client.get(f"/fr/events/{rally.slug}/").status_code == 404
    client.force_login(organiser)  # staff, but not of this event's club
    assert client.get(f"/fr/events/{rally.slug}/").status_code == 404
    client.force_login(superuser)
    response = client.get(f"/fr/events/{rally.slug}/")
    assert response.status_code == 200
    assert "Non publiée" in response.content.decode()


def test_an_unknown_event_is_a_404(client, db):
    assert client.get("/fr/events/nope/").status_code == 404


def test_a_sheet_of_gaps_without_times_shows_its_gaps_and_no_empty_time_column(
    client, classification, samples_dir
):
    import_rows(classification, data=(samples_dir / "003_28a2079d1fbfe24f.txt").read_bytes())
    html = client.get(f"/fr/events/{classification.event.slug}/").content.decode()
    assert 'class="col-time"' not in html  # the VHC sheet's Temps column is empty
    # Its previous-gap column, as the sheet gives it: 0:14,0 after 0:09,2.
    assert '<td class="col-gap">+0:14,0</td><td class="col-gap_prev">+0:04,8</td>' in html


def test_car_names_read_as_the_organiser_wrote_them(client, classification):
    import_rows(
        classification,
        "| 1 | 2 | ROUSSET Eric/GOSSET Jean | Peugeot 309 Gti 16s | A8 | 10:00,0 | |",
        "| 2 | 15 | ARZENO Mathieu/ROCHE Romain | PEUGEOT 309 GTI 16S | A8 | 10:01,0 | |",
    )
    html = client.get(f"/fr/events/{classification.event.slug}/").content.decode()
    assert '<td class="col-car">Peugeot 309 Gti 16s</td>' in html
    assert '<td class="col-car">PEUGEOT 309 GTI 16S</td>' in html


def test_text_cells_are_escaped_in_every_row_that_repeats_them(client, classification):
    import_rows(
        classification,
        "| 1 | 1 | O'HARA Sean/DURAND Luc | <i>Ford</i> & Co | N2 | 10:00,0 | |",
        "| 2 | 2 | DUPONT Jean/MARTIN Paul | <i>Ford</i> & Co | N2 | 10:05,5 | +00:05,5 |",
    )
    html = client.get(f"/fr/events/{classification.event.slug}/").content.decode()
    assert html.count('<td class="col-car">&lt;i&gt;Ford&lt;/i&gt; &amp; Co</td>') == 2
    assert "<i>Ford" not in html
    assert "O&#x27;HARA Sean</a>" in html
