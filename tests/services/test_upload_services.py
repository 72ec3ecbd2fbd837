"""Upload services: scope, confirm, purge, the Organisers group, password reset, concurrency."""

from __future__ import annotations

import datetime
import threading

import pytest
from django.contrib.auth.models import Group
from django.core import mail
from django.core.management import call_command
from django.db import connection
from django.urls import reverse
from django.utils import timezone

from results.models import Classification, CrewMember, Entry, Event, ResultImport
from results.parsing import ParseError
from results.services.errors import StalePreview
from results.services.importing import preview_import
from results.services.purging import purge_previews
from results.services.uploads import (
    NewEvent,
    confirm,
    start_upload,
)
from tests.services.sheets import generated_rows, pipe_sheet

State = ResultImport.State


@pytest.mark.django_db
def test_the_organisers_group_holds_the_upload_permission():
    # Created by the data migration (the fixture only tops it up after a flush).
    group = Group.objects.filter(name="Organisers").first()
    if group is None:
        pytest.skip("tables built without migrations (--nomigrations)")
    codenames = set(group.permissions.values_list("codename", flat=True))
    assert {"upload_results", "view_event"} <= codenames


@pytest.mark.django_db
def test_an_unreadable_sheet_for_a_new_event_leaves_no_trace(club_organiser, club):
    new = NewEvent(name="Rallye Vide", date=datetime.date(2024, 3, 1), club=club)
    with pytest.raises(ParseError) as raised:
        start_upload(user=club_organiser, data=b"", source_name="vide.txt", new_event=new)
    assert "empty" in raised.value.reason
    assert not Event.objects.exists()
    assert not Classification.objects.exists()
    assert not ResultImport.objects.exists()


@pytest.mark.django_db
def test_confirm_publishes_a_new_event_on_its_first_import_only(club_organiser, club):
    new = NewEvent(name="Rallye Neuf", date=datetime.date(2024, 3, 1), club=club)
    first = start_upload(
        user=club_organiser, data=pipe_sheet(*generated_rows(3)), source_name="a.txt", new_event=new
    )
    event = first.classification.event
    assert not event.published
    assert confirm(result_import=first).published
    Event.objects.filter(pk=event.pk).update(published=False)  # an admin hides it again
    second = start_upload(
        user=club_organiser, data=pipe_sheet(*generated_rows(4)), source_name="b.txt", event=event
    )
    outcome = confirm(result_import=second)
    assert not outcome.published and not outcome.already_applied
    assert not Event.objects.get(pk=event.pk).published


@pytest.mark.django_db
def test_purge_deletes_old_previews_only(classification):
    def make(rows: int, state: str, hours_ago: int) -> ResultImport:
        result_import = preview_import(
            classification=classification,
            data=pipe_sheet(*generated_rows(rows)),
            source_name=f"{rows}.txt",
        )
        created = timezone.now() - datetime.timedelta(hours=hours_ago)
        # A superseded version was applied once (a superseded preview never applied is one
        # read again, purged like a preview).
        applied = created if state == State.SUPERSEDED else None
        ResultImport.objects.filter(pk=result_import.pk).update(
            state=state, created_at=created, applied_at=applied
        )
        return result_import

    old = make(1, State.PREVIEWED, 100)
    recent = make(2, State.PREVIEWED, 1)
    old_failed = make(3, State.FAILED, 100)
    old_superseded = make(4, State.SUPERSEDED, 100)
    assert purge_previews(older_than=datetime.timedelta(hours=72)) == 1
    left = set(ResultImport.objects.values_list("pk", flat=True))
    assert left == {recent.pk, old_failed.pk, old_superseded.pk}
    assert old.pk not in left


@pytest.mark.django_db
def test_the_purge_command_uses_the_configured_age(classification, settings, capsys):
    settings.PODIUM_PREVIEW_MAX_AGE_HOURS = 2
    result_import = preview_import(
        classification=classification, data=pipe_sheet(*generated_rows(2)), source_name="x.txt"
    )
    three_hours = timezone.now() - datetime.timedelta(hours=3)
    ResultImport.objects.filter(pk=result_import.pk).update(created_at=three_hours)
    call_command("purge_previews")
    assert "Deleted 1 preview(s) older than 2 hours." in capsys.readouterr().out
    assert not ResultImport.objects.exists()


@pytest.mark.django_db
def test_a_password_reset_mails_a_link_that_sets_a_new_password(client, club_organiser):
    response = client.post(reverse("uploads:password_reset"), {"email": "club@example.org"})
    assert response.status_code == 302
    assert len(mail.outbox) == 1
    body = mail.outbox[0].body
    link = next(word for word in body.split() if "/password-reset/" in word)
    path = link.split("testserver", 1)[-1]
    form = client.get(path, follow=True)
    assert form.status_code == 200
    done = client.post(
        form.redirect_chain[-1][0],
        {"new_password1": "a-long-Passphrase-42", "new_password2": "a-long-Passphrase-42"},
    )
    assert done.status_code == 302
    club_organiser.refresh_from_db()
    assert club_organiser.check_password("a-long-Passphrase-42")


@pytest.mark.django_db(transaction=True)
@pytest.mark.skipif(connection.vendor != "postgresql", reason="row locks are tested on Postgres")
def test_two_confirms_of_one_classification_at_once_are_serialised(car_makes, classification):
    first = preview_import(
        classification=classification,
        data=pipe_sheet(*generated_rows(300)),
        source_name="first.txt",
    )
    second = preview_import(
        classification=classification,
        data=pipe_sheet(*generated_rows(300, offset=1000)),
        source_name="second.txt",
    )
    barrier = threading.Barrier(2)
    outcomes: dict[str, object] = {}

    def run(name: str, result_import: ResultImport) -> None:
        try:
            barrier.wait()
            outcomes[name] = confirm(result_import=result_import)
        except Exception as exc:
            outcomes[name] = exc
        finally:
            connection.close()

    threads = [
        threading.Thread(target=run, args=("first", first)),
        threading.Thread(target=run, args=("second", second)),
    ]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join()

    refused = [name for name, outcome in outcomes.items() if isinstance(outcome, StalePreview)]
    applied = [name for name, outcome in outcomes.items() if not isinstance(outcome, Exception)]
    assert len(refused) == 1 and len(applied) == 1, outcomes
    winner = first if applied == ["first"] else second
    assert Entry.objects.filter(classification=classification).count() == 300
    assert set(Entry.objects.values_list("result_import", flat=True)) == {winner.pk}
    assert CrewMember.objects.count() == 600
    assert ResultImport.objects.filter(state=State.APPLIED).count() == 1
