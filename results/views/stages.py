"""The stage pages of an event: every stage's classification, its winners and fastest per
class, the chart of positions after each stage, and each crew's stages (`?crew=`).

Six queries whatever the size: the site's data version, the event, its classifications (and
championships), the entries, their crews, their splits. Stored by the page cache like the
standings page, keyed on the data version.
"""

from __future__ import annotations

from django.http import Http404, HttpRequest, HttpResponse
from django.shortcuts import render
from django.urls import reverse
from django.utils.safestring import mark_safe
from django.utils.translation import gettext as _
from django.views.decorators.http import condition, require_safe

from results.http import caching, conditional
from results.models import Classification, Event, Split, SplitStatus
from results.stages import Crew, RunTime, StageTable, class_table, stage_table
from results.stages.chart import SHOWN, position_chart
from results.views import formatting
from results.views.params import query_link
from results.views.standings_data import StandingEntry, load_standings


def crew_key(entry: StandingEntry) -> str:
    """The `crew=` of an entry's stage page: its door number, else its row in the sheet."""
    return str(entry.number) if entry.number is not None else f"row-{entry.sheet_order + 1}"


def _class_of(entry: StandingEntry) -> str | None:
    return " ".join(filter(None, (entry.group, entry.klass))) or None


def _class_key(entry: StandingEntry) -> str | None:
    """The class's `class=` in addresses (`N-4`, as the standings write it)."""
    return "-".join(filter(None, (entry.group, entry.klass))) or None


def load_stage_table(classification: Classification) -> StageTable:
    """The classification's stage table: three queries (entries, crews, splits)."""
    entries = load_standings(classification)
    crews = [
        Crew(
            entry_id=e.pk,
            key=crew_key(e),
            label=" / ".join(name for name, _slug in e.crew) or f"#{e.number}",
            klass=_class_of(e),
            position=e.position,
            class_key=_class_key(e),
        )
        for e in entries
    ]
    runs: dict[int, list[RunTime]] = {}
    for entry_id, *fields in Split.objects.rows_of(classification):
        runs.setdefault(entry_id, []).append(RunTime(*fields))
    return stage_table(crews, runs)


class _Clock:
    """Times and gaps of one page in one notation (as many decimals as its times need)."""

    def __init__(self, table: StageTable):
        values = [c.run.time_ms for cells in table.cells.values() for c in cells if c.run]
        self.decimals = formatting.decimals_for(values)
        self.sep = formatting.decimal_separator()

    def time(self, ms: int | None) -> str:
        return "" if ms is None else formatting.clock(ms, decimals=self.decimals, sep=self.sep)

    def gap(self, ms: int | None) -> str:
        if not ms:
            return ""
        return formatting.gap(ms, decimals=self.decimals, sep=self.sep)


_RUN_WORDS = {s.value: s.label for s in SplitStatus if s != SplitStatus.FINISHED}


