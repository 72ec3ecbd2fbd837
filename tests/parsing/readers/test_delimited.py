"""Delimited text: pipe tables, TSV and CSV, from rows of samples 001 and 002."""

import pytest

from results.parsing.model import ParseError
from results.parsing.readers import read

HEADER_001 = "| Cl. | N° | Pilote/ Copilote | Voiture | Gr/Cl | Temps | Ecart |"
LEADER_001 = "| 1 | 1 | LEBRUN Jean Jacques/NOLLET Stevie | Toyota Celica Gt4 | A8 | 05:14,4 | |"
SECOND_001 = (
    "| 2 | 6 | PEPIN Pascal/PAILLET Hervé | Mitsubishi Lancer Evo 7 | N4 | 07:56,4 | +02:42,0 |"
)


def cells(grid):
    return [row.cells for row in grid.rows]


def test_pipe_table_with_outer_pipes():
    grid = read(f"{HEADER_001}\n{LEADER_001}\n{SECOND_001}\n".encode())
    assert grid.format == "pipe"
    assert [row.line for row in grid.rows] == [1, 2, 3]
    assert cells(grid) == [
        ("Cl.", "N°", "Pilote/ Copilote", "Voiture", "Gr/Cl", "Temps", "Ecart"),
        ("1", "1", "LEBRUN Jean Jacques/NOLLET Stevie", "Toyota Celica Gt4", "A8", "05:14,4", ""),
        (
            "2",
            "6",
            "PEPIN Pascal/PAILLET Hervé",
            "Mitsubishi Lancer Evo 7",
            "N4",
            "07:56,4",
            "+02:42,0",
        ),
    ]
    assert grid.issues == ()


def test_pipe_table_without_outer_pipes_and_a_title_line():
    text = (
        "Classement général\n"
        "\n"
        "1 | 2 | ROUSSET Eric | LOZERE | GOSSET Jean-David | CITROËN C4 WRC | FA | 8W\n"
        "2 | 15 | ARZENO Mathieu | ISTRES | ROCHE Romain | RENAULT Clio R3 | R | R3\n"
    )
    grid = read(text.encode())
    assert grid.format == "pipe"
    assert [row.line for row in grid.rows] == [1, 2, 3, 4]
    assert grid.rows[0].cells == ("Classement général",)
    assert grid.rows[1].cells == () and grid.rows[1].is_empty
    assert grid.rows[2].cells == (
        "1", "2", "ROUSSET Eric", "LOZERE", "GOSSET Jean-David", "CITROËN C4 WRC", "FA", "8W",
    )  # fmt: skip


def test_pipe_cells_shifted_leading_empty_cell_kept_and_edge_cases():
    text = (
        "| | MERLEVEDE Christophe/VERMEULEN Jasper |\n"
        "| BMW M3 | AJ E7 | | |\n"
        "x |\n"
        "|\n"
        "|   | \t |\n"
        "||\n"
        "a | b\n"
    )
    grid = read(text.encode())
    assert cells(grid) == [
        ("", "MERLEVEDE Christophe/VERMEULEN Jasper"),
        ("BMW M3", "AJ E7", "", ""),
        ("x",),
        (),
        ("", ""),
        ("",),
        ("a", "b"),
    ]


def test_cells_stripped_and_inner_white_space_collapsed_quotes_kept():
    text = '|  DE\u00a0MONTREDON \t Jean-François  | "1:05:21,10" | en 17\'24"6 |\n| a | b | c |\n'
    grid = read(text.encode())
    assert grid.rows[0].cells == ("DE MONTREDON Jean-François", '"1:05:21,10"', "en 17'24\"6")


def test_control_characters_read_as_spaces_and_final_ctrl_z_dropped():
    grid = read(b"| LEBRUN\x0bJean | 05:14,4\x1f |\n| a | b |\n\x1a")
    assert grid.rows[0].cells == ("LEBRUN Jean", "05:14,4")
    assert len(grid.rows) == 2


def test_line_ends_normalised():
    grid = read(f"{HEADER_001}\r\n{LEADER_001}\r{SECOND_001}".encode())
    assert [row.line for row in grid.rows] == [1, 2, 3]
    assert grid.rows[2].cells[-1] == "+02:42,0"


