"""One file of each kind a reader refuses, with the refusal's code and what it names: what
organisers send by mistake (a picture, an archive, a scan, a protected PDF, a damaged
workbook…). The parser's tests check the code; the French walk uploads each one."""

from __future__ import annotations

import io
import zipfile
from dataclasses import dataclass, field
from functools import cache

from fpdf import FPDF


@dataclass(frozen=True, slots=True)
class Unreadable:
    name: str
    data: bytes
    code: str
    params: dict[str, str | int] = field(default_factory=dict)


def _zip(*members: str) -> bytes:
    out = io.BytesIO()
    with zipfile.ZipFile(out, "w") as archive:
        for member in members:
            archive.writestr(member, "<x/>")
    return out.getvalue()


def _pdf(*, text: str | None, password: str | None = None) -> bytes:
    pdf = FPDF()
    pdf.add_page()
    if text is None:
        pdf.rect(10, 10, 190, 270)  # a picture of a page, no text layer
    else:
        pdf.set_font("helvetica", size=12)
        pdf.cell(text=text)
    if password:
        pdf.set_encryption(owner_password="owner", user_password=password)
    return bytes(pdf.output())


@cache
def unreadable_files() -> tuple[Unreadable, ...]:
    results = _pdf(text="1 DUPONT Jean Peugeot 208 10:00,0")
    return (
        Unreadable("photo.png", b"\x89PNG\r\n\x1a\n" + bytes(64), "image-file", {"format": "PNG"}),
        Unreadable("photo.jpg", b"\xff\xd8\xff\xe0" + bytes(64), "image-file", {"format": "JPEG"}),
        Unreadable("resultats.gz", b"\x1f\x8b\x08" + bytes(64), "archive-file", {"format": "gzip"}),
        Unreadable(
            "base.db", b"SQLite format 3\x00" + bytes(64), "not-a-table", {"format": "SQLite"}
        ),
        Unreadable("resultats.docx", _zip("word/document.xml"), "not-a-table", {"format": "Word"}),
        Unreadable("resultats.zip", _zip("resultats.txt"), "archive-file", {"format": "zip"}),
        Unreadable("resultats.xlsb", _zip("xl/workbook.bin"), "xlsb-workbook", {"format": "Excel"}),
        Unreadable("resultats.xlsx", b"PK\x03\x04" + bytes(40), "workbook-damaged"),
        Unreadable("resultats.xls", b"\xd0\xcf\x11\xe0\xa1\xb1\x1a\xe1" + bytes(600), "old-office"),
        Unreadable("donnees.bin", bytes(range(1, 9)) * 64, "binary-data"),
        Unreadable("vide.txt", b"  \n\n\t\n", "file-empty"),
        Unreadable(
            "page.html", b"<html><body><p>Les resultats demain.</p></body></html>", "no-table"
        ),
        Unreadable("entete.txt", b"| Cl. | Pilote | Temps |\n| | | |\n", "no-rows"),
        Unreadable("large.txt", b"|" * 800 + b"\n", "too-large"),
        Unreadable(
            "texte.txt",
            b"\xff\xfe" + "Cl.\tPilote".encode("utf-16-le") + b"\x00\xd8",
            "encoding-broken",
        ),
        Unreadable("scan.pdf", _pdf(text=None), "pdf-no-text"),
        Unreadable("protege.pdf", _pdf(text="1 DUPONT", password="secret"), "pdf-encrypted"),
        Unreadable("coupe.pdf", results[: len(results) // 2], "pdf-damaged"),
    )
