"""A fan on a 360 px phone and a 1,280 px screen: every public page reads at a glance.

On each page the first crew's key cells (time and gap on the standings) are in the first
screen, the page never scrolls sideways, no column is cut off, and axe-core (vendored from the
npm registry, `tests/browser/vendor/`, MPL-2.0) finds no serious or critical violation.
Screenshots of every page at both widths go to test-artifacts/.
"""

from __future__ import annotations

from pathlib import Path

import pytest
from django.core.management import call_command

from results.models import Person
from results.services.championship_presets import DEMO_SLUG

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]

AXE = Path(__file__).resolve().parent / "vendor" / "axe.min.js"
WIDTHS = {360: 740, 1280: 900}
RALLY = "demo-rallye-sprint-de-la-lys-2024"

# Cells whose box lies outside the table's region or whose content overflows them.
CLIPPED = """(root) => {
  const region = root.closest('.table-scroll') || root;
  const edge = region.getBoundingClientRect();
  const out = [];
  for (const cell of root.querySelectorAll('th, td')) {
    const box = cell.getBoundingClientRect();
    const head = cell.closest('thead');
    // A header row kept for screen readers only (the cards of a phone) shows nothing.
    if (!box.width || (head && head.getBoundingClientRect().width <= 1)) continue;
    if (box.left < edge.left - 1 || box.right > edge.right + 1
        || cell.scrollWidth > cell.clientWidth + 1) {
      out.push(cell.className + ':' + cell.textContent);
    }
  }
  if (region.scrollWidth > region.clientWidth + 1) out.push('region scrolls');
  return out;
}"""


@pytest.fixture
def site(live_server, car_makes) -> str:
    call_command("load_samples", verbosity=0)
    return live_server.url


@pytest.fixture(params=sorted(WIDTHS), ids=lambda width: f"{width}px")
def screen(request, browser):
    width = request.param
    context = browser.new_context(
        viewport={"width": width, "height": WIDTHS[width]}, locale="fr-FR", bypass_csp=True
    )
    page = context.new_page()
    page.set_default_timeout(10_000)
    yield page, width
    context.close()


def _serious_violations(page) -> list[str]:
    page.add_script_tag(path=str(AXE))
    found = page.evaluate(
        "async () => (await axe.run(document, {resultTypes: ['violations']})).violations"
        ".filter(v => v.impact === 'serious' || v.impact === 'critical')"
        ".map(v => v.id + ': ' + v.nodes.map(n => n.target.join(' ')).slice(0, 3).join(', '))"
    )
    return found


def _in_view(page, selector: str, width: int, height: int) -> None:
    box = page.locator(selector).first.bounding_box()
    assert box is not None, f"{selector} is not shown"
    assert box["x"] >= 0 and box["x"] + box["width"] <= width + 0.5, (selector, box)
    assert box["y"] + box["height"] <= height, (selector, box)


def _check(page, width: int, name: str, artifacts: Path, cells: tuple[str, ...]) -> None:
    height = WIDTHS[width]
    page.screenshot(path=str(artifacts / f"phone-{name}-{width}.png"), full_page=True)
    page.screenshot(path=str(artifacts / f"phone-{name}-{width}-first-screen.png"))
    assert page.evaluate("document.documentElement.scrollWidth") <= width, name
    for selector in cells:
        _in_view(page, selector, width, height)
    for table in page.locator("main table").all():
        assert table.evaluate(CLIPPED) == [], name
    assert _serious_violations(page) == [], name


