"""What the API tells a program of results that changed: official since when, each revision
(date, reason, what changed), the decisions applied, and the championship rounds still
provisional."""

import datetime

import pytest

from results.models import Classification, Entry, Event
from results.services.decisions import record_decision, retire_decision
from results.services.revising import make_official
from tests.api.conftest import get_json
from tests.views.conftest import RALLY_ROWS, import_rows

pytestmark = pytest.mark.django_db

URL = "/api/v1/events/rallye-des-tests-2024/classifications/general/"
CHAMPIONSHIP = "/api/v1/championships/coupe-fc-2024/"


def test_an_official_classification_gives_when_and_its_revisions_newest_first(
    client, rally, superuser
):
    general = rally.classifications.get()
    make_official(classification=general, user=superuser)
    excluded = Entry.objects.get(classification=general, number="7")
    record_decision(
        entry=excluded,
        kind="exclusion",
        reason="Pneumatiques non conformes",
        reference="Décision n° 3",
        decided_on=datetime.date(2024, 5, 5),
        user=superuser,
    )
    about = get_json(client, URL)[1]["classification"]
    general.refresh_from_db()
    assert about["state"] == "official"
    assert datetime.datetime.fromisoformat(about["official_at"]) == general.official_at
    assert [r["kind"] for r in about["revisions"]] == ["decision", "official", "published"]
    decision = about["revisions"][0]
    assert decision["reason"] == "Pneumatiques non conformes (Décision n° 3)"
    assert decision["changes"]["counts"]["changed"] >= 1
    [crew] = [c for c in decision["changes"]["changed"] if c["crew"].startswith("#7 ")]
    assert {"field": "status", "old": "classified", "new": "dsq"} in crew["fields"]
    assert about["revisions"][-1]["changes"] is None  # first published: nothing before
    assert about["decisions"] == [
        {
            "kind": "exclusion",
            "number": "7",
            "crew": ["Luc DURAND", "Anne PETIT"],
            "value": None,
            "reason": "Pneumatiques non conformes",
            "reference": "Décision n° 3",
            "decided_on": "2024-05-05",
        }
    ]


def test_a_re_import_lists_the_crews_removed_and_a_retired_decision_is_not_given(
    client, rally, superuser
):
    general = rally.classifications.get()
    decision = record_decision(
        entry=Entry.objects.get(classification=general, number="12"),
        kind="time_penalty",
        value=10_000,
        reason="Retard au CH 4",
        decided_on=datetime.date(2024, 5, 5),
        user=superuser,
    )
    import_rows(general, *RALLY_ROWS[:-1])
    about = get_json(client, URL)[1]["classification"]
    assert about["revisions"][0]["kind"] == "revised"
    [removed] = about["revisions"][0]["changes"]["removed"]
    assert removed.startswith("#34 ") and "VINCENT" in removed
    assert [d["value"] for d in about["decisions"]] == [10_000]
    retire_decision(decision=decision, user=superuser)
    assert get_json(client, URL)[1]["classification"]["decisions"] == []


def test_a_championship_flags_its_rounds_still_provisional(client, rally, superuser):
    body = get_json(client, CHAMPIONSHIP)[1]
    assert (body["rally2"], body["tie_breaks"], body["countback"], body["dead_heat"]) == (
        "none", ["countback", "last_event"], "all", "place"
    )  # fmt: skip
    assert [r["provisional"] for r in body["rounds"]] == [True]
    assert body["provisional_rounds"] == [1]
    make_official(classification=rally.classifications.get(), user=superuser)
    body = get_json(client, CHAMPIONSHIP)[1]
    assert [r["provisional"] for r in body["rounds"]] == [False]
    assert body["provisional_rounds"] == []


def test_an_unknown_classification_still_answers_404(client, rally):
    Event.objects.create(name="Autre", slug="autre", date=datetime.date(2024, 1, 1))
    assert client.get("/api/v1/events/autre/classifications/general/").status_code == 404
    assert not Classification.objects.filter(event__slug="autre").exists()
