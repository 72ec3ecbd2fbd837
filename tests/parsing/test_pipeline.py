"""The layout stage on small sheets: each repair and inference shows as an issue on its line,
hints overrule the inference, and unreadable files are a ParseError naming the line."""

from __future__ import annotations

import pytest

from results.parsing import Hints, ParseError, parse


def _sheet(text: str, **kwargs):
    return parse(text.encode("utf-8"), **kwargs)


def _codes(sheet, line: int) -> set[str]:
    return {i.code for i in sheet.issues if i.line == line}


HEADER = "| Clt | N° | Pilote/ Copilote | Voiture | Gr/Cl | Temps | Ecart |"
ROWS = [  # sample 001's first rows
    "| 1 | 1 | LEBRUN Jean Jacques/NOLLET Stevie | Toyota Celica Gt4 | A8 | 05:14,4 | |",
    "| 2 | 6 | PEPIN Pascal/PAILLET Hervé | Mitsubishi Lancer Evo 7 | N4 | 07:56,4 | +02:42,0 |",
    "| 3 | 4 | FOUTERET Sylvain/BLEHAUT Fabrice | Peugeot 306 S16 | F2-14 | 08:36,1 | +03:21,7 |",
    "| 4 | 10 | LENOIR Hervé/HOLGARD Christophe | Renault Clio Williams | A7 | 10:33,6 "
    "| +05:19,2 |",
]


def test_the_header_is_recognised_and_explained_on_its_line():
    sheet = _sheet("\n".join([HEADER, *ROWS]))
    assert sheet.columns == ("position", "number", "crew", "car", "group_class", "time", "gap")
    assert sheet.to_dict()["headings"] == [
        "Clt", "N°", "Pilote/ Copilote", "Voiture", "Gr/Cl", "Temps", "Ecart",
    ]  # fmt: skip
    header = [i for i in sheet.issues if i.code == "header-recognised"]
    assert header[0].line == 1
    assert "Gr/Cl → group_class" in header[0].message


def test_a_sheet_without_header_says_its_roles_came_from_the_content():
    sheet = _sheet("\n".join(ROWS))
    assert [e.position for e in sheet.entries] == [1, 2, 3, 4]
    assert "header-missing" in _codes(sheet, 1)
    assert sheet.to_dict()["headings"] == [None] * 7


def test_a_shifted_row_is_moved_back_with_a_warning():
    rows = [*ROWS[:2], "| " + ROWS[2], *ROWS[3:]]
    sheet = _sheet("\n".join([HEADER, *rows]))
    assert sheet.entries[2].crew[0].surname == "FOUTERET"
    assert sheet.entries[2].time_ms == 516_100
    assert "row-shifted" in _codes(sheet, 4)
    assert [i.line for i in sheet.warnings] == [4]


def test_a_record_over_two_lines_is_joined_on_its_first_line():
    wrapped = [ROWS[0], ROWS[1], "| 3 | 4 | FOUTERET Sylvain/BLEHAUT Fabrice |",
               "| Peugeot 306 S16 | F2-14 | 08:36,1 | +03:21,7 |", ROWS[3]]  # fmt: skip
    sheet = _sheet("\n".join([HEADER, *wrapped]))
    third = sheet.entries[2]
    assert (third.line, third.car, third.group, third.klass) == (4, "Peugeot 306 S16", "F2", "14")
    assert "record-merged" in _codes(sheet, 4)
    assert sheet.entries[3].line == 6


def test_a_stray_line_repeating_the_next_one_is_dropped_with_a_warning():
    rows = [*ROWS[:2], "Peugeot 306 S16 |", *ROWS[2:]]
    rows[3] = "| Peugeot 306 S16 | 3 | 4 | FOUTERET Sylvain/BLEHAUT Fabrice | F2-14 | 08:36,1 | |"
    header = "| Voiture | Clt | N° | Pilote/ Copilote | Gr/Cl | Temps | Ecart |"
    sheet = _sheet("\n".join([header, *rows]))
    assert len(sheet.entries) == 4
    assert "line-repeated" in _codes(sheet, 4)


def test_a_cell_that_slid_left_is_put_back():
    header = "| Clt | N° | Pilotes | Temps | Ecart | Vitesse |"
    rows = [
        "| 1 | 11 | PION Fabrice VIGNERON Marc | 2:48.108 | 27,839 | |",
        "| 2 | 21 | LUTRAT Patrice DOUSSOT Benoit | 2:50.268 | 2.160 | 27,486 |",
        "| 3 | 8 | HUMBERT Damien MICHAUD Kamel | 2:56.567 | 8.459 | 26,505 |",
        "| 4 | 17 | SAVRE Julien MORIZOT Rudy | 2:58.814 | 10.706 | 26,172 |",
    ]
    sheet = _sheet("\n".join([header, *rows]))
    leader = sheet.entries[0]
    assert (leader.gap_ms, leader.speed_kmh) == (0, 27.839)
    assert "cell-slid" in _codes(sheet, 2)


def test_titles_footers_and_repeated_headers_are_skipped_and_said():
    text = "\n".join(["Rallye de la Lozère 2024", HEADER, *ROWS[:2], "Page 1/2", HEADER, *ROWS[2:]])
    sheet = _sheet(text)
    assert len(sheet.entries) == 4
    assert {e.category for e in sheet.entries} == {None}
    assert "title-line" in _codes(sheet, 1)
    assert "line-skipped" in _codes(sheet, 5)
    assert "header-repeated" in _codes(sheet, 6)


