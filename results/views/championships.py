"""Public championship pages: the points table, a tab per scope, sortable, CSV.

Four queries whatever the size: the championship (with its class equivalences, joined), its
rounds with their events, its scopes, and the stored rows of the shown tab (computed when
results or rules change, never here).
"""

from __future__ import annotations

import json
from collections import Counter
from dataclasses import dataclass, field
from decimal import Decimal
from typing import Any

from django.http import Http404, HttpRequest, HttpResponse
from django.shortcuts import render
from django.template.loader import get_template
from django.urls import NoReverseMatch, reverse
from django.utils.formats import get_format
from django.utils.safestring import SafeString
from django.utils.translation import gettext as _
from django.utils.translation import gettext_lazy
from django.views.decorators.http import condition, require_safe

from results.http import caching, conditional
from results.models import Championship, Classification, Round, ScoringScope, Standing
from results.models.championships import tie_break_codes
from results.models.standings import role_rank
from results.views import formatting
from results.views.championship_html import table_body
from results.views.championship_rules import TIE_BREAKS, rules_of
from results.views.exports import safe_text, spreadsheet_response

PROVISIONAL = Classification.State.PROVISIONAL
#: Lines of a table per page: a federation's season ranks thousands of people.
PAGE_LINES = 200
#: A stored line as `Standing.objects.table_lines` reads it (a named tuple).
_Row = Any
HEAD_TEMPLATE = "results/_championship_head.html"
ROLE_TITLES = {"driver": gettext_lazy("Drivers"), "codriver": gettext_lazy("Co-drivers")}


@dataclass
class Column:
    number: int
    round: Round
    url: str | None
    #: The round's results are not official yet: its points may still change.
    provisional: bool = False


@dataclass(slots=True)
class Cell:
    """A line's result in one round. Never changed once made: lines share the empty one."""

    points: str = ""
    dropped: bool = False
    #: The status mark of a result not classified (`Ab.`, `R2`); empty for a classified one.
    status: str = ""
    place: int | None = None
    #: The status in words (`Abandon`), for the mark's title.
    label: str = ""
    #: The points in the page's number format (`12,5` in French).
    points_text: str = ""
    #: Whether the result scored (more than 0 points).
    scored: bool = False

    @property
    def text(self) -> str:
        """What the cell reads: the points, or the status mark of a result that scored none
        (`Ab.`, not `0`); a Rallye 2 result that scored reads its points (`6`, marked apart)."""
        if self.status and not self.scored:
            return self.status
        return self.points_text


@dataclass(slots=True)
class Line:
    position: int
    name: str
    people: list[tuple[str, str | None]]
    total: Decimal
    cells: list[Cell]
    #: Another line of the table shares the position: written `=3`, as sheets do.
    tied: bool = False
    #: Tie-break codes that decided the position against a line level on points.
    tie_breaks: tuple[str, ...] = ()
    #: Whether the championship has tie-breaks at all (a tie then survived every one).
    breaks_ties: bool = False
    #: The page's decimal separator, read once a page (a lookup per line costs).
    separator: str = "."

    @property
    def tie_break_text(self) -> str:
        """Why this position, when points alone did not decide it (shown on hover and read
        by screen readers): `Level on points: decided by most better places.`"""
        names = [str(TIE_BREAKS[code]()) for code in self.tie_breaks if code in TIE_BREAKS]
        if names:
            return _("Level on points: decided by %(rules)s.") % {"rules": _(", then ").join(names)}
        if self.tied and self.breaks_ties:
            return _("Level on points and on every tie-break.")
        return ""

    @property
    def position_text(self) -> str:
        return f"={self.position}" if self.tied else str(self.position)

    @property
    def total_text(self) -> str:
        return f"{self.total.normalize():f}".replace(".", self.separator)


@dataclass
class Section:
    title: str
    role: str = ""
    lines: list[Line] = field(default_factory=list)

    @property
    def body(self) -> SafeString:
        """The table's rows as HTML (see `championship_html`)."""
        return table_body(self.lines)


def _url(name: str, slug: str) -> str | None:
    # Pages another part of Podium provides: link to them once their URL exists.
    try:
        return reverse(name, kwargs={"slug": slug})
    except NoReverseMatch:
        return None


def _pick_scope(scopes: list[ScoringScope], wanted: str | None) -> ScoringScope | None:
    for scope in scopes:
        if wanted and str(scope.pk) == wanted:
            return scope
    return scopes[0] if scopes else None


_SLUG_MARK = "slug-mark"


def _person_urls() -> tuple[str, str] | None:
    """A person's address split around its slug: one `reverse` per page, not one per name
    (a federation's table names thousands)."""
    url = _url("results:person_detail", _SLUG_MARK)
    if url is None:
        return None
    head, _mark, tail = url.partition(_SLUG_MARK)
    return head, tail


