"""An endurance race's classification listing each team's drivers under the team's line, each
with their own laps and best lap: the drivers are the entry's crew, the team its team, and the
drivers' own laps are no entry's."""

from __future__ import annotations

import io

import openpyxl

from results.parsing import parse

TEAMS = [
    (1, 7, "Kart Team Braga", "PRO", 374, "6:00:41.233",
     [("João Pedro ANTUNES", 113, "0:53.871"), ("Tiago SÁ CARNEIRO", 144, "0:53.602"),
      ("Rui Miguel VASCONCELOS", 117, "0:54.010")]),
    (2, 3, "GP Minho Racing", "PRO", 374, "6:01:03.150",
     [("Diogo GONÇALVES", 123, "0:53.944"), ("Francisco LOBO XAVIER", 118, "0:54.120")]),
    (3, 12, "Equipa Ave Motorsport", "AM", 371, "6:00:58.004",
     [("Bruno FERREIRA", 190, "0:54.301"), ("Marta SOUSA LIMA", 181, "0:54.555")]),
]  # fmt: skip


def _workbook() -> bytes:
    book = openpyxl.Workbook()
    sheet = book.active
    sheet.append(["6 Horas de Resistência - Classificação final"])
    sheet.append([])
    sheet.append(["Pos.", "Nº", "Equipa / Piloto", "Cat.", "Voltas", "Tempo Total", "Melhor Volta"])
    for pos, no, team, cat, laps, total, drivers in TEAMS:
        sheet.append([pos, no, team, cat, laps, total, None])
        for name, own_laps, best in drivers:
            sheet.append([None, None, name, None, own_laps, None, best])
    data = io.BytesIO()
    book.save(data)
    return data.getvalue()


def test_each_teams_drivers_are_its_crew():
    sheet = parse(_workbook(), filename="resistencia.xlsx")
    got = [
        (e.position, e.number, e.team, e.klass or e.group, e.laps, e.time_ms, e.status)
        for e in sheet.entries
    ]
    assert got == [
        (1, "7", "Kart Team Braga", "PRO", 374, 21_641_233, "classified"),
        (2, "3", "GP Minho Racing", "PRO", 374, 21_663_150, "classified"),
        (3, "12", "Equipa Ave Motorsport", "AM", 371, 21_658_004, "classified"),
    ]
    assert [[(p.surname, p.first_name) for p in e.crew] for e in sheet.entries] == [
        [("ANTUNES", "João Pedro"), ("SÁ CARNEIRO", "Tiago"), ("VASCONCELOS", "Rui Miguel")],
        [("GONÇALVES", "Diogo"), ("LOBO XAVIER", "Francisco")],
        [("FERREIRA", "Bruno"), ("SOUSA LIMA", "Marta")],
    ]
    # The drivers' own laps and best laps are theirs, not the entry's.
    assert [e.best_lap_ms for e in sheet.entries] == [None, None, None]
    assert not [i for i in sheet.issues if i.level != "info"]


def test_the_last_teams_drivers_under_its_line_are_its_crew_not_a_note():
    # A 24 h kart race printed as text: each team's drivers on the line under it, in the
    # `Équipe / Pilotes` column; the last team retired.
    teams = [
        ("1", "12", "TEAM VITESSE 44", "812", "24:00:31.2", "", "DUPONT Jean - MARTIN Luc"),
        ("2", "7", "LES ZÉBRÉS", "805", "24:01:02.0", "7 tours", "GIRARD Alain - FAURE Bruno"),
        ("3", "31", "KART PASSION 09", "801", "24:00:58.4", "11 tours", "LEROY Anne - MOREL Éric"),
        ("4", "5", "RACING MOB", "799", "24:02:10.0", "13 tours", "BLANC Luc - NOEL Eva"),
        ("5", "8", "TEAM 8", "12", "2:10:00.0", "Abandon", "BONNET Lou - VIDAL Zoé"),
    ]
    lines = [
        "24 Heures Kart 2026 - Classement final",
        "",
        "Pos  N°   Équipe / Pilotes                             Tours   Temps total    Écart",
    ]
    for pos, no, team, laps, time, gap, drivers in teams:
        lines.append(f"{pos:<5}{no:<5}{team:<45}{laps:<8}{time:<15}{gap}".rstrip())
        lines.append(f"{'':10}{drivers}")
    sheet = parse("\n".join(lines).encode())
    got = [(e.position, e.team, [p.surname for p in e.crew], e.status) for e in sheet.entries]
    assert got == [
        (1, "TEAM VITESSE 44", ["DUPONT", "MARTIN"], "classified"),
        (2, "LES ZÉBRÉS", ["GIRARD", "FAURE"], "classified"),
        (3, "KART PASSION 09", ["LEROY", "MOREL"], "classified"),
        (4, "RACING MOB", ["BLANC", "NOEL"], "classified"),
        (None, "TEAM 8", ["BONNET", "VIDAL"], "retired"),
    ]
    assert "line-skipped" not in {i.code for i in sheet.issues}
    assert [i for i in sheet.issues if i.level != "info"] == []


