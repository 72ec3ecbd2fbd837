"""The upload form: which event and classification, and the sheet (a file or a paste)."""

from __future__ import annotations

from collections.abc import Mapping, Sequence

from django import forms
from django.conf import settings
from django.utils.formats import number_format
from django.utils.translation import gettext_lazy as _
from django.utils.translation import pgettext_lazy

from results.access import can_manage_rounds, clubs_of
from results.models import Championship, Classification, Event, Status
from results.parsing import ROLES, Hints
from results.parsing.fields import parse_time
from results.services import scoping
from results.services.issue_words import ROLE_LABELS
from results.services.uploads import NewEvent

PASTE_NAME = "collage.txt"


def max_bytes() -> int:
    return settings.PODIUM_MAX_UPLOAD_MB * 1024 * 1024


def _too_big(size: int) -> str:
    mb = settings.PODIUM_MAX_UPLOAD_MB
    # The size in the reader's own notation: `6,6 Mo` in French, `6.6 MB` in English.
    return _("%(size)s MB: that is more than the limit of %(mb)d MB.") % {
        "size": number_format(round(size / 1024 / 1024, 1), 1),
        "mb": mb,
    }


def scope_choices(*, auto: bool) -> list[tuple[str, str]]:
    kinds = [
        (scoping.OVERALL, _("the overall classification (final)")),
        (scoping.AFTER, _("an interim overall classification, after a stage")),
        (scoping.STAGE, _("one stage's classification")),
    ]
    return ([("", _("as its title says"))] if auto else []) + kinds


class ScopeFields(forms.Form):
    """What the sheet is: overall, interim after a stage, or one stage's (with the stage)."""

    scope = forms.ChoiceField(
        choices=scope_choices(auto=True), required=False, label=_("This sheet is")
    )
    stage = forms.CharField(
        max_length=60,
        required=False,
        label=_("Stage"),
        help_text=_("For a stage's or an interim classification: ES3, SS 5, WP 2…"),
    )

    def clean(self):
        data = super().clean()
        kind = data.get("scope") or ""
        data["chosen_scope"] = None
        if kind:
            base = (data.get("classification") or Classification.DEFAULT_NAME).strip()
            try:
                data["chosen_scope"] = scoping.chosen_scope(kind, data.get("stage", ""), base=base)
            except scoping.BadScope:
                self.add_error("stage", _("Give the stage with its number (ES3, SS 5, WP 2…)."))
        return data


class RescopeForm(ScopeFields):
    """The preview's choice of what the sheet is, beside the classification it was asked for."""

    def __init__(self, *args, scope: scoping.Scope, **kwargs):
        super().__init__(*args, **kwargs)
        self.base = scope.base
        self.fields["scope"].choices = scope_choices(auto=False)
        self.fields["scope"].required = True
        self.fields["scope"].initial = scope.kind
        self.fields["stage"].initial = scope.stage

    def clean(self):
        self.cleaned_data.setdefault("classification", self.base)
        return super().clean()