_EMPTY = Cell()


@dataclass(frozen=True, slots=True)
class _Words:
    """What every cell of a page writes the same: read once a page, not once a cell (a
    page has thousands of cells, and each translation or format lookup costs)."""

    separator: str
    #: Status → the page's mark (`Ab.`) and its words (`Abandon`).
    marks: dict[str, str]
    labels: dict[str, str]

    @classmethod
    def of_page(cls) -> _Words:
        return cls(
            separator=get_format("DECIMAL_SEPARATOR"),
            marks={key: str(mark) for key, mark in formatting.STATUS_SHORT.items()},
            labels={key: str(label) for key, label in formatting.STATUS_LABELS.items()},
        )


def _decoded(text: str | None) -> list:
    """A stored JSON list (`people`, `results`), read as text; an empty list for anything
    else."""
    try:
        value = json.loads(text or "[]")
    except ValueError:
        return []
    return value if isinstance(value, list) else []


def _line(standing: _Row, rounds: int, urls: tuple[str, str] | None, words: _Words) -> Line:
    cells = [_EMPTY] * rounds
    for result in _decoded(standing.results_json):
        number = result.get("round")
        if not isinstance(number, int) or not 1 <= number <= rounds:
            continue
        status = result.get("status", "")
        points = result.get("points", "")
        scored = Decimal(points or 0) > 0
        cells[number - 1] = Cell(
            points=points,
            dropped=scored and not result.get("counted"),
            # The page's own mark (`Ab.`); non-starters score nothing, so have no cell.
            status=words.marks.get(status, ""),
            place=result.get("place"),
            label=words.labels.get(status, "") if status != "classified" else "",
            points_text=points.replace(".", words.separator),
            scored=scored,
        )
    people = [
        (
            person.get("name", ""),
            f"{urls[0]}{slug}{urls[1]}" if urls and (slug := person.get("slug")) else None,
        )
        for person in _decoded(standing.people_json)
    ]
    codes = tuple(code for code in (standing.tie_breaks or "").split(",") if code)
    return Line(
        standing.position,
        standing.name,
        people,
        standing.total,
        cells,
        tie_breaks=codes,
        separator=words.separator,
    )


def _round_points(row: _Row, number: int) -> Decimal:
    results = _decoded(row.results_json)
    found = next((r.get("points") for r in results if r.get("round") == number), None)
    return Decimal(found or -1)


def _sort_key(sort: str | None, rounds: int):
    """`position` (default), `name`, `total`, `r<n>` (a round's points), `-` to reverse."""
    text = (sort or "").strip()
    descending = text.startswith("-")
    name = text.lstrip("-")
    if name == "name":
        key = lambda row: row.name  # noqa: E731
    elif name == "total":
        key = lambda row: row.total  # noqa: E731
    elif name.startswith("r") and name[1:].isdigit() and 1 <= int(name[1:]) <= rounds:
        number = int(name[1:])
        key = lambda row: _round_points(row, number)  # noqa: E731
    else:
        return "position", _by_position, False
    return name, key, descending


def _by_position(row: _Row) -> tuple[int, str]:
    return row.position, row.name


