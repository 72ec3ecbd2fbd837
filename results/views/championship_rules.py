"""How a championship counts its points, in words: the rules a fan needs to read its table.

Read from the championship and the shown tab (its scales, best results, starters threshold,
coefficients, tie-breaks), so the page says what the computation did, with no query of its own.
"""

from __future__ import annotations

from decimal import Decimal

from django.utils.formats import number_format
from django.utils.translation import gettext as _
from django.utils.translation import ngettext

from results.models import Championship, Round, ScoringScope

_TIE_BREAKS = {
    "countback": lambda: _("most better places"),
    "last_event": lambda: _("the better place in the last event"),
    "first_stage": lambda: _("the better rank on the first stage of the last event"),
}


def _scale(text: str) -> str:
    """`25-18-15-12-10-8-6-4-2-1` as `25, 18, 15…`: the first places tell the scale."""
    points = [part for part in text.replace(",", "-").split("-") if part.strip()]
    shown = ", ".join(number_format(Decimal(p.strip())) for p in points[:5])
    return shown + ("…" if len(points) > 5 else "")


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
    lines.append(
        _("Only classified crews score.")
        if championship.classified_only
        else _("Rallye 2 crews score by the place they keep.")
    )
    breaks = [
        _TIE_BREAKS[name.strip()]()
        for name in championship.tie_breaks.split(",")
        if name.strip() in _TIE_BREAKS
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
