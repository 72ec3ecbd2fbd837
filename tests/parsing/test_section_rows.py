"""Rows that look like something else: a section's name under the header (`Autos`, over crews
whose co-drivers stand on their second lines), a crew whose names start like a page's foot
(`Edith`, `Printemps`), a rider whose surname is a heading word (`MOTA`, beside his first
name). None of them changes how the table's rows are read."""

from __future__ import annotations

from results.parsing import parse

SECTION = """Pos;N°;Equipage;Voiture;Temps
;;Autos;;
1;12;Luc BLANC;Renault Clio;1:10:02.2
;;Marie BLANC;;
2;14;Eric NOIR;Peugeot 206;1:11:05.5
;;Paul NOIR;;
"""
NAMES = """Pilote;Copilote;Voiture;Temps
Jean DUPONT;Marie DUPONT;Renault Clio;1:10:02.2
Paul DURAND;Luc ROUX;Peugeot 208;1:11:05.5
Edith LAMBERT;Anne GRIS;Citroen Saxo;Abandon
Printemps Eric;Yves BLANC;Seat Ibiza;Abandon
"""
RIDERS = """Pos.;Nº;Apelido;Nome;Categoria;Tempo
1;12;SILVA;João;Moto;12:34,5
2;7;COSTA;Rui;Moto;12:40,1
3;9;SOUSA;Pedro;Moto;12:50,0
;20;MOTA;Pedro;Moto;Abandono
"""


def test_a_section_name_under_the_header_leaves_the_second_lines_to_the_crews() -> None:
    sheet = parse(SECTION.encode(), filename="classement.csv")
    crews = [[f"{m.surname} {m.first_name}" for m in e.crew] for e in sheet.entries if e.number]
    assert crews == [["BLANC Luc", "BLANC Marie"], ["NOIR Eric", "NOIR Paul"]]
    assert "header-continued" not in {i.code for i in sheet.issues}


def test_names_that_start_like_a_page_foot_are_crews() -> None:
    sheet = parse(NAMES.encode(), filename="classement.csv")
    drivers = [e.crew[0].surname for e in sheet.entries]
    assert drivers == ["DUPONT", "DURAND", "LAMBERT", "Printemps"]
    assert [e.status for e in sheet.entries] == ["classified"] * 2 + ["retired"] * 2


def test_a_rider_named_like_a_heading_is_a_rider() -> None:
    sheet = parse(RIDERS.encode(), filename="classificacao.csv")
    assert [e.number for e in sheet.entries] == ["12", "7", "9", "20"]
    assert sheet.entries[-1].status == "retired"
    assert [i.line for i in sheet.issues if i.code == "header-recognised"] == [1]
