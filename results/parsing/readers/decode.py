"""Telling text from other content by its bytes, and decoding the text."""

from __future__ import annotations

import re

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
# The same for Windows-1250 (Czech, Polish, Slovak, Hungarian, Slovenian, Croatian text).
_CP1250_TABLE = {
    i: (char if char != "\ufffd" else chr(i))
    for i, char in enumerate(bytes(range(256)).decode("cp1250", errors="replace"))
    if i >= 0x80
}
_CP1250_REVERSE = {ord(char): chr(i) for i, char in _CP1250_TABLE.items()}
_TABLES = {"cp1252": (_CP1252_TABLE, _CP1252_REVERSE), "cp1250": (_CP1250_TABLE, _CP1250_REVERSE)}

# Read as Windows-1252, Central European text gives words no Western language writes: an acute
# accent beside a grave one or an `ø` (`Dvoøák`, `Kubíèek`: Dvořák, Kubíček), or a symbol among
# letters (`£ukasz`, `Wróbel £¹cki`, `Ïuroviè ¼uboš`: Łukasz, Łącki, Ďurovič Ľuboš).
_ACUTE = frozenset("áíóúýÁÍÓÚÝ")
_GRAVE_OR_O_SLASH = frozenset("èìòùøïÈÌÒÙØ")
_SYMBOLS = frozenset("¹³¼¾¿ªº¥£¦\x8d\x8f\x9d")
#: Words that read so, for the text to be taken as Windows-1250.
_CENTRAL_PROOF = 2


def _central_european(text: str) -> bool:
    """Whether text decoded as Windows-1252 reads better as Windows-1250 (see above)."""
    odd = 0
    for word in text.split():
        if word.isascii():
            continue
        letters = set(word)
        mixed = letters & _ACUTE and letters & _GRAVE_OR_O_SLASH
        symbol = any(
            c in _SYMBOLS and (i + 1 < len(word) and word[i + 1].isalpha())
            for i, c in enumerate(word)
        )
        if mixed or symbol:
            odd += 1
            if odd >= _CENTRAL_PROOF:
                return True
    return False


# A DOS timing program writes code page 850: read as Windows-1252, its accented letters are
# punctuation inside words (`Motob‚cane`: Motobécane, `chaŠne`), its frames runs of one capital
# (`ÄÄÄÄ`: `────`, `ÍÍÍ`: `═══`).
# Only bytes that are punctuation in Windows-1252 and Windows-1250 alike, and not the ones
# typed between letters there (the apostrophe `’`, the dash `–`, a no-break space).
_DOS_LETTER = re.compile(rb"[A-Za-z][\x80-\x89\x8b\x90\x93-\x95\x98\x99\x9b\xa1\xa2\xa4]+[A-Za-z]")
_DOS_FRAME = re.compile(rb"([\xb0-\xb2\xb3\xba\xc4\xcd\xdb\xdc\xdf])\1{3,}")
#: Such words or frame lines, for the text to be taken as code page 850.
_DOS_PROOF = 2


# A Central European DOS program writes code page 852 instead: the same frames, other letters.
# Read in the wrong one of the two, words hold signs (`Dvo²ák`, `¼ech`: Dvořák, Čech), letters
# no word of either writes (`ƒ`, `þ`), a capital after a small letter (`HélŐne`: Hélène read
# as 852) or a small letter in a word in capitals (`PEąA`: PEÑA read as 852). The page whose
# words hold fewer of them is the one.
_RARE_LETTERS = frozenset("ƒþÞðÐµı")


def _odd_letters(text: str) -> int:
    """How many characters past ASCII beside a letter in a word read as no word is written
    (see above)."""
    odd = 0
    for word in text.split():
        if word.isascii():
            continue
        # A word in capitals: a small letter in it is another page's capital (`PEąA`).
        capitals = sum(c.isupper() for c in word if c.isascii()) >= 2 and not any(
            c.islower() for c in word if c.isascii()
        )
        for i, char in enumerate(word):
            if capitals and not char.isascii() and char.islower():
                odd += 1
                continue
            if char.isascii():
                continue
            before = word[i - 1] if i else ""
            after = word[i + 1] if i + 1 < len(word) else ""
            if not char.isalpha() or char in _RARE_LETTERS:
                odd += before.isalpha() or after.isalpha()
            elif char.isupper() and before.islower():
                odd += 1
    return odd


def _dos_page(data: bytes) -> str:
    """`cp852` where the DOS text's words read better so than in `cp850`, else `cp850`."""
    western, central = data.decode("cp850"), data.decode("cp852")
    return "cp852" if _odd_letters(central) < _odd_letters(western) else "cp850"


def _dos(data: bytes) -> bool:
    """Whether bytes that are no UTF-8 read better as DOS code page 850 (see above)."""
    found = 0
    for pattern in (_DOS_FRAME, _DOS_LETTER):
        for _ in pattern.finditer(data):
            found += 1
            if found >= _DOS_PROOF:
                return True
    return False


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
    the mark), `utf-8`, else `cp1252`, or `cp1250` where Central European words read so better
    (`_central_european`), or `cp850` where a DOS program's words and frames do (`_dos`), `cp852`
    where that program's words read better so (`_dos_page`).
    `write_text` encodes it back byte for byte."""
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
        if _dos(data):
            page = _dos_page(data)
            return data.decode(page), page
        latin = data.decode("latin-1")
        text = latin.translate(_CP1252_TABLE)
        if _central_european(text):
            return latin.translate(_CP1250_TABLE), "cp1250"
        return text, "cp1252"


def write_text(text: str, encoding: str) -> bytes:
    """The inverse of `read_text`: the text in that encoding, after its byte order mark. Text
    read by `read_text` comes back as the very same bytes."""
    for bom, utf16 in _BOMS[:2]:
        if encoding == utf16:
            return bom + text.encode(encoding)
    if encoding in _TABLES:
        return text.translate(_TABLES[encoding][1]).encode("latin-1")
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
    if encoding in _TABLES or encoding in ("cp850", "cp852"):
        code = f"decoded-{encoding}"
        issues.append(Issue(line=None, code=code, message=CODES[code][1], level=level_of(code)))
    if "\x00" in text:
        raise ParseError(f"this is binary data, not a results table{_ADVICE}", code="binary-data")
    # A final Ctrl-Z is the end-of-file mark of old DOS exports, not content.
    text = text.rstrip("\x1a")
    return text.replace("\r\n", "\n").replace("\r", "\n"), issues


# Box drawing (U+2500 to U+257F): a DOS printout's frames and rules. Its vertical strokes are
# read as spaces, the rest as dashes, so that a frame's rule is a rule line and the text
# inside a frame keeps its place.
_VERTICAL = frozenset("│┃║╎╏┆┇┊┋")
_FRAMES = {code: " " if chr(code) in _VERTICAL else "-" for code in range(0x2500, 0x2580)}


def without_frames(text: str) -> str:
    """The text with its box-drawing characters as spaces (vertical strokes) or dashes: the
    same columns, no frame."""
    return text.translate(_FRAMES)
