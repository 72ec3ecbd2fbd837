"""The form staff record a decision with: which crew, what, why, where it is written."""

from __future__ import annotations

import datetime
from collections.abc import Sequence

from django import forms
from django.utils.translation import gettext_lazy as _

from results.models import Decision, Entry
from results.parsing.fields import parse_time

Kind = Decision.Kind
_TIMES = (Kind.TIME_PENALTY, Kind.TIME_CORRECTION)


class DecisionForm(forms.Form):
    entry = forms.TypedChoiceField(label=_("Crew"), coerce=int)
    kind = forms.ChoiceField(label=_("Decision"), choices=Kind.choices)
    value = forms.CharField(
        label=_("Time or position"),
        required=False,
        max_length=20,
        help_text=_("A penalty as 10 or 1:00 (seconds added), a corrected time as 12:34,5, a "
                    "new position as 3; empty for an exclusion or a reinstatement."),
    )  # fmt: skip
    reason = forms.CharField(label=_("Reason"), max_length=1000, widget=forms.Textarea(
        attrs={"rows": 2, "cols": 60}))  # fmt: skip
    reference = forms.CharField(label=_("Reference (decision n°, document)"), max_length=200,
                                required=False)  # fmt: skip
    decided_on = forms.DateField(label=_("Date of the decision"), initial=datetime.date.today)

    def __init__(self, *args, entries: Sequence[tuple[int, str]], **kwargs):
        super().__init__(*args, **kwargs)
        self.fields["entry"].choices = list(entries)

    def clean(self):
        data = super().clean()
        kind, text = data.get("kind"), (data.get("value") or "").strip()
        value: int | None = None
        if kind in _TIMES:
            value = parse_time(text, bare_seconds=True) if text else None
            if value is None:
                self.add_error("value", _("Give a time, such as 10 or 1:05,3."))
        elif kind == Kind.POSITION_CHANGE:
            if not (text.isascii() and text.isdigit() and 0 < int(text) < 10000):
                self.add_error("value", _("Give the new position, such as 3."))
            else:
                value = int(text)
        data["value_ms"] = value
        return data


def entry_choices(entries: Sequence[Entry]) -> list[tuple[int, str]]:
    """`(pk, "#12 Jean DUPONT / Paul MARTIN (1st)")` of each entry, in standings order."""
    out = []
    for entry in entries:
        names = " / ".join(f"{m.first_name or ''} {m.surname}".strip() for m in entry.crew.all())
        number = f"#{entry.number} " if entry.number is not None else ""
        where = entry.position if entry.position is not None else entry.get_status_display()
        out.append((entry.pk, f"{number}{names} ({where})"))
    return out
