"""An endurance printout: each team on a line, its drivers on the next, a list long enough to
run over the gutters of the columns to its right. That second line starts under `Équipe /
Pilotes` and belongs there: the team is the first line, the drivers the second. The place in
the category (`Cl.Cat`) is the class position."""

from __future__ import annotations

from results.parsing import parse

HEAD = (
    "  Clt   N°   Équipe / Pilotes                 Catégorie  Cl.Cat  Tours   Temps total"
    "      Écart"
)
TEAMS = (
    ("1", "48", "Lommel Racers", "Pro", "1", "328", "6:00:27.357", "",
     "Maxime BASTIN, Maxime VAN DEN BROECK, Gilles DENIS, Geoffrey VAN DEN BROECK"),
    ("2", "55", "RTBK Racing", "Pro", "2", "328", "6:00:41.110", "+13.753",
     "Thibault VAN DEN BROECK, Pieter PEETERS, Arnaud PARMENTIER, Jens JACOBS"),
    ("3", "7", "Les Fous du Volant", "Gentleman", "1", "325", "6:01:02.307", "3 tours",
     "Bram CLAESSENS, Manon DEFOUR, Gilles LECLERCQ, Jelle WOUTERS, Tom DUPONT"),
)  # fmt: skip


def _sheet() -> bytes:
    lines = ["6 HEURES DE MARIEMBOURG - Classement final", "", HEAD]
    for clt, no, team, cat, pos, laps, total, gap, drivers in TEAMS:
        lines.append(
            f"  {clt:<5} {no:>3}  {team:<32} {cat:<10} {pos:>6}  {laps:>5}   {total:>11}"
            f"  {gap:>9}".rstrip()
        )
        lines.append(" " * 13 + drivers)
    return ("\n".join(lines) + "\n").encode()


def test_the_drivers_line_under_its_team_is_the_crew():
    entries = parse(_sheet()).entries
    assert [(e.position, e.number, e.team) for e in entries] == [
        (1, "48", "Lommel Racers"),
        (2, "55", "RTBK Racing"),
        (3, "7", "Les Fous du Volant"),
    ]
    assert [[p.surname for p in e.crew] for e in entries] == [
        ["BASTIN", "VAN DEN BROECK", "DENIS", "VAN DEN BROECK"],
        ["VAN DEN BROECK", "PEETERS", "PARMENTIER", "JACOBS"],
        ["CLAESSENS", "DEFOUR", "LECLERCQ", "WOUTERS", "DUPONT"],
    ]
    assert [e.class_position for e in entries] == [1, 2, 1]
    assert [e.laps for e in entries] == [328, 328, 325]
    assert [e.time_ms for e in entries][:2] == [21_627_357, 21_641_110]


DUTCH = """\
KARTCLUB DE PEEL  -  6 UUR VAN DE PEEL 2024

Pos  Nr  Team / Rijders                    Kl.   Rnd   Totaaltijd  Achterst.  Snelste  in
                                                                               ronde   rnd
---- --- -------------------------------- ----- ---- ------------ ---------- -------- ----
  1.  19 ORANJE BOYS                      PRO    388  6:00:11.100              51.419  360
         Daniëlle Hoekstra / Mark Dijkstra / Iris Sluiter
  2.  56 RACING FAMILY DEKKER             PRO    387  6:00:44.236      1 rnd   51.702  219
         Remco Kok / Milan Peeters / Erik Veenstra
  3.  64 KART4FUN VENLO                   PRO    386  6:00:25.475      2 rnd   51.814  330
         Bram Peeters / Daan Verbeek / Sanne Smits / Bas Mulder
"""


def test_a_team_over_a_short_line_of_its_drivers():
    entries = parse(DUTCH.encode()).entries
    assert [(e.position, e.number, e.team, e.laps) for e in entries] == [
        (1, "19", "ORANJE BOYS", 388),
        (2, "56", "RACING FAMILY DEKKER", 387),
        (3, "64", "KART4FUN VENLO", 386),
    ]
    assert [[(p.surname, p.first_name) for p in e.crew] for e in entries] == [
        [("Hoekstra", "Daniëlle"), ("Dijkstra", "Mark"), ("Sluiter", "Iris")],
        [("Kok", "Remco"), ("Peeters", "Milan"), ("Veenstra", "Erik")],
        [("Peeters", "Bram"), ("Verbeek", "Daan"), ("Smits", "Sanne"), ("Mulder", "Bas")],
    ]


def test_a_crew_whose_first_line_names_a_person_is_no_team():
    from results.parsing.fields.teams import team_before_people

    cell = "MARTIN Jean\nDUPONT Paul / DURAND Luc"
    assert team_before_people(cell) == (None, cell)
    assert team_before_people("LES FOUS\nBram Kok / Daan Smits") == (
        "LES FOUS",
        "Bram Kok / Daan Smits",
    )
