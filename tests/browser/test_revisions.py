"""A fan reads, in a real browser, that results are official since when, and what changed."""

from __future__ import annotations

import datetime

from django.utils import timezone

from results.models import Classification, Entry, Event
from results.services.decisions import record_decision
from results.services.importing import apply_import, preview_import
from results.services.revising import make_official
from tests.services.sheets import generated_rows, pipe_sheet


def test_a_fan_sees_official_since_and_the_revision_list(page, live_server, car_makes, superuser):
    event = Event.objects.create(
        name="Rallye du Vexin", slug="rallye-vexin-2025", date="2025-03-12", published=True
    )
    classification = Classification.objects.create(event=event, slug="general")
    sheet = pipe_sheet(*generated_rows(6))
    apply_import(preview_import(classification=classification, data=sheet, source_name="s.txt"))
    make_official(classification=classification, user=superuser)
    moment = timezone.make_aware(datetime.datetime(2025, 3, 12, 18, 40))
    Classification.objects.filter(pk=classification.pk).update(official_at=moment)
    record_decision(
        entry=Entry.objects.get(classification=classification, number=1),
        kind="exclusion",
        reason="Pneumatiques non conformes",
        reference="Décision n° 3",
        decided_on=datetime.date(2025, 3, 13),
        user=superuser,
    )

    page.goto(f"{live_server.url}/fr/events/{event.slug}/")
    state = page.locator("p.official-state")
    assert state.inner_text() == "Officiel depuis le 12 mars 2025, 18 h 40"
    assert state.is_visible()
    revisions = page.locator("section.revisions li.revision")
    assert revisions.count() == 3  # the decision, made official, first published
    newest = revisions.first
    assert newest.is_visible()
    assert "Pneumatiques non conformes (Décision n° 3)" in newest.inner_text()
    assert "Statut Classé → Exclu" in newest.inner_text()
    page.goto(f"{live_server.url}/en/events/{event.slug}/")
    assert page.locator("p.official-state").inner_text() == "Official since 12 March 2025, 18:40"
