"""Large sheets through the background jobs, run synchronously (the immediate backend runs the
same task and job code as the worker, within the request)."""

from __future__ import annotations

import datetime

import pytest
from django.contrib.auth.models import Group
from django.urls import reverse
from django.utils import timezone

from results.models import Classification, Club, Entry, Event, ImportJob, ResultImport
from results.services import jobs
from results.services.uploads import start_upload
from tests.services.sheets import generated_rows, pipe_sheet

pytestmark = pytest.mark.django_db
State = ImportJob.State
UPLOAD = reverse("uploads:upload")
QUEUE_ONLY = {"default": {"BACKEND": "django_tasks.backends.dummy.DummyBackend"}}
#: Tables a job writes whatever its outcome: its own row, and the queue's.
JOB_TABLES = {"results_importjob", "django_tasks_db_dbtaskresult"}


@pytest.fixture
def everything_in_background(settings):
    settings.PODIUM_BACKGROUND_UPLOAD_KB = 0
    settings.PODIUM_BACKGROUND_CONFIRM_ROWS = 0


@pytest.fixture
def organiser_client(client, club_organiser):
    client.force_login(club_organiser)
    return client


def post_upload(client, event, data: bytes, **extra):
    fields = {"classification": "Général", "discipline": "rally", "paste": data.decode()}
    if event is not None:
        fields["event"] = event.pk
    return client.post(UPLOAD, {**fields, **extra})


def outside_jobs(snapshot) -> dict:
    return {table: rows for table, rows in snapshot().items() if table not in JOB_TABLES}


def test_a_large_upload_is_read_by_a_job_and_leads_to_its_preview(
    organiser_client, club_event, everything_in_background
):
    response = post_upload(organiser_client, club_event, pipe_sheet(*generated_rows(30)))
    job = ImportJob.objects.get()
    assert response.status_code == 302 and response.url == reverse("uploads:job", args=[job.pk])
    assert job.kind == ImportJob.Kind.READ and job.state == State.DONE
    assert job.step == job.steps and job.source is None  # the bytes are the import's now
    preview = organiser_client.get(response.url)
    assert preview.status_code == 302
    assert preview.url == reverse("uploads:preview", args=[job.result_import_id])
    assert job.result_import.state == ResultImport.State.PREVIEWED
    assert job.result_import.counts["entries"] == 30


def test_a_job_still_waiting_shows_its_progress_bar(organiser_client, club_event, settings):
    settings.PODIUM_BACKGROUND_UPLOAD_KB = 0
    settings.TASKS = QUEUE_ONLY
    response = post_upload(organiser_client, club_event, pipe_sheet(*generated_rows(3)))
    page = organiser_client.get(response.url)
    html = page.content.decode()
    assert page.status_code == 200
    assert '<progress class="podium-progress-bar" max="100" value="' in html
    assert f'<meta http-equiv="refresh" content="2; url={response.url}">' in html
    assert not ResultImport.objects.exists()
    # The worker gets to it: the same page now leads to the preview.
    jobs.run(ImportJob.objects.get().pk)
    assert organiser_client.get(response.url).status_code == 302


def test_an_unreadable_large_sheet_says_why_with_its_line_and_writes_nothing(
    organiser_client, club, club_organiser, everything_in_background, table_snapshot
):
    before = outside_jobs(table_snapshot)
    data = b"\x00" * 10 + b"PK not a workbook"
    response = organiser_client.post(
        UPLOAD,
        {
            "classification": "Général",
            "discipline": "rally",
            "name": "Rallye Neuf",
            "date": "2025-06-01",
            "club": club.pk,
            "file": _file(data),
        },
    )
    job = ImportJob.objects.get()
    assert job.state == State.FAILED and job.error["kind"] == "unreadable"
    page = organiser_client.get(response.url)
    assert page.status_code == 200
    assert "podium-parse-error" in page.content.decode()
    # The new event and its classification went with the failed reading.
    assert outside_jobs(table_snapshot) == before
    assert not Event.objects.filter(name="Rallye Neuf").exists()


def test_the_line_of_a_refused_sheet_is_shown(
    organiser_client, club_event, everything_in_background
):
    # Two header rows and nothing else: a table with no results, refused at its line.
    data = b"| Cl. | N\xc2\xb0 | Pilote |\n"
    post_upload(organiser_client, club_event, data)
    job = ImportJob.objects.get()
    assert job.state == State.FAILED
    assert job.error["line"] == 1
    page = organiser_client.get(reverse("uploads:job", args=[job.pk])).content.decode()
    assert '<pre class="podium-line">| Cl. | N° | Pilote |</pre>' in page
    assert "podium-progress-bar" not in page and "refresh" not in page


