"""One import, one data version bump: the commands' writes end with a single `data_changed`.

Counted honestly: by the version of scope `all`, which every real call bumps once.
"""

import json
import shutil
from io import StringIO

import pytest
from django.core.management import CommandError, call_command
from django.db import transaction

from results.models import Event, Person
from results.services import freshness
from results.services.freshness import data_changed, one_data_change, version_of
from tests.conftest import SAMPLES

pytestmark = pytest.mark.django_db

SAMPLE = SAMPLES / "001_3c2131422dfc3f44.txt"


def import_results(*args: str) -> None:
    call_command("import_results", *args, stdout=StringIO())


def test_an_import_into_a_new_event_bumps_the_version_once():
    before = version_of("all")
    import_results(str(SAMPLE), "--name", "Rallye de la Lys", "--date", "2024-09-08")
    event = Event.objects.get()
    assert version_of("all") == before + 1
    assert version_of(f"event:{event.pk}") == 1
    # The one call still names everyone the import seated.
    person = Person.objects.get(search_key="lebrun jean jacques")
    assert version_of(f"person:{person.pk}") == 1


def test_an_import_into_a_new_classification_of_an_event_bumps_the_version_once():
    args = (str(SAMPLE), "--name", "Rallye", "--date", "2024-09-08", "--event", "lys")
    import_results(*args)
    before = version_of("all")
    import_results(*args, "--classification", "VHC", "--place", "Merville")
    assert version_of("all") == before + 1


def test_a_dry_run_and_a_refused_import_bump_nothing(tmp_path):
    before = version_of("all")
    import_results(str(SAMPLE), "--name", "Rallye", "--date", "2024-09-08", "--dry-run")
    bad = tmp_path / "bad.txt"
    bad.write_text("hello\n")
    with pytest.raises(CommandError, match=r"bad\.txt"):
        import_results(str(bad), "--name", "Rallye", "--date", "2024-09-08")
    assert version_of("all") == before
    assert not Event.objects.exists()


def test_load_samples_bumps_the_version_once_per_sheet(tmp_path):
    # Hill climbs: no demo championship (a write of its own) over them.
    for name in ("000_d4f1e76bf8a4d4ec.txt", "001_3c2131422dfc3f44.txt"):
        shutil.copy(SAMPLES / name, tmp_path / name)
    (tmp_path / "bad.txt").write_text("hello\n")
    samples = [
        {"file": name, "slug": f"course-{n}", "name": f"Course {n}", "date": "2024-06-15"}
        for n, name in enumerate(sorted(path.name for path in tmp_path.iterdir()))
    ]
    for sample in samples:
        sample["discipline"] = "hill_climb"
    (tmp_path / "index.json").write_text(json.dumps({"note": "test", "samples": samples}))
    before = version_of("all")
    call_command("load_samples", "--dir", str(tmp_path), stdout=StringIO(), stderr=StringIO())
    # Two sheets applied; the unreadable one keeps its event and failed import: one bump too.
    assert version_of("all") == before + 3
    for event in Event.objects.all():
        assert version_of(f"event:{event.pk}") == 1


def test_inside_the_block_calls_are_noted_then_made_once():
    with transaction.atomic(), one_data_change():
        data_changed()
        data_changed()
        with one_data_change():
            data_changed()
        assert version_of("all") == 0
    assert version_of("all") == 1


@pytest.fixture
def real_calls(monkeypatch) -> list[dict]:
    """The calls a `one_data_change` block makes once it ends: a spy on `data_changed` that
    records each call and makes it. (Calls inside the tests use the name imported above, the
    unwrapped function, so the spy sees only what the block itself calls.)"""
    calls: list[dict] = []
    real = freshness.data_changed

    def spy(**kwargs):
        calls.append(kwargs)
        return real(**kwargs)

    monkeypatch.setattr(freshness, "data_changed", spy)
    return calls


def test_a_block_that_raises_or_rolls_back_makes_no_call(real_calls):
    with pytest.raises(ValueError), transaction.atomic(), one_data_change():
        data_changed(events=[1])
        raise ValueError
    assert real_calls == []
    with transaction.atomic(), one_data_change():
        data_changed(events=[1])
        transaction.set_rollback(True)
    assert real_calls == []
    with transaction.atomic(), one_data_change():
        pass
    assert real_calls == []
    with transaction.atomic(), one_data_change():
        data_changed(events=[1])
        data_changed(people=[2])
    assert real_calls == [
        {
            "events": {1},
            "people": {2},
            "seated": set(),
            "championships": set(),
            "publication": set(),
        }
    ]
    assert version_of("all") == 1