def _sections(
    rows: list[_Row],
    rounds: int,
    sort: str | None,
    page: int | None = None,
    *,
    breaks_ties: bool = False,
) -> tuple[str, list[Section], int]:
    """The sorted table by section, drivers before co-drivers, each group or class apart;
    with `page`, only that page's lines (`PAGE_LINES` over every section, in order). Returns
    the sort, the sections and the number of pages.

    Rows are sorted as stored tuples and only the shown lines are built: a federation's table
    has thousands of lines, a page a few hundred."""
    grouped: dict[tuple[str, str], list[_Row]] = {}
    for row in rows:
        grouped.setdefault((row.role, row.section), []).append(row)
    name, key, descending = _sort_key(sort, rounds)
    flat: list[tuple[tuple[str, str], bool, _Row]] = []
    # Drivers before co-drivers, then section by section (the rows come in no order).
    for where in sorted(grouped, key=lambda where: (role_rank(where[0]), where[1])):
        members = grouped[where]
        counted = Counter(row.position for row in members)
        # By position first, so that lines level on another column keep that order.
        members.sort(key=_by_position)
        if name != "position":
            members.sort(key=key, reverse=descending)
        flat += [(where, counted[row.position] > 1, row) for row in members]
    pages = max(1, -(-len(flat) // PAGE_LINES))
    if page is not None:
        page = min(max(page, 1), pages)
        flat = flat[(page - 1) * PAGE_LINES : page * PAGE_LINES]
    urls = _person_urls()
    words = _Words.of_page()
    sections: dict[tuple[str, str], Section] = {}
    for where, tied, row in flat:
        if where not in sections:
            role = str(ROLE_TITLES.get(row.role, ""))
            title = " · ".join(part for part in (role, row.section) if part)
            sections[where] = Section(title=title, role=row.role)
        line = _line(row, rounds, urls, words)
        line.tied = tied
        line.breaks_ties = breaks_ties
        sections[where].lines.append(line)
    return ("-" if descending else "") + name, list(sections.values()), pages


@dataclass
class Header:
    label: str
    key: str
    next: str
    order: str | None
    column: Column | None = None


def _headers(sort: str, columns: list[Column]) -> list[Header]:
    """Every column sorts the table; a second click on it reverses the order."""
    names = [("position", _("Pos.")), ("name", _("Name"))]
    names += [(f"r{column.number}", str(column.number)) for column in columns]
    names += [("total", _("Total"))]
    by_key = {f"r{column.number}": column for column in columns}
    headers = []
    for key, label in names:
        current = sort.lstrip("-") == key
        order = ("descending" if sort.startswith("-") else "ascending") if current else None
        following = f"-{key}" if sort == key else key
        headers.append(Header(label, key, following, order, by_key.get(key)))
    return headers


def _csv(championship: Championship, scope, columns, sections) -> HttpResponse:
    """The shown tab as a spreadsheet: dropped scores in brackets, formulas neutralised."""
    head = [_("Table"), _("Pos."), _("Name")]
    head += [safe_text(f"{column.number}. {column.round.event.name}") for column in columns]
    rows: list[list[object]] = [[*head, _("Total")]]
    for section in sections:
        for line in section.lines:
            cells = [f"({c.points_text})" if c.dropped else c.text for c in line.cells]
            total = line.total_text
            rows.append(
                [safe_text(section.title), line.position, safe_text(line.name), *cells, total]
            )
    filename = f"{championship.slug}-{scope.pk if scope else 'table'}.csv"
    return spreadsheet_response(rows, filename=filename)


@require_safe
@condition(etag_func=conditional.page_etag)
@caching.shared_page(params=("scope", "sort", "page", "_export"))
def championship_detail(request: HttpRequest, slug: str) -> HttpResponse:
    championship = Championship.objects.for_page(slug)
    if championship is None:
        raise Http404("No such championship")
    rounds = list(championship.rounds.in_season_order())
    columns = [
        Column(
            number=number,
            round=item,
            url=_url("results:event_detail", item.event.slug) if item.event.published else None,
            provisional=item.event.published and item.scoring_state == PROVISIONAL,
        )
        for number, item in enumerate(rounds, 1)
    ]
    scopes = list(championship.scopes.in_order())
    wanted = request.GET.get("scope")
    scope = _pick_scope(scopes, wanted)
    rows = list(Standing.objects.table_lines(scope)) if scope else []
    breaks_ties = bool(tie_break_codes(championship.tie_breaks))
    export = request.GET.get("_export")
    if export == "csv":
        _sort, every, _pages = _sections(
            rows, len(columns), request.GET.get("sort"), breaks_ties=breaks_ties
        )
        return _csv(championship, scope, columns, every)
    asked = request.GET.get("page", "1")
    number = int(asked) if asked.isdigit() and len(asked) < 7 else 1
    sort, sections, pages = _sections(
        rows, len(columns), request.GET.get("sort"), number, breaks_ties=breaks_ties
    )
    number = min(max(number, 1), pages)
    # A value the page does not know is shown as the default, and not stored.
    if (
        (wanted is not None and (scope is None or str(scope.pk) != wanted))
        or ("sort" in request.GET and request.GET["sort"] != sort)
        or ("page" in request.GET and request.GET["page"] != str(number))
        or export is not None
    ):
        caching.render_only(request)
    headers = _headers(sort, columns)
    ctx = {
        "championship": championship,
        "rounds": rounds,
        "columns": columns,
        "scopes": scopes,
        "scope": scope,
        "sections": sections,
        "sort": sort,
        "page": {"number": number, "count": pages, "previous": number - 1, "next": number + 1}
        if pages > 1
        else None,
        # The same head over every section's table: written once a page, not once a
        # section (a table split by class has a dozen sections, each head fifteen links).
        "head": get_template(HEAD_TEMPLATE).render({"headers": headers}, request)
        if sections
        else "",
        "provisional": [column.number for column in columns if column.provisional],
        "best_results": championship.best_results,
        "rules": rules_of(championship, scope, rounds),
    }
    return render(request, "results/championship_detail.html", ctx)
