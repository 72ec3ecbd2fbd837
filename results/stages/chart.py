"""The chart of positions after each stage, as SVG markup written by hand from the data.

One line per crew (the leading crews of the final classification), the first three drawn
bold in colours of their own and named at the end of their line; positions run down, stages
across. Sized by its viewBox so it scales to its box (readable at 360 px), labelled for
screen readers (`<title>`, `<desc>`, a title per line), and with no script and no style
attribute: the page's stylesheet colours it (`.chart-*` in podium.css), so the CSP holds.
"""

from __future__ import annotations

from html import escape

from results.stages.compute import StageTable

WIDTH = 400  # viewBox units; the page scales the chart to its box
_LEFT, _RIGHT, _TOP, _BOTTOM = 26, 118, 30, 10
_ROW = 20  # one position
_LABEL_GAP = 30  # stage names closer than this skip some
_LEADERS = 3
SHOWN = 15  # crews drawn: more lines than this are a tangle at 360 px


def _short(label: str, length: int = 14) -> str:
    """The driver's name alone (`MARTIN Paul` of `MARTIN Paul / DUPONT Luc`), cut to fit."""
    label = label.split(" / ", 1)[0]
    return label if len(label) <= length else label[: length - 1] + "…"


def _reach(cells) -> tuple[int, int]:
    """Crews who went furthest first, each stage's order among them: the final order, then
    those who retired, the latest first."""
    last = max(k for k, cell in enumerate(cells) if cell.position_after)
    return -last, cells[last].position_after


def position_chart(
    table: StageTable, *, title: str, description: str, chart_id: str = "stage-chart"
) -> str:
    """The SVG of `table`'s positions after each stage; empty without two stages to join."""
    stages = table.stages
    if len(stages) < 2:
        return ""
    drawn = sorted(
        (c for c in table.crews if any(cell.position_after for cell in table.cells[c.entry_id])),
        key=lambda c: _reach(table.cells[c.entry_id]),
    )[:SHOWN]
    if not drawn:
        return ""
    deepest = max(
        (cell.position_after or 0 for c in drawn for cell in table.cells[c.entry_id]), default=1
    )
    height = _TOP + _BOTTOM + _ROW * max(deepest, 1)
    step = (WIDTH - _LEFT - _RIGHT) / (len(stages) - 1)

    def x(k: int) -> float:
        return round(_LEFT + k * step, 1)

    def y(position: int) -> float:
        return round(_TOP + (position - 0.5) * _ROW, 1)

    out = [
        f'<svg xmlns="http://www.w3.org/2000/svg" class="stage-chart" viewBox="0 0 {WIDTH} '
        f'{height}" role="img" aria-labelledby="{chart_id}-title {chart_id}-desc">',
        f'<title id="{chart_id}-title">{escape(title)}</title>',
        f'<desc id="{chart_id}-desc">{escape(description)}</desc>',
    ]
    every = max(1, -(-_LABEL_GAP // max(int(step), 1)))
    out.append('<g class="chart-axis" aria-hidden="true">')
    for k, stage in enumerate(stages):
        if k % every == 0 or k == len(stages) - 1:
            out.append(f'<text x="{x(k)}" y="{_TOP - 12}">{escape(_short(stage.name, 8))}</text>')
        out.append(f'<line x1="{x(k)}" y1="{_TOP - 6}" x2="{x(k)}" y2="{height - _BOTTOM}"/>')
    for position in range(1, deepest + 1):
        if position <= 3 or position % 5 == 0 or position == deepest:
            out.append(f'<text class="chart-pos" x="{_LEFT - 8}" y="{y(position) + 4}">'
                       f"{position}</text>")  # fmt: skip
    out.append("</g>")
    for rank, crew in reversed(list(enumerate(drawn))):  # leaders drawn last, on top
        cells = table.cells[crew.entry_id]
        lead = f" chart-lead chart-lead-{rank + 1}" if rank < _LEADERS else ""
        positions = ", ".join(
            f"{stage.name} {cell.position_after if cell.position_after else '—'}"
            for stage, cell in zip(stages, cells, strict=True)
        )
        out.append(f'<g class="chart-crew{lead}"><title>{escape(crew.label)}: {escape(positions)}'
                   "</title>")  # fmt: skip
        run: list[str] = []
        for k, cell in enumerate([*cells, None]):
            if cell is not None and cell.position_after is not None:
                run.append(f"{x(k)},{y(cell.position_after)}")
                continue
            if len(run) > 1:
                out.append(f'<polyline points="{" ".join(run)}"/>')
            elif run:
                cx, cy = run[0].split(",")
                out.append(f'<circle cx="{cx}" cy="{cy}" r="3"/>')
            run = []
        last = cells[-1].position_after
        if last is not None:
            out.append(f'<text x="{x(len(stages) - 1) + 8}" y="{y(last) + 4}">'
                       f"{last}. {escape(_short(crew.label))}</text>")  # fmt: skip
        out.append("</g>")
    out.append("</svg>")
    return "\n".join(out)
