"""How a championship counts its points, in words: the rules a fan needs to read its table.

Read from the championship and the shown tab (its scales, best results, starters threshold,
coefficients, class equivalences, Rallye 2 rule, tie-breaks, count-back and dead-heat options),
so the page says what the computation did, with no query of its own.
"""

from __future__ import annotations

from django.utils.formats import number_format
from django.utils.translation import gettext as _
from django.utils.translation import ngettext

from results.models import Championship, Round, ScoringScope
from results.standings import parse_scale

TIE_BREAKS = {
    "countback": lambda: _("most better places"),
    "last_event": lambda: _("the better place in the last event"),
    "first_stage": lambda: _("the better rank on the first stage of the last event"),
}


def _scale(text: str) -> str:
    """`25-18-15-12-10-8-6-4-2-1` as `25, 18, 15, 12, 10, 8, 6, 4, 2, 1`: every place that
    scores, in the page's number format."""
    return ", ".join(number_format(points.normalize()) for points in parse_scale(text))


def _equivalences(found: list[tuple[str, str, str, str]]) -> str:
    """`F2000 14 = F2 14, FN = N`: each class as written, then the class it counts as."""
    return ", ".join(
        f"{' '.join(filter(None, (group, klass)))} = {' '.join(filter(None, (as_group, as_klass)))}"
        for group, klass, as_group, as_klass in found
    )


_RALLY2 = {
    Championship.Rally2.NONE: lambda: _(
        "Only classified crews score: a Rallye 2 crew takes no place from the crews behind it."
    ),
    Championship.Rally2.PLACE: lambda: _(
        "Classified crews score, and Rallye 2 crews at the place the sheet gives them."
    ),
    Championship.Rally2.AFTER: lambda: _(
        "Classified crews score, and Rallye 2 crews at the places after every classified "
        "crew, in the order of their places."
    ),
}


def rules_of(
    championship: Championship, scope: ScoringScope | None, rounds: list[Round]
) -> list[str]:
    """One sentence per rule that shapes the shown table, in the page's language."""
    lines = []
    if scope is not None:
        for scale, label in (
            (scope.overall_points, _("Points by overall place: %(scale)s.")),
            (scope.group_points, _("Points by group place: %(scale)s.")),
            (scope.class_points, _("Points by class place: %(scale)s.")),
        ):
            if scale:
                lines.append(label % {"scale": _scale(scale)})
        if scope.class_points and championship.min_starters:
            lines.append(
                ngettext(
                    "A class with fewer than %(count)s starter scores its class points × "
                    "%(factor)s.",
                    "A class with fewer than %(count)s starters scores its class points × "
                    "%(factor)s.",
                    championship.min_starters,
                )
                % {
                    "count": championship.min_starters,
                    "factor": number_format(championship.short_field_factor.normalize()),
                }
            )
    if championship.best_results:
        lines.append(
            ngettext(
                "Only the best result of each competitor counts.",
                "Only the %(count)s best results of each competitor count.",
                championship.best_results,
            )
            % {"count": championship.best_results}
        )
    if any(item.coefficient != 1 for item in rounds):
        lines.append(_("A round's points are multiplied by its coefficient (×)."))
    equivalences = getattr(championship, "equivalence_list", None)
    if equivalences:
        lines.append(
            _("Classes written another way count as one: %(list)s.")
            % {"list": _equivalences(equivalences)}
        )
    rally2 = _RALLY2.get(championship.rally2)
    if rally2 is not None:
        lines.append(rally2())
    if championship.ranking == Championship.Ranking.PERSON:
        lines.append(_("Drivers and co-drivers are ranked apart: drivers first, then co-drivers."))
    breaks = [
        TIE_BREAKS[name.strip()]()
        for name in championship.tie_breaks.split(",")
        if name.strip() in TIE_BREAKS
    ]
    if breaks:
        lines.append(_("Ties are broken by %(rules)s.") % {"rules": _(", then ").join(breaks)})
    if "countback" in championship.tie_breaks and championship.best_results:
        lines.append(
            _("The places compared are those of the results kept.")
            if championship.countback == Championship.Countback.KEPT
            else _("The places compared are those of all results, dropped ones included.")
        )
    lines.append(
        _("Crews tied on a place share the points of the places they cover.")
        if championship.dead_heat == Championship.DeadHeat.SHARE
        else _("Crews tied on a place each score that place's points.")
    )
    return lines
