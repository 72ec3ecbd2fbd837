"""Stage pages: the stage tab and the chart of positions, beside the standings page.

One generated rally of 150 crews over 12 stages (stage times, totals their sums), imported
through the real two-step import. Values, medians of several runs with the page cache off:
the whole request for the stage tab (`GET /fr/events/<slug>/stages/`: winners, a stage's
classification, the chart), the same tab with one class's chart (`?class=`), a crew's stage
page, and the chart's SVG render alone (`position_chart` on a computed table). Baseline of
each, timed in alternation in the same run on the same data: the event's standings page, the
page every visitor opens first (it keeps its five queries with stage data present; query
counts are reported beside it).
"""

from __future__ import annotations

import datetime
import random
from urllib.parse import urlencode

from bench import Metric
from bench.database import throwaway_database
from bench.importing import CARS, CLASSES, FIRST_NAMES, SURNAMES, clock
from bench.pages import medians_ms

CREWS, STAGES, RUNS = 150, 12, 15
BASELINE = "standings page (same event)"


def stage_sheet(count: int = CREWS, stages: int = STAGES, *, seed: int = 19) -> bytes:
    """A rally table with a column per stage and the total, ranked on the total."""
    rng = random.Random(seed)
    crews = []
    for number in range(1, count + 1):
        crew = "/".join(
            f"{rng.choice(SURNAMES)}-{rng.choice(SURNAMES)} {rng.choice(FIRST_NAMES)}"
            for _ in range(2)
        )
        times = [rng.randrange(240_000, 480_000, 100) for _ in range(stages)]
        crews.append((sum(times), number, crew, times))
    heads = " | ".join(f"ES{k}" for k in range(1, stages + 1))
    lines = [f"| Cl. | N° | Pilote/ Copilote | Voiture | Gr/Cl | {heads} | Temps |"]
    for position, (total, number, crew, times) in enumerate(sorted(crews), 1):
        cells = " | ".join(clock(t) for t in times)
        lines.append(
            f"| {position} | {number} | {crew} | {rng.choice(CARS)} | {rng.choice(CLASSES)} "
            f"| {cells} | {clock(total)} |"
        )
    return ("\n".join(lines) + "\n").encode()


def run() -> list[Metric]:
    with throwaway_database():
        from django.test.utils import override_settings

        with override_settings(PODIUM_PAGE_CACHE_SECONDS=0):
            return _measure()


def _measure() -> list[Metric]:
    from django.db import connection
    from django.test import Client
    from django.test.utils import CaptureQueriesContext

    from results.models import Classification, Event, Split
    from results.services.importing import apply_import, preview_import
    from results.stages.chart import position_chart
    from results.views.stages import load_stage_table

    event = Event.objects.create(
        name="Bench stages", slug="bench-stages", date=datetime.date(2025, 1, 1), published=True
    )
    classification = Classification.objects.create(event=event, slug="general")
    apply_import(
        preview_import(classification=classification, data=stage_sheet(), source_name="es.txt")
    )
    assert Split.objects.count() == CREWS * STAGES
    client = Client()
    standings_url = f"/fr/events/{event.slug}/"
    stages_url = f"/fr/events/{event.slug}/stages/"
    crew_url = stages_url + "?classification=general&crew=7"

    def get(url: str, marker: bytes):
        def action() -> None:
            response = client.get(url)
            assert response.status_code == 200 and marker in response.content

        return action

    standings = get(standings_url, b'<tr class="st-classified">')
    stage_tab = get(stages_url, b"<svg")
    crew_page = get(crew_url, b"stage-times")
    table = load_stage_table(classification)
    first_class = next(c.class_key for c in table.crews if c.class_key)
    class_tab = get(f"{stages_url}?{urlencode({'class': first_class})}", b"<svg")

    def chart() -> None:
        assert position_chart(table, title="t", description="d").count("<polyline") >= 3

    tab_ms, crew_ms, chart_ms, class_ms, base_ms = medians_ms(
        [stage_tab, crew_page, chart, class_tab, standings], RUNS
    )
    with CaptureQueriesContext(connection) as tab_queries:
        stage_tab()
    with CaptureQueriesContext(connection) as base_queries:
        standings()
    return [
        Metric(f"stage_tab_{CREWS}x{STAGES}_ms", tab_ms, "ms", BASELINE, base_ms),
        Metric(f"stage_crew_page_{CREWS}x{STAGES}_ms", crew_ms, "ms", BASELINE, base_ms),
        Metric(f"stage_chart_render_{CREWS}x{STAGES}_ms", chart_ms, "ms", BASELINE, base_ms),
        Metric(f"stage_class_chart_tab_{CREWS}x{STAGES}_ms", class_ms, "ms", BASELINE, base_ms),
        Metric(
            f"stage_tab_{CREWS}x{STAGES}_queries",
            len(tab_queries),
            "queries",
            BASELINE,
            len(base_queries),
        ),
    ]
