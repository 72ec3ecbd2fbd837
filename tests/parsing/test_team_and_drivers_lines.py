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