class UploadForm(ScopeFields):
    event = forms.ModelChoiceField(
        queryset=Event.objects.none(),
        required=False,
        label=pgettext_lazy("upload form", "Event"),
        empty_label=_("— create a new event —"),
    )
    classification = forms.CharField(
        max_length=100,
        initial=Classification.DEFAULT_NAME,
        label=_("Classification"),
        help_text=_(
            "“Général” by default; another name (VHC, Rallye 2…) creates that classification."
        ),
    )
    name = forms.CharField(max_length=200, required=False, label=_("Name of the new event"))
    date = forms.DateField(
        required=False,
        label=_("Date"),
        widget=forms.DateInput(attrs={"type": "date"}),
    )
    place = forms.CharField(max_length=200, required=False, label=_("Place"))
    discipline = forms.ChoiceField(
        choices=Event.Discipline.choices, initial=Event.Discipline.RALLY, label=_("Discipline")
    )
    championship = forms.ModelChoiceField(
        queryset=Championship.objects.all(), required=False, label=_("Championship")
    )
    club = forms.ModelChoiceField(
        queryset=Event.objects.none(), required=False, label=_("Organising club")
    )
    file = forms.FileField(
        required=False,
        label=_("File"),
        help_text=_("Text, CSV, TSV, XLSX, an HTML page or PDF; the content decides the format."),
        widget=forms.ClearableFileInput(
            attrs={"accept": ".txt,.csv,.tsv,.md,.xlsx,.xls,.ods,.html,.htm,.pdf"}
        ),
    )
    paste = forms.CharField(
        required=False,
        strip=False,
        label=_("… or paste the table"),
        widget=forms.Textarea(attrs={"rows": 12, "cols": 100, "spellcheck": "false"}),
    )

    def __init__(self, *args, user, **kwargs):
        super().__init__(*args, **kwargs)
        self.user = user
        self.fields["event"].queryset = Event.objects.uploadable_by(user).order_by("-date", "name")
        self.fields["club"].queryset = clubs_of(user)
        if not can_manage_rounds(user):
            # Counting an event for a championship changes that championship's table: only
            # for those who manage championships, not for every organiser.
            del self.fields["championship"]
        self.fields["file"].help_text += " " + _("%(mb)d MB at most.") % {
            "mb": settings.PODIUM_MAX_UPLOAD_MB
        }

    def clean_file(self):
        upload = self.cleaned_data.get("file")
        if upload is None:
            return None
        if upload.size > max_bytes():
            raise forms.ValidationError(_too_big(upload.size))
        if upload.size == 0:
            raise forms.ValidationError(_("The file is empty."))
        return upload

    def clean_paste(self):
        paste = self.cleaned_data.get("paste") or ""
        size = len(paste.encode())
        if size > max_bytes():
            raise forms.ValidationError(_too_big(size))
        return paste if paste.strip() else ""

    def clean(self):
        data = super().clean()
        if self.errors.get("file") or self.errors.get("paste"):
            return data
        upload, paste = data.get("file"), data.get("paste")
        if upload and paste:
            self.add_error("paste", _("Give a file or a paste, not both."))
        elif not upload and not paste:
            self.add_error("file", _("Choose a file or paste the table."))
        if data.get("event") is None:
            self._clean_new_event(data)
        elif data.get("name"):
            self.add_error("name", _("Choose an existing event or create one, not both."))
        return data

    def _clean_new_event(self, data: dict) -> None:
        if not data.get("name"):
            self.add_error("name", _("Give the new event's name (or choose an event)."))
        if not data.get("date") and "date" not in self.errors:
            self.add_error("date", _("Give the new event's date."))
        clubs = list(self.fields["club"].queryset[:2])
        if data.get("club") is None and not self.user.is_superuser:
            if len(clubs) == 1:
                data["club"] = clubs[0]
            else:
                self.add_error(
                    "club",
                    _("Choose the organising club.")
                    if clubs
                    else _("You are not a member of any club: ask an administrator."),
                )
        if data.get("name") and data.get("date") and not self.errors:
            slug = self.new_event().slug()
            if Event.objects.filter(slug=slug).exists():
                self.add_error(
                    "name",
                    _("An event of this name already exists that year: choose it in the list."),
                )

    def new_event(self) -> NewEvent:
        data = self.cleaned_data
        return NewEvent(
            name=data["name"].strip(),
            date=data["date"],
            place=data.get("place", "").strip(),
            discipline=data.get("discipline") or Event.Discipline.RALLY,
            championship=data.get("championship"),
            club=data.get("club"),
        )

    def sheet(self) -> tuple[bytes, str]:
        """The bytes to read and the name they came under."""
        upload = self.cleaned_data.get("file")
        if upload:
            return upload.read(), upload.name
        return self.cleaned_data["paste"].encode(), PASTE_NAME


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
