"""Public championship pages: the points table, a tab per scope, sortable, CSV.

Four queries whatever the size: the championship (with its class equivalences, joined), its
rounds with their events, its scopes, and the stored rows of the shown tab (computed when
results or rules change, never here).
"""

from __future__ import annotations

from dataclasses import dataclass, field
from decimal import Decimal

from django.http import Http404, HttpRequest, HttpResponse
from django.shortcuts import render
from django.urls import NoReverseMatch, reverse
from django.utils.formats import get_format
from django.utils.translation import gettext as _
from django.utils.translation import gettext_lazy
from django.views.decorators.http import condition, require_safe

from results.http import caching, conditional
from results.models import Championship, Classification, Round, ScoringScope, Standing
from results.models.championships import role_rank, tie_break_codes
from results.views import formatting
from results.views.championship_rules import TIE_BREAKS, rules_of
from results.views.exports import safe_text, spreadsheet_response

PROVISIONAL = Classification.State.PROVISIONAL
ROLE_TITLES = {"driver": gettext_lazy("Drivers"), "codriver": gettext_lazy("Co-drivers")}


@dataclass
class Column:
    number: int
    round: Round
    url: str | None
    #: The round's results are not official yet: its points may still change.
    provisional: bool = False


@dataclass
class Cell:
    points: str = ""
    dropped: bool = False
    #: The status mark of a result not classified (`Ab.`, `R2`); empty for a classified one.
    status: str = ""
    place: int | None = None
    #: The status in words (`Abandon`), for the mark's title.
    label: str = ""

    @property
    def points_text(self) -> str:
        """The points in the page's number format (`12,5` in French)."""
        return _points_text(self.points)

    @property
    def scored(self) -> bool:
        return Decimal(self.points or 0) > 0

    @property
    def text(self) -> str:
        """What the cell reads: the points, or the status mark of a result that scored none
        (`Ab.`, not `0`); a Rallye 2 result that scored reads its points (`6`, marked apart)."""
        if self.status and not self.scored:
            return self.status
        return self.points_text


@dataclass
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
        return _points_text(f"{self.total.normalize():f}")


@dataclass
class Section:
    title: str
    role: str = ""
    lines: list[Line] = field(default_factory=list)


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


def _line(standing: Standing, rounds: int) -> Line:
    cells = [Cell() for _ in range(rounds)]
    for result in standing.results:
        number = result.get("round")
        if not isinstance(number, int) or not 1 <= number <= rounds:
            continue
        status = result.get("status", "")
        cells[number - 1] = Cell(
            points=result.get("points", ""),
            dropped=not result.get("counted") and Decimal(result.get("points") or 0) > 0,
            # The page's own mark (`Ab.`); non-starters score nothing, so have no cell.
            status=str(formatting.STATUS_SHORT.get(status, "")),
            place=result.get("place"),
            label=str(formatting.STATUS_LABELS.get(status, "")) if status != "classified" else "",
        )
    people = [
        (person.get("name", ""), _url("results:person_detail", person.get("slug") or ""))
        for person in standing.people
    ]
    codes = tuple(code for code in (standing.tie_breaks or "").split(",") if code)
    return Line(standing.position, standing.name, people, standing.total, cells, tie_breaks=codes)


def _sort_key(sort: str | None, rounds: int):
    """`position` (default), `name`, `total`, `r<n>` (a round's points), `-` to reverse."""
    text = (sort or "").strip()
    descending = text.startswith("-")
    name = text.lstrip("-")
    if name == "name":
        key = lambda line: line.name  # noqa: E731
    elif name == "total":
        key = lambda line: line.total  # noqa: E731
    elif name.startswith("r") and name[1:].isdigit() and 1 <= int(name[1:]) <= rounds:
        index = int(name[1:]) - 1
        key = lambda line: Decimal(line.cells[index].points or -1)  # noqa: E731
    else:
        return "position", lambda line: (line.position, line.name), False
    return name, key, descending


def _sections(
    rows: list[Standing], rounds: int, sort: str | None, *, breaks_ties: bool = False
) -> tuple[str, list[Section]]:
    """The table's sections: crews, else drivers then co-drivers, each group or class apart."""
    sections: dict[tuple[str, str], Section] = {}
    for standing in rows:
        where = (standing.role, standing.section)
        if where not in sections:
            role = str(ROLE_TITLES.get(standing.role, ""))
            title = " · ".join(part for part in (role, standing.section) if part)
            sections[where] = Section(title=title, role=standing.role)
        line = _line(standing, rounds)
        line.breaks_ties = breaks_ties
        sections[where].lines.append(line)
    name, key, descending = _sort_key(sort, rounds)
    for section in sections.values():
        seen: dict[int, Line] = {}
        for line in section.lines:
            if line.position in seen:
                line.tied = seen[line.position].tied = True
            seen[line.position] = line
        section.lines.sort(key=key, reverse=descending)
    # Drivers before co-drivers (the rows come by role code, which sorts them the other way).
    ordered = sorted(sections.values(), key=lambda section: role_rank(section.role))
    return ("-" if descending else "") + name, ordered


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


def _points_text(points: str) -> str:
    return points.replace(".", get_format("DECIMAL_SEPARATOR"))


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
@caching.shared_page(params=("scope", "sort", "_export"))
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
    rows = list(Standing.objects.table(scope)) if scope else []
    breaks_ties = bool(tie_break_codes(championship.tie_breaks))
    sort, sections = _sections(rows, len(columns), request.GET.get("sort"), breaks_ties=breaks_ties)
    export = request.GET.get("_export")
    if export == "csv":
        return _csv(championship, scope, columns, sections)
    # A value the page does not know is shown as the default, and not stored.
    if (
        (wanted is not None and (scope is None or str(scope.pk) != wanted))
        or ("sort" in request.GET and request.GET["sort"] != sort)
        or export is not None
    ):
        caching.render_only(request)
    ctx = {
        "championship": championship,
        "rounds": rounds,
        "columns": columns,
        "scopes": scopes,
        "scope": scope,
        "sections": sections,
        "sort": sort,
        "headers": _headers(sort, columns),
        "provisional": [column.number for column in columns if column.provisional],
        "best_results": championship.best_results,
        "rules": rules_of(championship, scope, rounds),
    }
    return render(request, "results/championship_detail.html", ctx)