def test_a_large_confirm_is_published_by_a_job(
    organiser_client, club_event, everything_in_background
):
    post_upload(organiser_client, club_event, pipe_sheet(*generated_rows(25)))
    result_import = ResultImport.objects.get()
    response = organiser_client.post(reverse("uploads:confirm", args=[result_import.pk]))
    apply_job = ImportJob.objects.get(kind=ImportJob.Kind.APPLY)
    assert response.url == reverse("uploads:job", args=[apply_job.pk])
    assert apply_job.state == State.DONE and apply_job.outcome["entries"] == 25
    assert Entry.objects.filter(classification=result_import.classification).count() == 25
    standings = organiser_client.get(response.url, follow=True)
    assert "25" in standings.content.decode()
    club_event.refresh_from_db()
    assert club_event.published


def test_a_second_confirm_while_the_first_is_queued_is_refused_with_409(
    organiser_client, club_event, everything_in_background, settings
):
    post_upload(organiser_client, club_event, pipe_sheet(*generated_rows(5)))
    result_import = ResultImport.objects.get()
    settings.TASKS = QUEUE_ONLY
    url = reverse("uploads:confirm", args=[result_import.pk])
    first = organiser_client.post(url)
    second = organiser_client.post(url)
    assert first.status_code == 302 and second.status_code == 409
    assert ImportJob.objects.filter(kind=ImportJob.Kind.APPLY).count() == 1
    # Meanwhile the preview's address shows the publication's progress, not a confirm button.
    page = organiser_client.get(reverse("uploads:preview", args=[result_import.pk]))
    assert b"podium-progress-bar" in page.content and b"podium-confirm" not in page.content
    job = ImportJob.objects.get(kind=ImportJob.Kind.APPLY)
    jobs.run(job.pk)
    jobs.run(job.pk)  # delivered twice: the second run finds it done
    assert Entry.objects.filter(classification=result_import.classification).count() == 5
    assert ResultImport.objects.get().state == ResultImport.State.APPLIED


def test_a_failed_publication_leaves_the_results_and_the_preview_says_why(
    organiser_client, club_event, club_organiser, everything_in_background, table_snapshot
):
    post_upload(organiser_client, club_event, pipe_sheet(*generated_rows(4)))
    stale = ResultImport.objects.get()
    # Another import of the same classification is published first: the preview is stale.
    fresh = start_upload(
        user=club_organiser,
        data=pipe_sheet(*generated_rows(3, offset=50)),
        source_name="other.txt",
        event=club_event,
        classification_name="Général",
    )
    from results.services.uploads import confirm

    confirm(result_import=fresh)
    before = outside_jobs(table_snapshot)
    organiser_client.post(reverse("uploads:confirm", args=[stale.pk]))
    job = ImportJob.objects.get(kind=ImportJob.Kind.APPLY)
    assert job.state == State.FAILED and job.error["kind"] == "stale"
    assert outside_jobs(table_snapshot) == before
    page = organiser_client.get(reverse("uploads:job", args=[job.pk]), follow=True)
    assert "errornote" in page.content.decode()
    assert page.redirect_chain[-1][0] == reverse("uploads:preview", args=[stale.pk])


def test_a_worker_stopped_mid_job_is_made_good_by_the_next_one(
    club_event, club_organiser, settings
):
    settings.TASKS = QUEUE_ONLY
    job = jobs.start_read(
        user=club_organiser,
        data=pipe_sheet(*generated_rows(6)),
        source_name="big.txt",
        classification_name="Général",
        event=club_event,
    )
    # A worker took it, then stopped (its transaction rolled back): running, silent.
    silent_since = timezone.now() - datetime.timedelta(
        seconds=settings.PODIUM_JOB_STALE_SECONDS + 5
    )
    ImportJob.objects.filter(pk=job.pk).update(state=State.RUNNING, heartbeat_at=silent_since)
    alive = jobs.start_read(
        user=club_organiser,
        data=pipe_sheet(*generated_rows(2)),
        source_name="small.txt",
        classification_name="Autre",
        event=club_event,
    )
    ImportJob.objects.filter(pk=alive.pk).update(state=State.RUNNING, heartbeat_at=timezone.now())
    settings.TASKS = {"default": {"BACKEND": "django_tasks.backends.immediate.ImmediateBackend"}}
    assert jobs.recover() == [job.pk]
    job.refresh_from_db()
    assert job.state == State.DONE and job.result_import.counts["entries"] == 6
    assert ImportJob.objects.get(pk=alive.pk).state == State.RUNNING
    assert jobs.recover() == []


def test_another_clubs_organiser_cannot_see_a_job(
    client, django_user_model, club_event, club_organiser, everything_in_background
):
    job = jobs.start_read(
        user=club_organiser,
        data=pipe_sheet(*generated_rows(2)),
        source_name="a.txt",
        classification_name="Général",
        event=club_event,
    )
    stranger = django_user_model.objects.create_user("other", password="pw", is_staff=True)
    # An organiser of another club.
    stranger.groups.add(Group.objects.get(name="Organisers"))
    Club.objects.create(name="ASA B").members.add(stranger)
    client.force_login(stranger)
    assert client.get(reverse("uploads:job", args=[job.pk])).status_code == 403
    client.logout()
    assert client.get(reverse("uploads:job", args=[job.pk])).status_code == 302  # the login
    client.force_login(club_organiser)
    assert client.get(reverse("uploads:job", args=[job.pk + 1000])).status_code == 404


