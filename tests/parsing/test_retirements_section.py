"""A retirements section at a table's foot, after a blank line: its title is no part of the
last classified record, and a row with no place and no time that says where and why it
stopped retired (it did not fail to start)."""

from __future__ import annotations

import pytest

from results.parsing import parse

SHEET = """\
ADAC Rallye Oberland 2025 - Gesamtwertung

Pl.  Nr.  Nat.  Fahrer / Beifahrer                  Fahrzeug               Kl.   Zeit        Abstand
1    2    D     HUBER Max / MAIER Lisa              Skoda Fabia RS Rally2  RC2   58:12,4
2    5    A     GRUBER Thomas / BAUER Eva           VW Polo GTI R5         RC2   58:55,1     +42,7
3    11   CH    KELLER Urs / MEIER Anna             Peugeot 208 Rally4     RC4   1:01:03,8   +2:51,4
4    8    D     WEBER Jonas / SCHULZ Tim            Opel Corsa Rally4      RC4   1:01:40,2   +3:27,8
5    14   D     FISCHER Paul / WOLF Marie           Ford Fiesta Rally3     RC3   1:02:11,0   +3:58,6

{title}
     7    A     HOFER Jakob / BERGER Lena           Citroën C3 Rally2      RC2   WP 4 Motor
     12   D     KLEIN Felix / NEUMANN Sara          Renault Clio Rally5    RC5   WP 2 Unfall
"""


@pytest.mark.parametrize("title", ["Ausfälle", "Sonstige"])
def test_the_section_after_a_blank_line_is_read_apart(title):
    sheet = parse(SHEET.format(title=title).encode())
    entries = sheet.entries
    assert [(e.position, e.number, e.status) for e in entries] == [
        (1, "2", "classified"),
        (2, "5", "classified"),
        (3, "11", "classified"),
        (4, "8", "classified"),
        (5, "14", "classified"),
        (None, "7", "retired"),
        (None, "12", "retired"),
    ]
    assert [(e.retired_at, e.reason) for e in entries[5:]] == [("WP4", "Motor"), ("WP2", "Unfall")]
    assert [e.nationality for e in entries] == ["D", "A", "CH", "D", "D", "A", "D"]
    assert [e.time_ms for e in entries[:5]] == [
        3_492_400,
        3_535_100,
        3_663_800,
        3_700_200,
        3_731_000,
    ]
    # The last classified record keeps its own cells only.
    assert not [i for i in sheet.issues if i.code == "record-merged"]