def test_the_public_pages_read_at_a_glance(screen, site, artifacts):
    page, width = screen
    first = "table.standings tbody tr[class^=st-]"
    standings = (f"{first} td.col-pos", f"{first} td.col-crew", f"{first} td.col-time")
    second = f"{first} + tr td.col-gap"
    event = f"{site}/fr/events/{RALLY}/"

    page.goto(event)
    _check(page, width, "event", artifacts, (*standings, second))
    assert page.locator(second).first.inner_text().startswith("+")

    page.goto(event + "?class=N-4")
    _check(page, width, "event-class", artifacts, (*standings, second))

    page.goto(event + "?group=A")
    _check(page, width, "event-group", artifacts, (*standings, second))

    person = Person.objects.filter(crew_seats__entry__position=1).order_by("pk").first()
    page.goto(f"{site}/fr/people/{person.slug}/")
    row = "table.person-results tbody tr"
    _check(page, width, "person", artifacts, (f"{row} td.col-event", f"{row} td.col-pos"))

    page.goto(f"{site}/fr/search/?q={person.surname.lower()}")
    _check(page, width, "search", artifacts, ("ul.people li a",))

    page.goto(f"{site}/fr/championships/{DEMO_SLUG}/")
    line = "table.championship-table tbody tr"
    _check(page, width, "championship", artifacts, (f"{line} td.col-name", f"{line} td.total"))

    page.goto(f"{site}/en/events/{RALLY}/?class=N-4")
    _check(page, width, "event-class-english", artifacts, (*standings, second))
    assert page.locator("nav.tabs a[aria-current=page]").first.inner_text().startswith("Overall")

    page.goto(f"{site}/en/")
    _check(page, width, "home", artifacts, ())
    page.goto(f"{site}/en/events/")
    _check(page, width, "events", artifacts, ())


def _championship_season() -> str:
    """Two rounds on 10-8-6-5-4-3-2-1, Rallye 2 results after the classified crews.

    R1: 1 ARNAUD, 2 BLANC, CARON in Rallye 2 (3rd: 6 points), DUBOIS retired.
    R2: 1 BLANC, 2 ARNAUD. ARNAUD and BLANC level on 18 with a win each: the last event puts
    BLANC first, which the position says on hover and aloud.
    """
    from results.models import Championship, Classification, Event
    from results.services.championship_presets import create_from_preset
    from results.services.freshness import data_changed
    from tests.views.conftest import import_rows

    def row(pos: str, number: int, crew: str) -> str:
        return f"| {pos} | {number} | {crew} | Peugeot 306 | N4 | 05:0{number},0 | |"

    events = []
    for n, rows in enumerate(
        (
            (row("1", 1, "ARNAUD Alain/AUBRY Anne"), row("2", 2, "BLANC Bruno/BRUN Berthe"),
             row("Rallye 2", 3, "CARON Claude/CHEVALIER Cécile"),
             "| Abandon | 4 | DUBOIS Denis/DUVAL Diane | BMW M3 | N4 | | |"),
            (row("1", 2, "BLANC Bruno/BRUN Berthe"), row("2", 1, "ARNAUD Alain/AUBRY Anne")),
        ),
        1,
    ):  # fmt: skip
        event = Event.objects.create(
            name=f"Rallye {n}", slug=f"rallye-table-{n}", date=f"2024-0{n}-01", published=True
        )
        import_rows(Classification.objects.create(event=event, slug="general"), *rows)
        events.append(event)
    championship = create_from_preset(preset="10-8", name="Coupe", season=2024, events=events)
    Championship.objects.filter(pk=championship.pk).update(rally2="after")
    data_changed(championships=[championship])
    return championship.slug


def test_the_championship_table_says_why_and_reads_r2_and_ab(screen, site, artifacts):
    page, width = screen
    slug = _championship_season()
    page.goto(f"{site}/fr/championships/{slug}/")
    line = "table.championship-table tbody tr"
    _check(page, width, "championship-tie-break", artifacts,
           (f"{line} td.col-name", f"{line} td.total"))  # fmt: skip
    first = page.locator(f"{line} td.col-position").first
    why = "À égalité de points : départagés par la meilleure place à la dernière épreuve."
    assert first.locator(".tie-break").get_attribute("title") == why
    # Read aloud with the position, though only shown on hover.
    assert first.text_content() == f"1 {why}"
    if width <= 480:
        # The rounds are one tap away on a phone.
        page.locator(".all-columns input").first.check()
    cells = page.locator("table.championship-table tbody td.col-round")
    texts = [cell.inner_text() for cell in cells.all()]
    assert "6 R2" in texts and "Ab." in texts
    assert cells.filter(has_text="Ab.").first.is_visible()
    assert page.evaluate("document.documentElement.scrollWidth") <= width
    assert _serious_violations(page) == []
