import os
import subprocess
import sys
from io import StringIO

import pytest
from django.core.management import CommandError, call_command

from results.models import Entry, Event, ResultImport
from tests.conftest import ROOT, SAMPLES

pytestmark = pytest.mark.django_db

SAMPLE = SAMPLES / "001_3c2131422dfc3f44.txt"


def run(*args: str) -> str:
    out = StringIO()
    call_command("import_results", *args, stdout=out)
    return out.getvalue()


def test_it_imports_a_sheet_into_a_new_event_and_says_what_it_did():
    out = run(
        str(SAMPLE),
        "--name",
        "Rallye de la Lys",
        "--date",
        "2024-09-08",
        "--place",
        "Merville",
        "--classification",
        "Scratch",
    )
    event = Event.objects.get()
    assert (event.slug, event.place, event.published) == ("rallye-de-la-lys-2024", "Merville", True)
    assert event.classifications.get().name == "Scratch"
    count = Entry.objects.count()
    assert count > 0
    assert out.startswith(f"Imported {count} entries into rallye-de-la-lys-2024 / Scratch: ")
    assert f"people matched 0, by alias 0, new {2 * count}" in out


def test_a_second_run_matches_everyone_and_replaces_the_entries():
    args = (str(SAMPLE), "--name", "Rallye", "--date", "2024-09-08", "--event", "lys")
    run(*args)
    count = Entry.objects.count()
    out = run(*args)
    assert f"new 0; cars new 0; entries replaced {count}." in out
    assert Entry.objects.count() == count


def test_a_dry_run_writes_nothing():
    out = run(str(SAMPLE), "--name", "Rallye", "--date", "2024-09-08", "--dry-run")
    assert out.startswith("Would import ")
    assert "Dry run: nothing was written." in out
    assert (Event.objects.count(), Entry.objects.count(), ResultImport.objects.count()) == (0, 0, 0)


def test_warnings_are_printed_with_their_lines():
    out = run(str(SAMPLES / "000_d4f1e76bf8a4d4ec.txt"), "--name", "R", "--date", "2024-06-15")
    warnings = [line for line in out.splitlines() if ": warning: " in line]
    assert warnings
    assert all(line.startswith(f"{SAMPLES / '000_d4f1e76bf8a4d4ec.txt'}:") for line in warnings)


@pytest.mark.parametrize(
    ("args", "message"),
    [
        (["--date", "2024-13-01"], "--date must be YYYY-MM-DD; got '2024-13-01'"),
        (["--date", "yesterday"], "--date must be YYYY-MM-DD"),
    ],
)
def test_a_bad_date_names_the_file(args, message):
    with pytest.raises(CommandError) as caught:
        run(str(SAMPLE), "--name", "R", *args)
    assert str(caught.value).startswith(f"{SAMPLE}: ")
    assert message in str(caught.value)


def test_an_unreadable_file_is_an_error(tmp_path):
    missing = tmp_path / "nope.txt"
    with pytest.raises(CommandError, match=f"^{missing}: cannot read the file"):
        run(str(missing), "--name", "R", "--date", "2024-01-01")


def test_a_sheet_that_cannot_be_read_is_an_error_and_leaves_no_event(tmp_path):
    bad = tmp_path / "bad.txt"
    bad.write_text("hello\n")
    with pytest.raises(CommandError, match=f"^{bad}"):
        run(str(bad), "--name", "R", "--date", "2024-01-01")
    assert Event.objects.count() == 0


def test_a_sheet_with_a_problem_names_its_line(tmp_path):
    sheet = tmp_path / "dup.txt"
    sheet.write_text(
        "| Cl. | N° | Pilote/ Copilote | Voiture | Gr/Cl | Temps | Ecart |\n"
        "| 1 | 12 | DUPONT Jean/MARTIN Paul | Peugeot 206 | N3 | 10:00,0 | |\n"
        "| 2 | 12 | DURAND Luc/PETIT Anne | Peugeot 206 | N3 | 10:05,0 | +00:05,0 |\n"
    )
    with pytest.raises(CommandError, match=f"^{sheet}:3: .*race number 12 is also on line 2"):
        run(str(sheet), "--name", "R", "--date", "2024-01-01")


def manage(*args: str, env: dict[str, str]) -> subprocess.CompletedProcess:
    return subprocess.run(
        [sys.executable, "manage.py", *args],
        cwd=ROOT,
        env={**os.environ, **env},
        capture_output=True,
        text=True,
        timeout=120,
    )


@pytest.fixture
def fresh_database(tmp_path) -> dict[str, str]:
    env = {"DEBUG": "1", "DATABASE_URL": f"sqlite:///{tmp_path / 'cli.sqlite3'}"}
    assert manage("migrate", "--noinput", env=env).returncode == 0
    return env


def test_the_exit_codes_of_the_command(fresh_database, tmp_path):
    ok = manage(
        "import_results", str(SAMPLE), "--name", "R", "--date", "2024-01-01", env=fresh_database
    )
    assert ok.returncode == 0, ok.stderr
    assert ok.stdout.startswith("Imported ")

    bad = tmp_path / "bad.txt"
    bad.write_text("hello\n")
    failed = manage(
        "import_results", str(bad), "--name", "R", "--date", "2024-01-01", env=fresh_database
    )
    assert failed.returncode != 0
    assert f"{bad}" in failed.stderr

    bad_date = manage(
        "import_results", str(SAMPLE), "--name", "R", "--date", "01/02/2024", env=fresh_database
    )
    assert bad_date.returncode != 0
    assert f"{SAMPLE}: --date must be YYYY-MM-DD" in bad_date.stderr
