"""The preview page's forms: column roles and header per table, who a shared spelling is, and
a value fixed on its row."""

from __future__ import annotations

from collections.abc import Mapping, Sequence

from django import forms
from django.utils.translation import gettext_lazy as _

from results.models import Status
from results.parsing import ROLES, Hints
from results.parsing.fields import parse_time
from results.services.issue_words import ROLE_LABELS


class HintsForm(forms.Form):
    """The person's corrections: a role per column, and whether the first row is a header."""

    header = forms.TypedChoiceField(
        choices=[
            ("", _("let Podium guess")),
            ("1", _("the first row is a header")),
            ("0", _("the first row is data")),
        ],
        required=False,
        coerce=lambda value: value == "1",
        empty_value=None,
        label=_("First row"),
    )

    def __init__(self, *args, columns, targets: Mapping[int, str] | None = None, **kwargs):
        super().__init__(*args, **kwargs)
        self.columns = columns
        #: Where each table goes (`services.parting`): a menu per table when the file has
        #: several, or when a table is not going into the upload's classification.
        self.targets = dict(targets or {})
        if len(self.targets) > 1:
            for table, name in self.targets.items():
                self.fields[f"into_{table}"] = forms.CharField(
                    max_length=100,
                    required=False,
                    initial=name,
                    label=_("Publish into the classification"),
                    help_text=_("Empty: this table is left out."),
                    widget=forms.TextInput(attrs={"list": "podium-classifications", "size": 16}),
                )
        for column in columns:
            self.fields[self.field_name(column)] = forms.ChoiceField(
                choices=[(role, ROLE_LABELS.get(role, role)) for role in ROLES],
                initial=column.role,
                label=column.heading or _("column %(n)d") % {"n": column.index + 1},
            )

    @staticmethod
    def field_name(column) -> str:
        """`role_<column>` for table 0 (as before files held several tables), else
        `role_<table>_<column>`: a hint addresses a column within its table."""
        if column.table == 0:
            return f"role_{column.index}"
        return f"role_{column.table}_{column.index}"

    def role_fields(self):
        return [self[self.field_name(column)] for column in self.columns]

    def tables(self) -> list[tuple[str | None, list, forms.BoundField | None]]:
        """(title, role fields, classification field) per table, in the sheet's order: one
        set of menus each, and where the table is published when the file has several."""
        out: dict[int, tuple[str | None, list, forms.BoundField | None]] = {}
        for column in self.columns:
            into = self[f"into_{column.table}"] if f"into_{column.table}" in self.fields else None
            out.setdefault(column.table, (column.title, [], into))[1].append(
                self[self.field_name(column)]
            )
        return list(out.values())

    def chosen_targets(self) -> dict[int, str] | None:
        """Where the person sends each table (a name, "" to leave it out; a table the form
        leaves out keeps its place); None without a choice (one table, or none posted)."""
        names = {t: f"into_{t}" for t in self.targets}
        if len(self.targets) < 2 or not any(name in self.data for name in names.values()):
            return None
        return {
            t: self.cleaned_data[name].strip() if name in self.data else self.targets[t]
            for t, name in names.items()
        }

    def clean(self):
        data = super().clean()
        targets = self.chosen_targets() if not self.errors else None
        if targets is not None and not any(targets.values()):
            raise forms.ValidationError(
                _("Every table is left out: give at least one a classification.")
            )
        return data

    def hints(self, previous: Hints, header: bool | None) -> Hints:
        """Earlier hints, plus every column whose role the person changed, table by table."""
        tables: dict[int, dict[int, str]] = {t: dict(r) for t, r in previous.tables.items()}
        roles = dict(previous.roles)
        for column in self.columns:
            before = roles if column.table == 0 else tables.setdefault(column.table, {})
            chosen = self.cleaned_data[self.field_name(column)]
            if chosen != column.role or column.index in before:
                before[column.index] = chosen
        return Hints(roles=roles, header=header, tables={t: r for t, r in tables.items() if r})

    def roles(self, previous: dict[int, str]) -> dict[int, str]:
        """Earlier hints of table 0, plus every column of it whose role the person changed."""
        return dict(self.hints(Hints(roles=previous), None).roles)


