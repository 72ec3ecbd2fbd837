"""XLSX workbooks, made with openpyxl here, and zip archives that are no workbook."""

import datetime as dt
import io
import random
import struct
import zipfile

import openpyxl
import openpyxl.xml
import pytest

from results.parsing.model import ParseError
from results.parsing.readers import read
from results.parsing.readers.xlsx import check_archive
from results.parsing.readers.xlsx_values import cell_text, duration


def workbook_bytes(workbook) -> bytes:
    buffer = io.BytesIO()
    workbook.save(buffer)
    return buffer.getvalue()


@pytest.fixture
def results_workbook() -> bytes:
    workbook = openpyxl.Workbook()
    sheet = workbook.active
    sheet.append(["Clt", "N°", "Conducteur", "Temps", "Ecarts", "Vitesse"])
    sheet.append([1, 2, "ROUSSET Eric", dt.time(1, 5, 21, 100000), None, 27.839])
    sheet.append([])  # a blank row between the leader and the rest
    sheet.append([2, 15, "  ARZENO\u00a0 Mathieu ", dt.time(0, 5, 14, 400000), 12.5, 30.0])
    sheet["D2"].number_format = "h:mm:ss.0"
    sheet["D4"].number_format = "mm:ss.0"
    sheet["E4"].number_format = "0.0"
    return workbook_bytes(workbook)


def test_openpyxl_parses_xml_with_defusedxml():
    assert openpyxl.xml.DEFUSEDXML is True


def test_first_sheet_as_a_person_sees_it(results_workbook):
    grid = read(results_workbook)
    assert grid.format == "xlsx"
    assert [(row.line, row.cells) for row in grid.rows] == [
        (1, ("Clt", "N°", "Conducteur", "Temps", "Ecarts", "Vitesse")),
        (2, ("1", "2", "ROUSSET Eric", "1:05:21.1", "", "27.839")),
        (3, ()),
        (4, ("2", "15", "ARZENO Mathieu", "5:14.4", "12.5", "30")),
    ]


def test_empty_sheets_skipped_and_blank_leading_column_trimmed():
    workbook = openpyxl.Workbook()
    workbook.active.title = "Vide"
    sheet = workbook.create_sheet("Résultats")
    sheet["B3"] = "Clt"
    sheet["C3"] = "Temps"
    sheet["B4"] = 1
    sheet["C4"] = dt.timedelta(hours=25, minutes=3, seconds=7, milliseconds=250)
    sheet["C4"].number_format = "[h]:mm:ss.00"
    sheet["B5"] = 2
    grid = read(workbook_bytes(workbook))
    assert [(row.line, row.cells) for row in grid.rows] == [
        (1, ()),
        (2, ()),
        (3, ("Clt", "Temps")),
        (4, ("1", "25:03:07.25")),
        (5, ("2", "")),
    ]


def test_fraction_of_a_day_under_a_time_format_is_a_time():
    assert cell_text(314.4 / 86400, "mm:ss.0") == "5:14.4"
    assert cell_text(314.4 / 86400, "0.000") == "0.00363888888888889"
    assert cell_text(12.0) == "12"
    assert cell_text(dt.datetime(2024, 5, 12), "dd/mm/yyyy") == "12/05/2024"
    assert duration(0) == "0:00"
    assert duration(3_921_100) == "1:05:21.1"


def test_workbook_without_data_refused():
    with pytest.raises(ParseError, match="no data"):
        read(workbook_bytes(openpyxl.Workbook()))


def zip_bytes(members: dict[str, bytes]) -> bytes:
    buffer = io.BytesIO()
    with zipfile.ZipFile(buffer, "w", zipfile.ZIP_DEFLATED) as archive:
        for name, content in members.items():
            archive.writestr(name, content)
    return buffer.getvalue()


def test_zip_bomb_refused_by_its_ratio():
    bomb = zip_bytes({"[Content_Types].xml": b"<x/>", "xl/workbook.xml": b"\0" * 30_000_000})
    with pytest.raises(ParseError, match=r"not a readable XLSX workbook: .*zip bomb"):
        read(bomb)


def test_member_declaring_a_huge_size_refused():
    data = bytearray(zip_bytes({"xl/workbook.xml": b"<workbook/>"}))
    directory = data.index(b"PK\x01\x02")
    struct.pack_into("<I", data, directory + 24, 0xFFFF0000)  # declared uncompressed size
    with pytest.raises(ParseError, match="expand to more than 100 MB"):
        read(bytes(data))


def test_archive_limits():
    many = zip_bytes({f"f{i}.xml": b"" for i in range(30)} | {"xl/workbook.xml": b""})
    with pytest.raises(ParseError, match="more than 20 files"):
        check_archive(many, max_entries=20)
    large = zip_bytes(
        {"xl/workbook.xml": b"<workbook/>", "xl/big.xml": random.Random(0).randbytes(2_000_000)}
    )
    check_archive(large)
    with pytest.raises(ParseError, match="expand to more than 1 MB"):
        check_archive(large, max_expanded=1024 * 1024)


def test_random_zip_refused():
    with pytest.raises(ParseError, match=r"not a readable XLSX workbook: .*not a workbook"):
        read(zip_bytes({"notes.txt": b"Rallye du Touquet"}))
    with pytest.raises(ParseError, match="Word document"):
        read(zip_bytes({"word/document.xml": b"<w/>"}))


def test_broken_archive_and_broken_workbook_refused():
    with pytest.raises(ParseError, match="not a readable XLSX workbook"):
        read(b"PK\x03\x04" + b"\x14" * 200)
    with pytest.raises(ParseError, match="not a readable XLSX workbook"):
        read(zip_bytes({"[Content_Types].xml": b"<Types/>", "xl/workbook.xml": b"<oops"}))


def test_xml_entities_refused_by_the_xml_protection(results_workbook):
    source = zipfile.ZipFile(io.BytesIO(results_workbook))
    members = {name: source.read(name) for name in source.namelist()}
    sheet = members["xl/worksheets/sheet1.xml"]
    members["xl/worksheets/sheet1.xml"] = sheet.replace(
        b"<worksheet", b'<!DOCTYPE w [<!ENTITY a "aaaa"><!ENTITY b "&a;&a;&a;">]><worksheet', 1
    )
    with pytest.raises(ParseError, match=r"not a readable XLSX workbook: .*EntitiesForbidden"):
        read(zip_bytes(members))


def test_a_cell_on_two_lines_keeps_its_lines():
    workbook = openpyxl.Workbook()
    sheet = workbook.active
    sheet.append(["Clt", "Equipage", "Temps"])
    sheet.append([1, "ROUSSET Eric\nGIRAUD Paul", "5:14.4"])
    grid = read(workbook_bytes(workbook))
    assert grid.rows[1].cells[1] == "ROUSSET Eric GIRAUD Paul"
    assert grid.rows[1].marks[1].lines == ("ROUSSET Eric", "GIRAUD Paul")
    assert grid.rows[1].marks[0] is None