def test_several_tables_keep_their_titles_positions_and_gaps():
    text = "\n".join(
        [
            "Classe A", HEADER, ROWS[0], ROWS[3].replace("| 4 |", "| 2 |", 1),
            "Classe N", HEADER, ROWS[1].replace("| 2 |", "| 1 |", 1).replace("+02:42,0", ""),
            "Abandons", HEADER, "| | 9 | DUPONT Jean/MARTIN Paul | Peugeot 205 | N2 | Abandon | |",
        ]
    )  # fmt: skip
    sheet = _sheet(text)
    got = [(e.category, e.position, e.status, e.gap_ms) for e in sheet.entries]
    assert got == [
        ("Classe A", 1, "classified", 0),
        ("Classe A", 2, "classified", 319_200),
        ("Classe N", 1, "classified", 0),
        ("Abandons", None, "retired", None),
    ]


def test_times_are_derived_from_the_leaders_time_and_gaps():
    text = "\n".join(
        [
            "| 1. | GAGNIERE Patrick | GAGNIERE Joffrey | Mitsubishi Lancer Evo IX | en 17'24\"6 |",
            "| 2. | GOETTELMANN Maxime | VINEL Carole | BMW M3 E30 | à 0'08\"3 |",
            "| 3. | BOUCHY Raphaël | COMPAIN Arnaud | PEUGEOT 207 S2000 | à 0'11\"1 |",
        ]
    )
    sheet = _sheet(text)
    assert [(e.time_ms, e.gap_ms) for e in sheet.entries] == [
        (1_044_600, 0),
        (1_052_900, 8_300),
        (1_055_700, 11_100),
    ]
    assert "time-derived" in _codes(sheet, 2)


def test_a_gap_that_disagrees_with_the_times_is_a_warning_and_times_win():
    rows = [*ROWS]
    rows[2] = rows[2].replace("+03:21,7", "+03:29,7")
    sheet = _sheet("\n".join([HEADER, *rows]))
    assert sheet.entries[2].gap_ms == 201_700
    assert "gap-mismatch" in _codes(sheet, 4)


def test_a_gap_for_the_leader_puts_the_whole_gap_column_in_doubt():
    # A column of points or a stage score read as gaps: the leader has one too. One warning
    # on the leader's line covers every line with a gap, not the leader alone.
    text = "\n".join(
        [
            "| Pos | N° | Pilote | Ecart |",
            "| 1 | 31 | ROCHE Alain | 12 |",
            "| 2 | 8 | BLANC Sophie | 15 |",
            "| 3 | 14 | MOREL Yann | 19 |",
        ]
    )
    sheet = _sheet(text)
    doubt = next(i for i in sheet.issues if i.code == "gap-mismatch")
    assert (doubt.line, doubt.level, doubt.lines) == (2, "warning", (2, 3, 4))


def test_positions_out_of_sequence_are_a_warning():
    rows = [*ROWS]
    rows[2] = rows[2].replace("| 3 |", "| 5 |", 1)
    sheet = _sheet("\n".join([HEADER, *rows]))
    assert sheet.entries[2].position == 5
    assert "position-sequence" in _codes(sheet, 4)


def test_an_unreadable_value_names_its_line_and_column():
    rows = [*ROWS]
    rows[1] = rows[1].replace("07:56,4", "7:5x:6")
    sheet = _sheet("\n".join([HEADER, *rows]))
    issue = next(i for i in sheet.issues if i.code == "value-unreadable")
    assert (issue.line, issue.column, issue.level) == (3, "time", "warning")
    assert "7:5x:6" in issue.message


def test_hints_overrule_a_columns_role():
    sheet = _sheet("\n".join([HEADER, *ROWS]), hints=Hints(roles={6: "ignore"}))
    assert sheet.columns[6] == "ignore"
    assert any(i.code == "role-hinted" for i in sheet.issues)


def test_a_hint_says_the_first_row_is_data():
    sheet = _sheet("\n".join(ROWS), hints=Hints(header=False))
    assert len(sheet.entries) == 4
    assert sheet.entries[0].crew[0].surname == "LEBRUN"


@pytest.mark.parametrize(
    ("data", "reason"),
    [
        (b"", "no"),
        (b"\n\n\n", "no"),
        (b"just one line of prose without any columns\n", "no table"),
        (b"\x89PNG\r\n\x1a\n" + b"\x00" * 64, "PNG"),
        (b"%PDF-1.7\n", "PDF"),
    ],
)
def test_unreadable_files_are_a_parse_error_with_a_reason(data, reason):
    with pytest.raises(ParseError) as caught:
        parse(data)
    assert reason.lower() in caught.value.reason.lower()


def test_a_table_with_no_result_in_it_is_a_parse_error_naming_its_line():
    with pytest.raises(ParseError) as caught:
        _sheet(HEADER + "\n| | | | | | | |\n")
    assert "no results" in caught.value.reason


def test_a_hint_fixes_a_column_of_its_own_table_only():
    text = (
        "Classe A\n| Cl. | Pilote | Voiture | Temps |\n"
        "| 1 | DUPONT Jean | Peugeot 208 | 10:00,0 |\n"
        "\nClasse B\n| Voiture | Cl. | Temps | Pilote |\n"
        "| Citroën Saxo | 1 | 11:00,0 | DURAND Luc |\n"
    )
    plain = parse(text.encode())
    assert [(t.table, t.title, t.columns) for t in plain.tables] == [
        (0, "Classe A", ("position", "driver", "car", "time")),
        (1, "Classe B", ("car", "position", "time", "driver")),
    ]
    hinted = parse(text.encode(), hints=Hints(tables={1: {0: "club"}}))
    assert [(e.table, e.car, e.club) for e in hinted.entries] == [
        (0, "Peugeot 208", None),
        (1, None, "Citroën Saxo"),
    ]