class PeopleChoiceForm(forms.Form):
    """Who each seat flagged `shared-spelling` is: one field per seat, `choice-<order>-<seat>`.

    A seat left out keeps the preview's choice; a value that is not one of the seat's candidates,
    or a field for a seat with nothing to choose, makes the form invalid.
    """

    PREFIX = "choice-"

    def __init__(self, *args, seats: Mapping[tuple[int, int], Sequence[int]], **kwargs):
        super().__init__(*args, **kwargs)
        self.seats = {f"{self.PREFIX}{order}-{seat}": (order, seat) for order, seat in seats}
        for name, key in self.seats.items():
            self.fields[name] = forms.TypedChoiceField(
                choices=[(str(pk), str(pk)) for pk in seats[key]],
                coerce=int,
                required=False,
                empty_value=None,
            )

    def clean(self):
        data = super().clean()
        stray = sorted(k for k in self.data if k.startswith(self.PREFIX) and k not in self.fields)
        if stray:
            raise forms.ValidationError(
                _("There is no person to choose for %(fields)s."),
                params={"fields": ", ".join(stray)},
            )
        return data

    def choices(self) -> dict[tuple[int, int], int]:
        """The seats the form chose a person for: (sheet order, seat) → person pk."""
        return {
            key: self.cleaned_data[name]
            for name, key in self.seats.items()
            if self.cleaned_data.get(name) is not None
        }


def fix_labels(seats: int) -> list[tuple[str, str]]:
    """The values of a row that can be fixed in the preview, in the organiser's words: each
    seat's names (`seats` of them), then the time, status, class, group, car and number."""
    names = []
    for seat in range(1, seats + 1):
        names += [
            (f"surname:{seat}", _("Surname, crew member %(n)s") % {"n": seat}),
            (f"first_name:{seat}", _("First name, crew member %(n)s") % {"n": seat}),
        ]
    return [
        *names,
        ("time_ms", _("Time")),
        ("status", _("Status")),
        ("class", _("Class")),
        ("group", _("Group")),
        ("car", _("Car")),
        ("number", _("No.")),
    ]


class FixForm(forms.Form):
    """One value of a preview's row, fixed: the row (its index in the sheet), the field, the
    value as the organiser types it (a time as `10:05,3`, a status as the menu gives it)."""

    #: The most crew members a row's names can be fixed for.
    SEATS = 4

    order = forms.IntegerField(min_value=0, max_value=100_000)
    field = forms.ChoiceField(label=_("Value to fix"))
    value = forms.CharField(max_length=200, required=False, strip=True, label=_("Fixed value"))

    def __init__(self, *args, rows: int, **kwargs):
        super().__init__(*args, **kwargs)
        self.rows = rows
        self.fields["field"].choices = fix_labels(self.SEATS)

    def clean_order(self):
        order = self.cleaned_data["order"]
        if order >= self.rows:
            raise forms.ValidationError(_("This row is not in the sheet."))
        return order

    def clean(self):
        data = super().clean()
        field, text = data.get("field"), data.get("value") or ""
        if field is None:
            return data
        if field == "time_ms":
            data["fixed"] = parse_time(text) if text else None
            if data["fixed"] is None:
                self.add_error("value", _("Give a time, such as 1:05:03,2."))
        elif field == "status":
            if text not in Status.values:
                self.add_error(
                    "value",
                    _("Give one of: %(statuses)s.") % {"statuses": ", ".join(Status.values)},
                )
            data["fixed"] = text
        elif field.startswith("surname:") and not text:
            self.add_error("value", _("A surname cannot be empty."))
        else:
            data["fixed"] = text or None
        return data