def test_a_teams_drivers_listed_over_two_lines_are_five_seats_without_doubt():
    lines = [
        "Pos  N°   Équipe / Pilotes                             Tours   Temps total    Écart",
        "1    12   TEAM VITESSE 44                              812     24:00:31.2",
        "          DUPONT Jean - MARTIN Luc - PETIT Paul",
        "          ROUX Marc - BLANC Luc",
        "2    7    LES ZÉBRÉS                                   805     24:01:02.0     7 tours",
        "          GIRARD Alain - FAURE Bruno - NOEL Cédric",
        "3    31   KART PASSION 09                              801     24:00:58.4     11 tours",
        "          LEROY Anne - MOREL Éric - DAVID Hugo",
        "4    5    RACING MOB                                   799     24:02:10.0     13 tours",
        "          BLANC Léo - NOEL Eva",
    ]
    sheet = parse("\n".join(lines).encode())
    assert [[p.surname for p in e.crew] for e in sheet.entries] == [
        ["DUPONT", "MARTIN", "PETIT", "ROUX", "BLANC"],
        ["GIRARD", "FAURE", "NOEL"],
        ["LEROY", "MOREL", "DAVID"],
        ["BLANC", "NOEL"],
    ]
    assert "crew-uncertain" not in {i.code for i in sheet.issues}


def test_a_team_named_before_a_colon_and_its_drivers_after_it():
    # A kart 24 h page: `<b>Racing Kart Albacete</b>: Sergio Picazo Hernández - Aitor Soler`.
    cells = [
        ("1", "18", "<b>Racing Kart Albacete</b>: Sergio Picazo Hernández - Aitor Soler", "1336"),
        ("2", "7", "<b>KRT Xàtiva</b>: Pau González - Mario López - Javier Sáez", "1334"),
        ("3", "12", "<b>Team 12</b>: Jordi Lozano - Nerea Soler", "1330"),
    ]
    body = "".join("<tr>" + "".join(f"<td>{c}</td>" for c in row) + "</tr>" for row in cells)
    head = "<tr><th>Pos.</th><th>Nº</th><th>Equipo / Pilotos</th><th>Vueltas</th></tr>"
    sheet = parse(f"<html><body><table>{head}{body}</table></body></html>".encode())
    got = [(e.team, [(p.surname, p.first_name) for p in e.crew]) for e in sheet.entries]
    assert got == [
        ("Racing Kart Albacete", [("Picazo Hernández", "Sergio"), ("Soler", "Aitor")]),
        ("KRT Xàtiva", [("González", "Pau"), ("López", "Mario"), ("Sáez", "Javier")]),
        ("Team 12", [("Lozano", "Jordi"), ("Soler", "Nerea")]),
    ]
    assert [e.laps for e in sheet.entries] == [1336, 1334, 1330]


def test_notes_under_the_last_teams_drivers_are_notes():
    lines = [
        "Pos  N°   Équipe / Pilotes                             Tours   Temps total",
        "1    12   TEAM VITESSE 44                              812     24:00:31.2",
        "          DUPONT Jean - MARTIN Luc",
        "2    7    LES ZÉBRÉS                                   805     24:01:02.0",
        "          GIRARD Alain - FAURE Bruno",
        "3    31   KART PASSION 09                              801     24:00:58.4",
        "          LEROY Anne - MOREL Éric",
        "          Pénalité de 10 secondes au n° 7 pour vitesse excessive dans les stands",
    ]
    sheet = parse("\n".join(lines).encode())
    assert [[p.surname for p in e.crew] for e in sheet.entries] == [
        ["DUPONT", "MARTIN"],
        ["GIRARD", "FAURE"],
        ["LEROY", "MOREL"],
    ]
    skipped = [i.line for i in sheet.issues if i.code == "line-skipped"]
    assert skipped == [8]
