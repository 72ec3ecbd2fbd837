"""A printed race classification as timing services typeset it: the race number set in front
of the rider's name (no number column of its own), the riders not classified under a title
of their own with the laps they were behind, then the race conditions and a log of the race
in the table's columns: the log says why a rider not classified stopped. Written as a PDF
and as the same lines of space-aligned text."""

from __future__ import annotations

from fpdf import FPDF

from results.parsing import parse

#: (x in mm, text) of the table's columns.
COLUMNS = (12, 24, 70, 90, 140, 165)
HEADER = ("Pos", "Pilote", "Nat.", "Equipe", "Temps total", "Ecart")
CLASSIFIED = [
    ("1", "7 Lucas MARCHAND", "FRA", "Team Atlantique", "38'12.402", ""),
    ("2", "44 Pablo RUIZ", "SPA", "Sierra Moto", "38'13.118", "0.716"),
    ("3", "19 Tom BECKER", "GER", "Rhein Racing", "38'15.930", "3.528"),
    ("4", "3 Luca FERRI", "ITA", "Squadra Adriatica", "38'21.007", "8.605"),
    ("5", "61 Daan VISSER", "NED", "Oranje Moto", "38'29.664", "17.262"),
    ("6", "25 Jack TURNER", "GBR", "Team Albion", "38'40.051", "27.649"),
]
NOT_CLASSIFIED = [("", "88 Marc ROUSSEL", "FRA", "Team Atlantique", "21'04.512", "8 tours")]
#: Race conditions in columns of their own, then the log: clock times under the riders'
#: names, the event under the team.
NOTES = [
    ((16, "Piste : sèche"), (55, "Meilleur tour :"), (118, "RUIZ Pablo 2'05.310")),
    ((16, "Air : 18°"), (55, "Pole position :"), (118, "MARCHAND Lucas 2'04.877")),
    ((16, "Humidité : 55%"), (55, "Record du tour (2019) :"), (118, "MEIER Anton 2'05.002")),
]
LOG = [
    ((30, "14:02'10"), (90, "DEPART")),
    ((30, "14:11'02 Jack TURNER"), (90, "chute - repart")),  # fell, went on, classified
    ((30, "14:24'40 Marc ROUSSEL"), (90, "chute - pilote indemne")),
]


def _lines() -> list[list[tuple[int, str]]]:
    table = [list(zip(COLUMNS, row, strict=True)) for row in [HEADER, *CLASSIFIED]]
    nc = [list(zip(COLUMNS, row, strict=True)) for row in NOT_CLASSIFIED]
    return [
        *table,
        [(12, "Non classés")],
        *nc,
        [],
        *[list(n) for n in NOTES],
        [],
        *[list(entry) for entry in LOG],
    ]


def _pdf() -> bytes:
    pdf = FPDF()
    pdf.add_font("Body", "", "/usr/share/fonts/truetype/dejavu/DejaVuSans.ttf")
    pdf.set_font("Body", size=9)
    pdf.add_page()
    pdf.text(12, 15, "Coupe des Volcans - Course 2 - Classement")
    y = 30.0
    for parts in _lines():
        for x, text in parts:
            if text:
                pdf.text(x, y, text)
        y += 5
    return bytes(pdf.output())


def _text() -> bytes:
    def line(parts) -> str:
        out = ""
        for x, text in parts:
            if text:
                out = out.ljust(round(x / 2)) + text
        return out

    body = [line(parts) for parts in _lines()]
    return "\n".join(["Coupe des Volcans - Course 2 - Classement", "", *body, ""]).encode()


def _check(data: bytes, *, log_read: bool) -> None:
    sheet = parse(data)
    got = [(e.position, e.number, e.crew[0].surname, e.status) for e in sheet.entries]
    want = [(int(r[0]), r[1].split()[0], r[1].split()[-1], "classified") for r in CLASSIFIED]
    want += [(None, "88", "ROUSSEL", "retired" if log_read else "nc")]
    assert got == want
    reason = "chute - pilote indemne" if log_read else None
    assert [e.reason for e in sheet.entries] == [None] * 6 + [reason]
    assert ("status-from-log" in {i.code for i in sheet.issues}) is log_read
    # The numbers in front of the names are the race numbers: no doubt on any rider.
    warned = {i.line for i in sheet.issues if i.level == "warning"}
    assert not warned & {e.line for e in sheet.entries}, sheet.issues
    # The sheet's gaps stand; the rider not classified keeps his time, and no gap.
    assert [e.gap_ms for e in sheet.entries] == [0, 716, 3528, 8605, 17262, 27649, None]
    assert sheet.entries[-1].time_ms == (21 * 60 + 4) * 1000 + 512


def test_a_printed_classification_pdf() -> None:
    _check(_pdf(), log_read=True)


def test_a_printed_classification_as_aligned_text() -> None:
    # Halved to characters, the log's last line runs over the table's gutters: it is read as
    # a note of one cell (a warning on it), so the rider keeps the status the sheet gives.
    _check(_text(), log_read=False)
