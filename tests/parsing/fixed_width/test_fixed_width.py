"""Space-aligned text: two sheets written from the samples' facts by hand, before the reader
existed, and every sample typeset as aligned text; each must read as the sample does."""

from __future__ import annotations

import contextlib
import json
import time
from pathlib import Path
from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from results.parsing import ParseError, parse
from results.parsing.readers import read
from results.parsing.readers.fixed_width import read_fixed_width
from tests.parsing.pdf.typeset import sample_table, to_text
from tests.parsing.sheets.expectations import entry_mismatches

HERE = Path(__file__).resolve().parent
GOLDEN = HERE.parent / "sheets" / "samples"
SHEETS = ["kart_meilleur_tour_aligne.txt", "rallye_sprint_deux_pages.txt"]
#: Samples whose rows are one line each; sample 003's records span two lines of its paste.
TYPESET = ["000", "001", "002", "004"]


def expected(name: str) -> dict[str, Any]:
    stem = name.split(".", 1)[0]
    return json.loads((HERE / f"{stem}.expected.json").read_text(encoding="utf-8"))


def golden(stem: str) -> list[dict[str, Any]]:
    path = next(GOLDEN.glob(f"{stem}_*.json"))
    return json.loads(path.read_text(encoding="utf-8"))["entries"]


def same_facts(stem: str, got: list[dict[str, Any]], what: str) -> list[str]:
    """Every field but where it stands (line, page) and the table title, against the sample."""
    want = golden(stem)
    moved = [
        {**g, "line": w["line"], "page": None, "category": None}
        for w, g in zip(want, got, strict=False)
    ]
    return entry_mismatches(f"{stem} {what}", want, moved) + (
        [] if len(want) == len(got) else [f"{len(want)} entries expected, {len(got)} read"]
    )


@pytest.mark.parametrize("name", SHEETS)
def test_hand_written_sheets_every_field(name: str) -> None:
    sheet = parse((HERE / name).read_bytes(), filename=name)
    assert sheet.format == "fixed"
    problems = entry_mismatches(name, expected(name)["entries"], sheet.to_dict()["entries"])
    assert not problems, "\n".join(problems)


@pytest.mark.parametrize("name", SHEETS)
def test_hand_written_sheets_warnings(name: str) -> None:
    issues = parse((HERE / name).read_bytes()).to_dict()["issues"]
    warned = {i["line"] for i in issues if i["level"] == "warning"}
    assert set(expected(name)["warnings"]) <= warned, issues


def test_spilled_cell_is_cut_at_the_next_column_and_reported() -> None:
    sheet = parse((HERE / "kart_meilleur_tour_aligne.txt").read_bytes())
    spilled = [i for i in sheet.issues if i.code == "cell-spilled"]
    assert [i.line for i in spilled] == [19]
    entry = next(e for e in sheet.entries if e.line == 19)
    assert [p.surname for p in entry.crew] == ["HECKLY", "LAMOUREUX", "LAMOUREUX"]
    assert entry.group == "3P"


def test_right_aligned_numbers_are_reported_on_the_header() -> None:
    sheet = parse((HERE / "kart_meilleur_tour_aligne.txt").read_bytes())
    right = {i.message.split("'")[1] for i in sheet.issues if i.code == "column-right-aligned"}
    assert {"Clt", "N°", "Cyl", "Temps", "Tour", "Ecart", "Vitesse"} <= right
    assert all(i.line == 3 for i in sheet.issues if i.code == "column-right-aligned")


def test_page_heading_footer_and_second_table() -> None:
    sheet = parse((HERE / "rallye_sprint_deux_pages.txt").read_bytes())
    codes = {(i.line, i.code) for i in sheet.issues}
    assert {(17, "line-skipped"), (18, "line-skipped"), (20, "header-repeated")} <= codes
    assert {(16, "line-skipped"), (34, "line-skipped")} <= codes  # the page footers
    assert (30, "columns-realigned") in codes  # the retirements have columns of their own
    assert (9, "record-merged") in codes  # the crew wrapped onto line 10


# Headings set left over numbers right-aligned two or three spaces past them (`Tours`, `Tps`),
# and a row with no time: each heading still names its numbers.
_OFFSET_HEADINGS = """\
Clt  Dos  Pilote               Tours         Tps
1     27  ROCHE Alain                 18   24:10.5
2      3  BLANC Sophie                18   24:12.9
3    112  MOREL Yann                  17   24:30.1
4     45  GIRARD Luc                  17
"""


def test_a_heading_beside_its_right_aligned_numbers_names_them() -> None:
    sheet = parse(_OFFSET_HEADINGS.encode())
    assert list(sheet.headings) == ["Clt", "Dos", "Pilote", "Tours", "Tps"]
    assert [e.laps for e in sheet.entries] == [18, 18, 17, 17]
    assert [e.time_ms for e in sheet.entries][:3] == [1_450_500, 1_452_900, 1_470_100]


def test_a_heading_over_an_empty_column_still_makes_one() -> None:
    # A heading far from any cell (more than three spaces) names a column of its own.
    text = _OFFSET_HEADINGS.replace("Tps\n", "Tps     Pen.\n", 1)
    sheet = parse(text.encode())
    assert list(sheet.headings)[-1] == "Pen."
    assert [e.laps for e in sheet.entries] == [18, 18, 17, 17]


@pytest.mark.parametrize("stem", TYPESET)
def test_samples_typeset_as_aligned_text(stem: str) -> None:
    sheet = parse(to_text(sample_table(stem)).encode("utf-8"))
    assert sheet.format == "fixed"
    problems = same_facts(stem, sheet.to_dict()["entries"], "as aligned text")
    assert not problems, "\n".join(problems)


def test_aligned_text_in_windows_1252() -> None:
    data = to_text(sample_table("002")).encode("cp1252")
    sheet = parse(data)
    assert sheet.entries[5].crew[0].surname == "ANDRÉ"
    assert any(i.code == "decoded-cp1252" for i in sheet.issues)


@pytest.mark.parametrize("stem", ["001", "002", "004"])
def test_delimited_samples_are_not_taken_for_aligned_text(stem: str) -> None:
    path = next((HERE.parents[2] / "samples").glob(f"{stem}_*.txt"))
    assert read(path.read_bytes()).format == "pipe"


def test_prose_is_no_table() -> None:
    with pytest.raises(ParseError):
        parse(b"Le rallye a eu lieu sous la pluie.\nMerci aux commissaires.\n")


@pytest.mark.parametrize(
    "text",
    [
        " " * 1_000_000,
        "\n" * 100_000,
        ("1  2  3  " * 2000 + "\n") * 50,
        "".join(f"{i}  NAME{i}  {i * 7 % 13}:{i % 60:02d}\n" for i in range(20_000)),
    ],
    ids=["spaces", "empty-lines", "wide", "long"],
)
def test_hostile_text_is_quick(text: str) -> None:
    started = time.perf_counter()
    with contextlib.suppress(ParseError):
        read_fixed_width(text)
    assert time.perf_counter() - started < 10


@settings(max_examples=150, deadline=None)
@given(st.text(alphabet=st.sampled_from(list("  \n\t\fAZé19:.,-/|")), max_size=400))
def test_any_text_gives_a_grid_or_a_parse_error(text: str) -> None:
    try:
        grid = read_fixed_width(text)
    except ParseError:
        return
    assert all(all(isinstance(c, str) for c in row.cells) for row in grid.rows)
    assert [r.line for r in grid.rows] == sorted(r.line for r in grid.rows)