def test_small_sheets_stay_in_the_request(organiser_client, club_event):
    response = post_upload(organiser_client, club_event, pipe_sheet(*generated_rows(3)))
    result_import = ResultImport.objects.get()
    assert response.url == reverse("uploads:preview", args=[result_import.pk])
    organiser_client.post(reverse("uploads:confirm", args=[result_import.pk]))
    assert not ImportJob.objects.exists()
    assert Classification.objects.get().entries.count() == 3


def _file(data: bytes):
    from django.core.files.uploadedfile import SimpleUploadedFile

    return SimpleUploadedFile("results.xlsx", data)


def test_ended_jobs_are_purged_with_the_old_previews_unfinished_ones_stay(
    club_event, club_organiser, settings
):
    from io import StringIO

    from django.core.management import call_command

    settings.TASKS = QUEUE_ONLY
    made = [
        jobs.start_read(
            user=club_organiser,
            data=pipe_sheet(*generated_rows(2)),
            source_name=f"{n}.txt",
            classification_name="Général",
            event=club_event,
        )
        for n in range(3)
    ]
    old = timezone.now() - datetime.timedelta(hours=settings.PODIUM_PREVIEW_MAX_AGE_HOURS + 1)
    ImportJob.objects.filter(pk=made[0].pk).update(state=State.FAILED, created_at=old)
    ImportJob.objects.filter(pk=made[1].pk).update(state=State.RUNNING, created_at=old)
    ImportJob.objects.filter(pk=made[2].pk).update(state=State.DONE)  # recent
    out = StringIO()
    call_command("purge_previews", stdout=out)
    assert "Deleted 1 ended background job(s)" in out.getvalue()
    assert set(ImportJob.objects.values_list("pk", flat=True)) == {made[1].pk, made[2].pk}


def role_post(result_import: ResultImport, **changes: str) -> dict[str, str]:
    columns = result_import.sheet["columns"]
    post = {f"role_{i}": role for i, role in enumerate(columns)}
    for role, new in changes.items():
        post[f"role_{columns.index(role)}"] = new
    return {**post, "header": ""}


def test_a_large_preview_is_read_again_with_corrections_by_a_job(
    organiser_client, club_event, everything_in_background
):
    post_upload(organiser_client, club_event, pipe_sheet(*generated_rows(12)))
    first = ResultImport.objects.get()
    url = reverse("uploads:reparse", args=[first.pk])
    response = organiser_client.post(url, role_post(first, car="club"))
    job = ImportJob.objects.get(params__reread=first.pk)
    assert response.url == reverse("uploads:job", args=[job.pk])
    fresh = ResultImport.objects.order_by("-pk").first()
    assert job.state == State.DONE and job.result_import == fresh
    assert organiser_client.get(response.url).url == reverse("uploads:preview", args=[fresh.pk])
    assert fresh.sheet["entries"][0]["club"] == "Peugeot 106 S16"
    first.refresh_from_db()
    assert first.was_read_again


def test_corrections_that_make_a_large_preview_unreadable_leave_it_and_say_why(
    organiser_client, club_event, everything_in_background, table_snapshot
):
    post_upload(organiser_client, club_event, pipe_sheet(*generated_rows(12)))
    first = ResultImport.objects.get()
    columns = first.sheet["columns"]
    nothing = {f"role_{i}": "ignore" for i in range(len(columns))}
    before = outside_jobs(table_snapshot)
    response = organiser_client.post(
        reverse("uploads:reparse", args=[first.pk]), {**nothing, "header": ""}
    )
    job = ImportJob.objects.get(params__reread=first.pk)
    assert job.state == State.FAILED and job.error["kind"] == "unreadable"
    assert outside_jobs(table_snapshot) == before
    page = organiser_client.get(response.url, follow=True)
    assert page.redirect_chain[-1][0] == reverse("uploads:preview", args=[first.pk])
    assert "errornote" in page.content.decode()
    assert ResultImport.objects.get().state == ResultImport.State.PREVIEWED


def test_a_large_sheet_the_organiser_says_is_one_stage_goes_to_that_stage(
    organiser_client, club_event, everything_in_background
):
    # Read by the worker, the organiser's word on what the sheet is holds as in the request.
    post_upload(
        organiser_client, club_event, pipe_sheet(*generated_rows(5)), scope="stage", stage="ES 4"
    )
    result_import = ImportJob.objects.get().result_import
    table = result_import.classification
    assert (table.slug, table.stage_name, table.stage_order) == ("es4", "ES4", 4)
    assert result_import.scope["by"] == "organiser"
