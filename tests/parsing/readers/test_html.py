"""HTML pages: each <tr> of each table is a row, at the line of its <tr> tag."""

import pytest

from results.parsing.model import ParseError
from results.parsing.readers import read

PAGE = """<!DOCTYPE html>
<html><head><title>Rallye</title>
<style>td { color: red; } .x:before { content: "<td>"; }</style>
<script>var cells = "<tr><td>not a cell</td></tr>"; if (a < b) {}</script>
</head><body>
<h2>Classement g&eacute;n&eacute;ral</h2>
<table class="results">
  <thead><tr><th>Cl.</th><th>N&deg;</th><th>Pilote/ Copilote</th><th colspan="2">Gr/Cl</th>
  <th>Temps</th></tr></thead>
  <tbody>
  <tr>
    <td>1</td><td>1</td><td><b>LEBRUN</b> Jean Jacques<br>NOLLET&nbsp;Stevie</td>
    <td>A</td><td>8</td><td>05:14,4</td>
  </tr>
  <tr><td>2</td><td>6</td><td>PEPIN Pascal<br/>PAILLET Herv&#233;</td><td colspan=2>N4</td>
      <td>07:56,4</td></tr>
  </tbody>
</table>
<p>Une note entre les tables.</p>
<table>
<caption>Abandons</caption>
<tr><td>Ab.</td><td>45</td><td>ZIEBA Thierry &amp; GOUDEFROYE Yoann</td></tr>
</table>
</body></html>
"""


def test_page_with_heading_caption_and_two_tables():
    grid = read(PAGE.encode())
    assert grid.format == "html"
    assert [(row.line, row.cells) for row in grid.rows] == [
        (6, ("Classement général",)),
        (8, ("Cl.", "N°", "Pilote/ Copilote", "Gr/Cl", "", "Temps")),
        (11, ("1", "1", "LEBRUN Jean Jacques NOLLET Stevie", "A", "8", "05:14,4")),
        (15, ("2", "6", "PEPIN Pascal PAILLET Hervé", "N4", "", "07:56,4")),
        (21, ("Abandons",)),
        (22, ("Ab.", "45", "ZIEBA Thierry & GOUDEFROYE Yoann")),
    ]
    assert grid.issues == ()


def test_heading_not_just_before_the_table_is_no_title():
    page = "<h3>Rallye</h3><p>Texte</p><table><tr><td>1</td><td>LEBRUN</td></tr></table>"
    grid = read(page.encode())
    assert [row.cells for row in grid.rows] == [("1", "LEBRUN")]


def test_nested_table_read_as_the_cell_text():
    page = (
        "<TABLE><TR><TD>1</TD><TD><table><tr><td>LEBRUN Jean Jacques</td></tr>"
        "<tr><td>NOLLET Stevie</td></tr></table></TD><TD>05:14,4</TD></TR></TABLE>"
    )
    grid = read(page.encode())
    assert [row.cells for row in grid.rows] == [
        ("1", "LEBRUN Jean Jacques NOLLET Stevie", "05:14,4")
    ]


def test_unclosed_cells_and_rows_and_rowspan():
    page = """<table>
<tr><td rowspan=2>1<td>LEBRUN Jean Jacques<td>05:14,4
<tr><td>NOLLET Stevie<td>
<tr><td>2<td>PEPIN Pascal<td>07:56,4
</table>"""
    grid = read(page.encode())
    assert [(row.line, row.cells) for row in grid.rows] == [
        (2, ("1", "LEBRUN Jean Jacques", "05:14,4")),
        (3, ("", "NOLLET Stevie", "")),
        (4, ("2", "PEPIN Pascal", "07:56,4")),
    ]


def test_mojibake_in_a_cell_flagged_on_the_row():
    page = "<table>\n<tr><td>1</td></tr>\n<tr>\n<td>PAILLET HervÃ©</td></tr></table>"
    grid = read(page.encode())
    assert [(issue.line, issue.code) for issue in grid.issues] == [(3, "mojibake")]


def test_page_without_table_refused():
    with pytest.raises(ParseError, match="no table found: this HTML page has no <table>"):
        read(b"<!DOCTYPE html>\n<html><body><p>1 | LEBRUN | 05:14,4</p></body></html>")


def test_tables_without_text_refused():
    with pytest.raises(ParseError, match="no table found"):
        read(b"<html><table><tr><td> </td></tr></table></html>")


def test_huge_colspan_refused_on_its_row():
    with pytest.raises(ParseError, match="more than 500 cells") as caught:
        read(b"<table>\n<tr><td>a</td></tr>\n<tr><td colspan=100000>x</td></tr></table>")
    assert caught.value.line == 3
