"""Merge, split, anonymise and undo: each a confirmation page (GET) and a write (POST)."""

from __future__ import annotations

from django.contrib import messages
from django.http import HttpRequest, HttpResponse
from django.shortcuts import get_object_or_404, redirect
from django.urls import reverse
from django.utils.translation import gettext as _
from django.views.decorators.http import require_http_methods

from results.models import CrewMember, NameChange, Person
from results.services.anonymising import anonymise_person
from results.services.names import NameFixRefused, merge_people, shared_entries, split_person
from results.services.undoing import undo_change
from results.views.names.access import ids_from, render_admin, staff_view
from results.views.params import whole_number

TEMPLATES = "admin/podium/names/"


def person_admin_url(person: Person) -> str:
    return reverse("admin:results_person_change", args=[person.pk])


def seats_of(person_ids: list[int]):
    return CrewMember.objects.of_people(person_ids)


@require_http_methods(["GET", "POST"])
@staff_view
def merge(request: HttpRequest) -> HttpResponse:
    """Every entry that will move, a choice of the person to keep, then one POST merges."""
    ids = ids_from(request)
    people = list(Person.objects.filter(pk__in=ids).order_by("pk"))
    if len(people) < 2:
        messages.error(request, _("Select at least two people to merge."))
        return redirect("admin:results_person_changelist")
    seats = list(seats_of([p.pk for p in people]))
    counts = {p.pk: 0 for p in people}
    for seat in seats:
        counts[seat.person_id] += 1
    error = None
    if request.method == "POST":
        keep = next((p for p in people if str(p.pk) == request.POST.get("keep")), None)
        if keep is None:
            error = _("Choose the person to keep.")
        else:
            try:
                merge_people(keep=keep, drop=[p for p in people if p != keep], user=request.user)
            except NameFixRefused as exc:
                error = exc.reason
            else:
                messages.success(
                    request,
                    _("Merged into %(person)s. The log on this page can undo it.")
                    % {"person": keep},
                )
                return redirect(person_admin_url(keep))
    elif shared_entries([p.pk for p in people]):
        error = _("Some of these people sit in the same crew: they are different people.")
    default_keep = max(people, key=lambda p: (counts[p.pk], len(str(p)), -p.pk))
    ctx = {
        "title": _("Merge people"),
        "people": [(p, counts[p.pk]) for p in people],
        "seats": seats,
        "ids": ",".join(str(p.pk) for p in people),
        "default_keep": default_keep.pk,
        "error": error,
    }
    return render_admin(request, TEMPLATES + "merge.html", ctx, status=409 if error else 200)


@require_http_methods(["GET", "POST"])
@staff_view
def split(request: HttpRequest, pk: int) -> HttpResponse:
    """Homonyms: move chosen entries (and aliases) of a person to a new person."""
    person = get_object_or_404(Person, pk=pk)
    seats = list(seats_of([person.pk]))
    aliases = list(person.aliases.exclude(key__startswith="erased:"))
    error = None
    if request.method == "POST":
        entries = [pk for v in request.POST.getlist("entries") if (pk := whole_number(v))]
        try:
            new = split_person(
                person=person,
                entries=entries,
                aliases=request.POST.getlist("aliases"),
                surname=request.POST.get("surname", ""),
                first_name=request.POST.get("first_name", ""),
                user=request.user,
            )
        except NameFixRefused as exc:
            error = exc.reason
        else:
            messages.success(request, _("%(person)s now has the chosen entries.") % {"person": new})
            return redirect(person_admin_url(new))
    ctx = {
        "title": _("Split %(person)s") % {"person": person},
        "person": person,
        "seats": seats,
        "aliases": aliases,
        "error": error,
    }
    return render_admin(request, TEMPLATES + "split.html", ctx, status=409 if error else 200)


@require_http_methods(["GET", "POST"])
@staff_view
def anonymise(request: HttpRequest, pk: int) -> HttpResponse:
    person = get_object_or_404(Person, pk=pk)
    if request.method == "POST":
        anonymise_person(person=person, user=request.user)
        messages.success(request, _("The person is anonymised; the results stay."))
        return redirect(person_admin_url(person))
    ctx = {
        "title": _("Anonymise %(person)s") % {"person": person},
        "person": person,
        "seats": seats_of([person.pk]).count(),
    }
    return render_admin(request, TEMPLATES + "anonymise.html", ctx)


@require_http_methods(["GET", "POST"])
@staff_view
def undo(request: HttpRequest, pk: int) -> HttpResponse:
    change = get_object_or_404(NameChange.objects.with_people(), pk=pk)
    error = None
    if request.method == "POST":
        try:
            undo_change(change=change, user=request.user)
        except NameFixRefused as exc:
            error = exc.reason
        else:
            messages.success(request, _("Undone: %(change)s") % {"change": change.summary})
            target = change.person or change.other
            if target is None:
                return redirect("admin:results_person_changelist")
            return redirect(person_admin_url(target))
    elif not change.can_undo:
        error = _("This change cannot be undone (already undone, or not undoable).")
    ctx = {"title": _("Undo a name fix"), "change": change, "error": error}
    return render_admin(request, TEMPLATES + "undo.html", ctx, status=409 if error else 200)
