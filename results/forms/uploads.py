"""The upload form: which event and classification, and the sheet (a file or a paste)."""

from __future__ import annotations

from django import forms
from django.conf import settings
from django.utils.formats import number_format
from django.utils.translation import gettext_lazy as _
from django.utils.translation import pgettext_lazy

from results.access import can_manage_rounds, clubs_of
from results.models import Championship, Classification, Event
from results.services import scoping
from results.services.new_events import NewEvent

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