def test_tsv():
    text = (
        "Clt\tN°\tConducteur\tAsa\tTemps\tEcarts\n"
        "1\t2\tROUSSET Eric\tLOZERE\t1:05:21,10\t\n"
        "2\t15\tARZENO Mathieu\tISTRES\t1:06:38,30\t01:17,20\n"
    )
    grid = read(text.encode())
    assert grid.format == "tsv"
    assert cells(grid)[1] == ("1", "2", "ROUSSET Eric", "LOZERE", "1:05:21,10", "")
    assert cells(grid)[2][-1] == "01:17,20"


def test_semicolon_csv_with_decimal_commas_and_quotes():
    text = (
        "Clt;N°;Conducteur;Asa;Temps;Ecarts\n"
        '1;2;ROUSSET Eric;LOZERE;"1:05:21,10";\n'
        "2;15;ARZENO Mathieu;ISTRES;1:06:38,30;01:17,20\n"
        '3;55;"BRUNET; Thierry";LOZERE;1:06:41,20;01:20,10\n'
    )
    grid = read(text.encode())
    assert grid.format == "csv"
    assert cells(grid)[1] == ("1", "2", "ROUSSET Eric", "LOZERE", "1:05:21,10", "")
    assert cells(grid)[2] == ("2", "15", "ARZENO Mathieu", "ISTRES", "1:06:38,30", "01:17,20")
    assert cells(grid)[3][2] == "BRUNET; Thierry"


def test_semicolon_wins_over_decimal_commas_in_every_line():
    text = (
        "1;1;LEBRUN Jean Jacques/NOLLET Stevie;Toyota Celica Gt4;A8;05:14,4;+00:00,0\n"
        "2;6;PEPIN Pascal/PAILLET Hervé;Mitsubishi Lancer Evo 7;N4;07:56,4;+02:42,0\n"
        "3;4;FOUTERET Sylvain/BLEHAUT Fabrice;Peugeot 306 S16;F2-14;08:36,1;+03:21,7\n"
    )
    grid = read(text.encode())
    assert grid.format == "csv"
    assert len(grid.rows[0].cells) == 7
    assert grid.rows[2].cells[5:] == ("08:36,1", "+03:21,7")


def test_comma_csv_with_quoted_decimal_commas():
    text = (
        "Clt,N°,Conducteur,Coéquipier,Temps,Ecarts\n"
        '1,2,ROUSSET Eric,GOSSET Jean-David,"1:05:21,10",\n'
        '2,15,ARZENO Mathieu,ROCHE Romain,"1:06:38,30","01:17,20"\n'
        '3,55,BRUNET Thierry, "BONICEL Adrien","1:06:41,20","01:20,10"\n'
    )
    grid = read(text.encode())
    assert grid.format == "csv"
    assert cells(grid)[1] == ("1", "2", "ROUSSET Eric", "GOSSET Jean-David", "1:05:21,10", "")
    assert cells(grid)[3] == (
        "3",
        "55",
        "BRUNET Thierry",
        "BONICEL Adrien",
        "1:06:41,20",
        "01:20,10",
    )


def test_comma_wins_when_semicolon_only_sits_inside_one_cell():
    text = (
        "Clt,N°,Equipage,Voiture,Temps\n"
        "1,2,ROUSSET Eric; GOSSET Jean-David,CITROËN C4 WRC,1:05:21.10\n"
        "2,15,ARZENO Mathieu; ROCHE Romain,RENAULT Clio R3,1:06:38.30\n"
    )
    grid = read(text.encode())
    assert grid.format == "csv"
    assert grid.rows[1].cells[2] == "ROUSSET Eric; GOSSET Jean-David"


def test_quoted_cell_spanning_lines_is_one_record_at_its_first_line():
    text = (
        "Clt;Equipage;Temps\n"
        '1;"ROUSSET Eric\nGOSSET Jean-David";1:05:21,10\n'
        "2;ARZENO Mathieu;1:06:38,30\n"
    )
    grid = read(text.encode())
    assert [(row.line, row.cells) for row in grid.rows] == [
        (1, ("Clt", "Equipage", "Temps")),
        (2, ("1", "ROUSSET Eric GOSSET Jean-David", "1:05:21,10")),
        (4, ("2", "ARZENO Mathieu", "1:06:38,30")),
    ]


