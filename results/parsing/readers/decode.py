"""Telling text from other content by its bytes, and decoding the text."""

from __future__ import annotations

from results.parsing.codes import CODES, level_of
from results.parsing.model import Issue, ParseError

# Magic numbers of what people upload by mistake, so the error can name it: (magic, what it
# is, the refusal's code, the format's name, a proper noun the organiser's sentence names).
_MAGIC: tuple[tuple[bytes, str, str, str], ...] = (
    (b"\x89PNG\r\n\x1a\n", "a PNG image", "image-file", "PNG"),
    (b"\xff\xd8\xff", "a JPEG image", "image-file", "JPEG"),
    (b"GIF87a", "a GIF image", "image-file", "GIF"),
    (b"GIF89a", "a GIF image", "image-file", "GIF"),
    (b"II*\x00", "a TIFF image", "image-file", "TIFF"),
    (b"MM\x00*", "a TIFF image", "image-file", "TIFF"),
    (
        b"\xd0\xcf\x11\xe0\xa1\xb1\x1a\xe1",
        "an old-format Office file (.xls, .doc) or a password-protected workbook",
        "old-office",
        "Office",
    ),
    (b"\x1f\x8b", "a gzip archive", "archive-file", "gzip"),
    (b"Rar!\x1a\x07", "a RAR archive", "archive-file", "RAR"),
    (b"7z\xbc\xaf\x27\x1c", "a 7-Zip archive", "archive-file", "7-Zip"),
    (b"SQLite format 3\x00", "an SQLite database", "not-a-table", "SQLite"),
    (b"\x7fELF", "a program", "not-a-table", "ELF"),
    (b"{\\rtf", "an RTF document", "not-a-table", "RTF"),
)
_ADVICE = "; save it as .xlsx, CSV or text"

# Bytes Windows-1252 leaves undefined (0x81, 0x8D, 0x8F, 0x90, 0x9D) keep their Latin-1 meaning.
_CP1252 = "".join(
    bytes([b]).decode("cp1252", errors="replace") if b >= 0x80 else chr(b) for b in range(256)
)
_CP1252_TABLE = {
    i: (char if char != "\ufffd" else chr(i)) for i, char in enumerate(_CP1252) if i >= 0x80
}
_CP1252_REVERSE = {ord(char): chr(i) for i, char in _CP1252_TABLE.items()}

# Control characters other than tab, line ends and form feed: text holds almost none.
# (Vertical tab: a line break inside a cell in some spreadsheet exports.)
_CONTROL = frozenset(range(0x20)) - {0x09, 0x0A, 0x0B, 0x0C, 0x0D}


def _kind(data: bytes) -> tuple[str, str, str] | None:
    """(what it is, the refusal's code, the format's name) of a known non-table format."""
    for magic, kind, code, name in _MAGIC:
        if data.startswith(magic):
            return kind, code, name
    if data[:4] == b"RIFF" and data[8:12] == b"WEBP":
        return "a WebP image", "image-file", "WebP"
    return None


def is_pdf(data: bytes) -> bool:
    # Some producers put a few bytes of junk before the header; readers accept that.
    return b"%PDF-" in data[:1024]


def refuse_binary(data: bytes) -> None:
    """Raise ParseError when the bytes are a known non-table format or binary data."""
    known = _kind(data)
    if known:
        kind, code, name = known
        raise ParseError(
            f"this is {kind}, not a results table{_ADVICE}", code=code, params={"format": name}
        )
    if data.startswith((b"\xff\xfe", b"\xfe\xff")):
        return  # UTF-16 text: its NUL bytes are expected
    head = data[:8192]
    controls = sum(1 for b in head if b in _CONTROL)
    if b"\x00" in data or controls > max(8, len(head) // 20):
        raise ParseError(f"this is binary data, not a results table{_ADVICE}", code="binary-data")


def is_workbook(data: bytes) -> bool:
    """An XLSX or ODS workbook (a ZIP archive)."""
    return data.startswith((b"PK\x03\x04", b"PK\x05\x06"))


def is_ole(data: bytes) -> bool:
    """An OLE compound file: an `.xls` workbook (or a `.doc`, or an encrypted workbook)."""
    return data.startswith(b"\xd0\xcf\x11\xe0\xa1\xb1\x1a\xe1")


_BOMS = ((b"\xff\xfe", "utf-16-le"), (b"\xfe\xff", "utf-16-be"), (b"\xef\xbb\xbf", "utf-8-sig"))


def read_text(data: bytes) -> tuple[str, str]:
    """The text exactly as the bytes hold it (line ends, a final Ctrl-Z kept), and the encoding
    it was read in: `utf-16-le` or `utf-16-be` after their byte order mark, `utf-8-sig` (with
    the mark), `utf-8`, else `cp1252`. `write_text` encodes it back byte for byte."""
    for bom, encoding in _BOMS[:2]:
        # Spreadsheets save "Unicode text" as UTF-16 with a byte order mark.
        if data.startswith(bom):
            try:
                return data[len(bom) :].decode(encoding), encoding
            except UnicodeDecodeError as error:
                raise ParseError(
                    f"this UTF-16 text cannot be decoded: {error.reason}", code="encoding-broken"
                ) from None
    encoding = "utf-8-sig" if data.startswith(_BOMS[2][0]) else "utf-8"
    try:
        return data.decode(encoding), encoding
    except UnicodeDecodeError:
        return data.decode("latin-1").translate(_CP1252_TABLE), "cp1252"


def write_text(text: str, encoding: str) -> bytes:
    """The inverse of `read_text`: the text in that encoding, after its byte order mark. Text
    read by `read_text` comes back as the very same bytes."""
    for bom, utf16 in _BOMS[:2]:
        if encoding == utf16:
            return bom + text.encode(encoding)
    if encoding == "cp1252":
        return text.translate(_CP1252_REVERSE).encode("latin-1")
    return text.encode(encoding)


def text_of(data: bytes) -> tuple[str, str] | None:
    """`read_text` for bytes the readers read as text; None for a workbook, a PDF, binary
    data or text that cannot be decoded."""
    if is_workbook(data) or is_pdf(data):
        return None
    try:
        refuse_binary(data)
        text, encoding = read_text(data)
    except ParseError:
        return None
    return None if "\x00" in text else (text, encoding)


def decode(data: bytes) -> tuple[str, list[Issue]]:
    """Decode the text, line ends normalised to `\\n`, with the issues decoding raised."""
    issues: list[Issue] = []
    text, encoding = read_text(data)
    if encoding == "cp1252":
        issues.append(
            Issue(
                line=None,
                code="decoded-cp1252",
                message=CODES["decoded-cp1252"][1],
                level=level_of("decoded-cp1252"),
            )
        )
    if "\x00" in text:
        raise ParseError(f"this is binary data, not a results table{_ADVICE}", code="binary-data")
    # A final Ctrl-Z is the end-of-file mark of old DOS exports, not content.
    text = text.rstrip("\x1a")
    return text.replace("\r\n", "\n").replace("\r", "\n"), issues
