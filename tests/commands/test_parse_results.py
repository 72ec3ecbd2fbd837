"""`manage.py parse_results FILE [--json]`: the organiser's check before uploading."""

import json
import os
import subprocess
import sys
from io import StringIO

from django.core.management import call_command

from results.parsing import parse
from tests.conftest import ROOT, SAMPLES

SAMPLE = SAMPLES / "004_83dea01faf2b23b0.txt"


def _run(*args: str) -> str:
    out = StringIO()
    call_command("parse_results", *args, stdout=out)
    return out.getvalue()


def test_json_prints_exactly_the_parse_contract():
    printed = json.loads(_run(str(SAMPLE), "--json"))
    assert printed == json.loads(json.dumps(parse(SAMPLE.read_bytes()).to_dict()))
    assert list(printed) == ["format", "columns", "headings", "entries", "issues", "tables"]


def test_the_readable_table_shows_roles_entries_and_issues_with_their_lines():
    out = _run(str(SAMPLE))
    assert "pipe, 34 entries" in out
    assert "2=number, 3=crew" in out
    assert "PION Fabrice / VIGNERON Marc" in out
    assert "2:48.108" in out
    assert "line 2: warning: cell-slid:" in out


def _subprocess(*args: str) -> subprocess.CompletedProcess:
    env = {**os.environ, "DEBUG": "1"}
    return subprocess.run(
        [sys.executable, "manage.py", "parse_results", *args],
        cwd=ROOT,
        env=env,
        capture_output=True,
        text=True,
        timeout=120,
    )


def test_an_unreadable_file_exits_1_with_the_file_and_the_reason(tmp_path):
    bad = tmp_path / "results.csv"
    bad.write_bytes(b"\x89PNG\r\n\x1a\n" + b"\x00" * 32)
    done = _subprocess(str(bad))
    assert done.returncode == 1
    assert done.stderr.startswith(f"{bad}: this is a PNG image, not a results table")


def test_a_table_without_results_names_its_line(tmp_path):
    bad = tmp_path / "empty.txt"
    bad.write_text("| Clt | N° | Pilote | Temps |\n| | | | |\n", encoding="utf-8")
    done = _subprocess(str(bad))
    assert done.returncode == 1
    assert done.stderr.startswith(f"{bad}:1: no results rows found")


def test_a_missing_file_exits_non_zero_with_its_name(tmp_path):
    done = _subprocess(str(tmp_path / "nope.txt"))
    assert done.returncode != 0
    assert "nope.txt: cannot read the file" in done.stderr
