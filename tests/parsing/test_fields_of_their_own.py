"""Sheets that give fields of their own: door numbers with letters or leading zeros, class
positions, teams, nationalities, penalties, points, distances, and retirements with their
stage and reason, in several languages."""

from __future__ import annotations

from results.parsing import parse


def _column(sheet, name):
    return [getattr(e, name) for e in sheet.entries]


def test_a_french_rally_sheet_with_its_retirements_stage_and_reason():
    data = (
        "Clt;N°;Equipage;Equipe;Nat.;Voiture;Pos/Cl;Pénalités;Temps;Points\n"
        "1;007;MARTIN Paul / DURAND Luc;Team Vosges;FRA;Clio R3;1;;1:05:21,1;25\n"
        "2;12B;PETIT Jean / LEROY Marc;Ecurie Lys;BEL;Clio R3;2;0:10;1:06:38,3;18\n"
        "3;#5;SIMON Eric / LAURENT Yves;;FRA;208 R2;1;;1:07:02,0;15\n"
        "Ab. ES4 moteur;21;MOREL Alain / FOURNIER Guy;Team Vosges;FRA;Clio R3;;;;\n"
        "Ab.;30;ROUX Henri / VINCENT Noël;;LUX;208 R2;;;;\n"
    ).encode()
    sheet = parse(data)
    assert _column(sheet, "number") == ["007", "12B", "5", "21", "30"]
    assert _column(sheet, "team") == ["Team Vosges", "Ecurie Lys", None, "Team Vosges", None]
    assert _column(sheet, "nationality") == ["FRA", "BEL", "FRA", "FRA", "LUX"]
    assert _column(sheet, "class_position") == [1, 2, 1, None, None]
    assert _column(sheet, "penalty_ms") == [None, 10_000, None, None, None]
    assert _column(sheet, "points") == [25.0, 18.0, 15.0, None, None]
    assert _column(sheet, "status") == ["classified"] * 3 + ["retired"] * 2
    assert _column(sheet, "retired_at") == [None, None, None, "ES4", None]
    assert _column(sheet, "reason") == [None, None, None, "moteur", None]


def test_a_status_in_the_time_column_gives_the_stage_and_the_reason():
    data = (
        "| Pos | N° | Pilote | Voiture | Temps |\n"
        "| 1 | 4 | GAGNIERE Patrick | Lancer Evo IX | 17'24\"6 |\n"
        "| 2 | 9 | BOUCHY Raphaël | 207 S2000 | 17'35\"7 |\n"
        "| | 11 | REBOUT Dominique | C2 S1600 | Abandon ES 4 (moteur) |\n"
    ).encode()
    sheet = parse(data)
    last = sheet.entries[-1]
    assert (last.status, last.retired_at, last.reason) == ("retired", "ES4", "moteur")
    assert last.time_ms is None
    assert all(e.retired_at is None and e.reason is None for e in sheet.entries[:2])


def test_an_english_endurance_sheet_with_distance_and_a_status_column():
    data = (
        b"Pos,No,Team,Driver,Nationality,Laps,Distance,Total time,Status\n"
        b'1,01,Kart Club Nord,PION Fabrice,FRA,118,"1 234,5 km",6:01:12.345,\n'
        b'2,14,Celce Racing,LUTRAT Patrice,BEL,117,"1 224,1 km",6:02:05.870,\n'
        b'3,22,Speedy,HUMBERT Damien,FRA,12,"125,6 km",,DNF lap 12 - engine\n'
    )
    sheet = parse(data)
    assert _column(sheet, "number") == ["01", "14", "22"]
    assert _column(sheet, "team") == ["Kart Club Nord", "Celce Racing", "Speedy"]
    assert _column(sheet, "distance") == ["1 234,5 km", "1 224,1 km", "125,6 km"]
    assert _column(sheet, "nationality") == ["FRA", "BEL", "FRA"]
    last = sheet.entries[-1]
    assert (last.status, last.retired_at, last.reason) == ("retired", "lap 12", "engine")
    assert last.position is None


def test_a_german_sheet_with_a_reason_column_of_its_own():
    data = (
        "Platz;Startnummer;Fahrer;Mannschaft;Strafzeit;Punkte;Grund\n"
        "1;3;MÜLLER Hans;MSC Tal;;20;\n"
        "2;8;SCHMIDT Karl;RSV Berg;5;17;\n"
        "Ausfall;12;WEBER Otto;MSC Tal;;;Motor\n"
    ).encode()
    sheet = parse(data)
    assert _column(sheet, "team") == ["MSC Tal", "RSV Berg", "MSC Tal"]
    assert _column(sheet, "penalty_ms") == [None, 5_000, None]
    assert _column(sheet, "points") == [20.0, 17.0, None]
    assert _column(sheet, "reason") == [None, None, "Motor"]
    assert _column(sheet, "status") == ["classified", "classified", "retired"]


def test_where_a_crew_retired_in_a_column_of_its_own():
    data = (
        "Pos;N°;Pilote;Temps;Abandon ES;Raison\n"
        "1;1;LEBRUN Jean;05:14,4;;\n"
        "2;6;PEPIN Pascal;07:56,4;;\n"
        "Ab.;4;FOUTERET Sylvain;;ES3;Sortie de route\n"
    ).encode()
    sheet = parse(data)
    assert sheet.columns[-2:] == ("retired_at", "reason")
    last = sheet.entries[-1]
    assert (last.status, last.retired_at, last.reason) == ("retired", "ES3", "Sortie de route")


def test_a_sheet_without_these_columns_leaves_them_null():
    data = b"| Pos | N | Pilote | Temps |\n| 1 | 4 | GAGNIERE Patrick | 17:24,6 |\n"
    entry = parse(data).to_dict()["entries"][0]
    for name in ("class_position", "team", "nationality", "reason", "retired_at",
                 "penalty_ms", "points", "distance"):  # fmt: skip
        assert entry[name] is None
    assert entry["number"] == "4"