@require_safe
@condition(etag_func=conditional.page_etag)
@caching.shared_page(params=("classification", "stage", "crew", "class"))
def event_stages(request: HttpRequest, slug: str) -> HttpResponse:
    event = Event.objects.visible_to(request.user).filter(slug=slug).first()
    if event is None:
        raise Http404("No such event")
    classifications, _championships = Classification.objects.with_championships(event)
    # Stage classifications (a stage's own sheet), by stage: linked from the stage tab.
    own = sorted(
        (c for c in classifications if c.stage_order is not None),
        key=lambda c: (c.stage_order, c.pk),
    )
    wanted = request.GET.get("classification", "")
    current = next((c for c in classifications if c.slug == wanted), None)
    if current is None and not wanted:
        current = next((c for c in classifications if c.has_splits), None)
    if current is None and (wanted or not own):
        raise Http404("No such classification")
    table = load_stage_table(current) if current is not None else stage_table([], {})
    stage_no, crew = request.GET.get("stage"), request.GET.get("crew")
    stage = next((s for s in table.stages if str(s.order) == stage_no), None)
    if stage_no is not None and stage is None:
        raise Http404("No such stage")
    chosen = next((c for c in table.crews if c.key == crew), None)
    if crew is not None and chosen is None:
        raise Http404("No such crew")
    if stage is None and table.stages:
        stage = table.stages[0]
    classes = {c.class_key: c.klass for c in table.crews if c.class_key}
    class_key = request.GET.get("class")
    if class_key is not None and class_key not in classes:
        raise Http404("No such class")
    clock = _Clock(table)
    query = request.GET

    def link(**changes: str | None) -> str:
        return query_link(query, changes)

    ctx = {
        "event": event,
        "current": current,
        "classifications": [
            (c, link(classification=c.slug, stage=None, crew=None, **{"class": None}))
            for c in classifications
            if c.has_splits
        ],
        "stages": [(s, link(stage=str(s.order), crew=None), s is stage) for s in table.stages],
        "stage": stage,
        "winners": [
            {
                "stage": s,
                "link": link(stage=str(s.order), crew=None),
                "winners": [(c, link(crew=c.key, stage=None)) for c, _ms in s.winners],
                "time": clock.time(s.winners[0][1]) if s.winners else "",
                "fastest": [
                    (klass, c, link(crew=c.key, stage=None), clock.time(ms))
                    for klass, (c, ms) in sorted(s.fastest.items())
                ],
            }
            for s in table.stages
        ],
        "crew": chosen,
        "stage_classifications": [(c, _standings_link(event, c)) for c in own],
        "own_of_stage": {c.stage_order: _standings_link(event, c) for c in reversed(own)},
        "standings_link": _standings_link(event, current or own[0]),
        "stages_link": link(crew=None, stage=None),
    }
    if chosen is not None:
        ctx["crew_rows"] = [
            {
                "stage": s,
                "time": clock.time(cell.run.time_ms if cell.run else None),
                "penalty": clock.gap(cell.run.penalty_ms) if cell.run else "",
                "status": _RUN_WORDS.get(cell.run.status, "") if cell.run else "",
                "counted": cell.run.counted if cell.run else None,
                "rank": cell.rank,
                "gap": clock.gap(cell.gap_ms),
                "after": cell.position_after,
                "running": clock.time(cell.running_ms),
            }
            for s, cell in zip(table.stages, table.cells[chosen.entry_id], strict=True)
        ]
        ctx["penalties"] = any(row["penalty"] for row in ctx["crew_rows"])
    elif stage is not None:
        k = table.stages.index(stage)
        ctx["stage_own_link"] = ctx["own_of_stage"].get(stage.order)
        ctx["stage_rows"] = [
            {
                "rank": table.cells[c.entry_id][k].rank,
                "crew": c,
                "link": link(crew=c.key, stage=None),
                "time": clock.time(ms),
                "gap": clock.gap(table.cells[c.entry_id][k].gap_ms),
                "after": table.cells[c.entry_id][k].position_after,
            }
            for c, ms in stage.ranking
        ]
        if class_key is not None:
            charted = class_table(table, class_key)
            title = _("Positions in class %(klass)s after each stage — %(name)s") % {
                "klass": classes[class_key],
                "name": current.display_name,
            }
        else:
            charted = table
            title = _("Positions after each stage — %(name)s") % {"name": current.display_name}
        ctx["chart_tabs"] = [(_("Overall"), link(**{"class": None}), class_key is None)] + [
            (label, link(**{"class": key}), key == class_key)
            for key, label in sorted(classes.items(), key=lambda item: item[1])
        ]
        ctx["chart"] = mark_safe(
            position_chart(
                charted,
                title=title,
                description=_(
                    "One line per crew, for the %(n)d leading crews; the first three are "
                    "drawn bold and named at the end of their line. The tables on this page "
                    "give the same positions."
                )
                % {"n": SHOWN},
            )
        )
    return render(request, "results/event_stages.html", ctx)


def _standings_link(event: Event, classification: Classification) -> str:
    url = reverse("results:event_detail", kwargs={"slug": event.slug})
    if classification.slug == "general":
        return url
    return f"{url}?classification={classification.slug}"