def test_stray_quote_joins_no_lines():
    text = 'Clt;Pilote;Temps\n1;"ROUSSET Eric;1:05:21,10\n2;ARZENO Mathieu;1:06:38,30\n'
    grid = read(text.encode())
    assert [row.line for row in grid.rows] == [1, 2, 3]
    assert grid.rows[2].cells == ("2", "ARZENO Mathieu", "1:06:38,30")


def test_single_column_is_no_table():
    with pytest.raises(ParseError, match="no table found"):
        read(b"Rallye du Touquet\nClassement general\nLEBRUN Jean Jacques\n")


def test_empty_text_refused():
    with pytest.raises(ParseError, match="empty"):
        read(b"  \n\n \t\n")


def test_too_many_cells_names_the_line():
    with pytest.raises(ParseError, match="more than 500 cells") as caught:
        read(b"a;b\n" + b";".join([b"x"] * 600) + b"\n")
    assert caught.value.line == 2


@pytest.mark.parametrize(
    ("text", "fmt", "cell"),
    [
        (  # `|` inside a cell of most lines of a `;` file
            "Cl.;N°;Equipage;Temps\n1;12;MEUNIER Mathieu | POIRIER Noémie;5:14,4\n"
            "2;8;LEFEBVRE Damien | GIRARD Amandine;5:19,6\n",
            "csv",
            "MEUNIER Mathieu | POIRIER Noémie",
        ),
        (
            "Cl.\tEquipage\tTemps\n1\tMEUNIER Mathieu | POIRIER Noémie\t5:14,4\n"
            "2\tLEFEBVRE Damien | GIRARD Amandine\t5:19,6\n",
            "tsv",
            "MEUNIER Mathieu | POIRIER Noémie",
        ),
        (  # quoted cells holding `|` and `;` in a `,` file
            'Pos,No,Crew,Time\n1,12,"MEUNIER | POIRIER; Jr",41.23\n2,8,"LEFEBVRE | GIRARD",41.92\n',
            "csv",
            "MEUNIER | POIRIER; Jr",
        ),
        (  # more commas than semicolons on every line: names and cars hold them
            "Cl.;Pilote;Voiture;Temps\n1;MEUNIER, Mathieu, Jr;Peugeot 106, S16, F2;5:14,4\n"
            "2;LEFEBVRE, Damien, Sr;Citroën Saxo, VTS, A6;5:19,6\n",
            "csv",
            "Peugeot 106, S16, F2",
        ),
        (  # a pipe table without edges, its cells holding commas
            "Cl | Pilote | Temps\n1 | MARTIN, Jean | 5:14,4\n2 | DUBOIS, Luc | 5:19,6\n",
            "pipe",
            "MARTIN, Jean",
        ),
    ],
)
def test_a_cell_holding_another_delimiter_does_not_choose_the_delimiter(text, fmt, cell):
    grid = read(text.encode())
    assert grid.format == fmt
    assert len({len(row.cells) for row in grid.rows}) == 1
    assert cell in grid.rows[1].cells


def test_markdown_emphasis_around_a_whole_cell_is_no_part_of_it():
    # An e-mail's Markdown table: the time that counts set in bold, a retirement in italics;
    # marks that only end a cell (`1:30.913*`) or stand inside it stay.
    text = (
        "| Rg | N° | Pilote | Montée 1 | Montée 2 | Meilleure |\n"
        "|---|---|---|---|---|---|\n"
        "| 1 | 201 | Laurent Brodard | 1:08.48 | 1:08.42* | **1:08.42** |\n"
        "| 2 | 214 | Marc_Aebi | 1:09.10 | _Abandon_ | __1:09.10__ |\n"
    )
    rows = cells(read(text.encode()))
    assert rows[2] == ("1", "201", "Laurent Brodard", "1:08.48", "1:08.42*", "1:08.42")
    assert rows[3] == ("2", "214", "Marc_Aebi", "1:09.10", "Abandon", "1:09.10")
