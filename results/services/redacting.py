"""Finding a person's spellings in stored text and JSON, and writing a placeholder instead.

Pure Python (no database): `anonymising` gives it the spellings and the placeholder. Sheets
write one name in many ways, so a spelling is matched on its words, whatever the case, the
accents and the spaces, punctuation or inline HTML tags between them, in either order: the
spelling `DUPONT Jean` finds `DUPONT Jean`, `Dupont JEAN`, `DUPONT  JEAN`, `Jean Dupont`,
`DUPONT, Jean` and `Jean <b>DUPONT</b>`, never `DUPONTEL Jean`, `DUPONT Jean-Marc`, nor words of
two cells (`DUPONT;Jean`, `Luc/DUPONT`). Initials are not derived: `DUPONT J.` is found when it
is one of the spellings given, as a homonym's `DUPONT J.` may be someone else.
"""

from __future__ import annotations

import html
import re
import unicodedata
from collections.abc import Callable, Iterable, Sequence
from dataclasses import dataclass
from typing import Any

from results.parsing.model import ParseError
from results.parsing.readers.decode import is_pdf, refuse_binary
from results.parsing.text import fold

_WORD = re.compile(r"[^\W_]+")
# An inline HTML tag between two words (`Eric <b>ROUSSET</b>`) separates them like a space;
# a cell's or a line's tag (`</td><td>`, `<br>`) separates two names.
_TAG = r"</?(?:b|i|u|em|strong|span|font|small|big|a)(?:\s[^<>\n]{0,80})?>"
# Within one cell, between surname and first name: spaces (not a tab: a cell border), inline
# tags, a comma (`DUPONT, Jean`), a full stop, quotes.
_SEP = rf"(?:[^\S\n\t]|[,.'’\"\-]|{_TAG}){{1,40}}"
# Between a first name and the surname after it, only spaces and tags: `Luc, DUPONT` is more
# likely the end of one crew member and the start of the next.
_SEP_REVERSED = rf"(?:[^\S\n\t]|{_TAG}){{1,40}}"
# A gap between two columns of aligned text.
_GAP = re.compile(r" {3,}")
_BEFORE = r"(?<![^\W_])(?<![^\W_][\-'’])"
_AFTER = r"(?![^\W_])(?![\-'’][^\W_])"
# Bytes Windows-1252 leaves undefined keep their Latin-1 meaning, as the parser reads them.
_CP1252 = {
    b: (bytes([b]).decode("cp1252", errors="replace").replace("\ufffd", chr(b)))
    for b in range(0x80, 0x100)
}


@dataclass(frozen=True, slots=True)
class Placeholder:
    """What a scrubbed spelling becomes: `ANONYME Xbmm`, a name the parser reads back as one
    person (an upper-case surname, a mixed-case first name), unique to the person."""

    surname: str
    first_name: str

    @classmethod
    def for_person(cls, pk: int) -> Placeholder:
        # Letters only: digits would not read as a first name. The `X` keeps the tag from
        # being a particle (`De`, `La`) that the parser joins to the next surname.
        tag, n = "", pk
        while True:
            n, rest = divmod(n, 26)
            tag = chr(ord("a") + rest) + tag
            if n == 0:
                break
        return cls(surname="ANONYME", first_name=f"X{tag}")

    @property
    def key(self) -> str:
        return fold(f"{self.surname} {self.first_name}")


def _fold_with_index(text: str) -> tuple[str, Sequence[int]]:
    """`fold` character by character, without collapsing spaces, and for each folded character
    the position of the character it came from."""
    table = {ord(char): char if char.isspace() else fold(char) for char in set(text)}
    folded = text.translate(table)
    if len(folded) == len(text) and all(len(piece) == 1 for piece in table.values()):
        # The usual case (accents, case): one folded character per character.
        return folded, range(len(text))
    index: list[int] = []
    for position, char in enumerate(text):
        index.extend([position] * len(table[ord(char)]))
    return folded, index


def _words(words: list[str]) -> str:
    body = r"[^\S\n]*[.\-'’]?[^\S\n]*".join(re.escape(word) for word in words)
    # An initial may keep its full stop: `DUPONT J.`.
    return body + (r"\.?" if len(words[-1]) == 1 else "")


@dataclass(frozen=True, slots=True)
class _Form:
    """One way a spelling is written: its words in one order. Group 2 (if any) is the part
    after the separator, so a replacement in aligned text can start it at the same column."""

    regex: re.Pattern[str]
    reverse: bool
    size: int


def _forms(surname: str, first_name: str | None) -> list[_Form]:
    last = _WORD.findall(fold(surname or ""))
    first = _WORD.findall(fold(first_name or ""))
    if not last or not first:
        words = last or first
        return [_Form(re.compile(f"{_BEFORE}({_words(words)})(){_AFTER}"), False, len(words))]
    size = len(last) + len(first)
    straight = f"{_BEFORE}({_words(last)}){_SEP}({_words(first)}){_AFTER}"
    reverse = f"{_BEFORE}({_words(first)}){_SEP_REVERSED}({_words(last)}){_AFTER}"
    return [_Form(re.compile(straight), False, size), _Form(re.compile(reverse), True, size)]


class Scrubber:
    """Replaces the given spellings (surname, first name) by a placeholder, in text and JSON."""

    def __init__(self, spellings: Iterable[tuple[str, str | None]], placeholder: Placeholder):
        self.placeholder = placeholder
        seen: set[str] = set()
        forms: list[_Form] = []
        for surname, first_name in spellings:
            for form in _forms(surname, first_name):
                if form.regex.pattern not in seen:
                    seen.add(form.regex.pattern)
                    forms.append(form)
        # Where two forms overlap, the surname-first one wins (the usual order on sheets:
        # `SADAUNE D. SAVART D.` holds `SAVART D.`, not `D. SAVART`), then the longer one.
        self._forms = sorted(forms, key=lambda form: (form.reverse, -form.size))

    def found(self, text: str) -> bool:
        """Whether the text still holds one of the spellings, HTML entities read as letters."""
        if not text:
            return False
        variants = {_fold_with_index(text)[0], _fold_with_index(html.unescape(text))[0]}
        return any(form.regex.search(v) for form in self._forms for v in variants)

    def is_spelling(self, surname: str | None, first_name: str | None) -> bool:
        """Whether a parsed name (a crew member, a plan's person) is one of the spellings."""
        if not surname:
            return False
        folded = _fold_with_index(f"{surname} {first_name}" if first_name else surname)[0]
        return any(form.regex.fullmatch(folded) for form in self._forms)

    def text(self, text: str, *, aligned: bool = False) -> str:
        """The text with every spelling replaced. `aligned` (columns lined up with spaces) keeps
        the columns where they were: each word of the placeholder starts where the word it
        replaces started, padded with spaces; a longer one takes spaces from the gap after it
        when the gap can spare them."""
        if not text or not self._forms:
            return text
        folded, index = _fold_with_index(text)
        taken: list[tuple[int, int, str]] = []
        for form in self._forms:
            for match in form.regex.finditer(folded):
                start, end = index[match.start()], index[match.end() - 1] + 1
                if any(
                    start < other_end and other_start < end for other_start, other_end, _ in taken
                ):
                    continue
                second = index[match.start(2)] - start if match.group(2) else None
                words = self._words(text[start:end], reverse=form.reverse)
                if aligned:
                    replacement, end = _aligned(text, start, end, words, second)
                else:
                    replacement = " ".join(words)
                taken.append((start, end, replacement))
        out: list[str] = []
        done = 0
        for start, end, replacement in sorted(taken):
            out += [text[done:start], replacement]
            done = end
        out.append(text[done:])
        return "".join(out)

    def json(self, value: Any) -> Any:
        """The JSON value with every spelling replaced: a name object (`surname`, `first_name`,
        with its `key` and `slug` if any) becomes the placeholder; any other string is scrubbed
        as text."""
        if isinstance(value, str):
            return self.text(value)
        if isinstance(value, list):
            return [self.json(item) for item in value]
        if not isinstance(value, dict):
            return value
        if "surname" in value and self.is_spelling(value["surname"], value.get("first_name")):
            value = {**value, "surname": self.placeholder.surname}
            value["first_name"] = self.placeholder.first_name
            if "key" in value:
                value["key"] = self.placeholder.key
            if value.get("slug"):
                value["slug"] = self.placeholder.key.replace(" ", "-")
        return {key: self.json(item) for key, item in value.items()}

    def source(self, data: bytes, *, aligned: bool = False) -> bytes | None:
        """The source bytes with every spelling replaced, in the same encoding; None when they
        are not text (a workbook, a PDF, other binary data) and cannot be scrubbed as such."""
        decoded = _decode(data)
        if decoded is None:
            return None
        text, encode = decoded
        return encode(self.text(text, aligned=aligned))

    def _words(self, original: str, *, reverse: bool) -> list[str]:
        words = [self.placeholder.surname, self.placeholder.first_name]
        if reverse:
            words.reverse()
        # Folded text (a plan's key, a slug) stays folded.
        return [word.lower() for word in words] if original == original.lower() else words


def _width(text: str) -> int:
    return sum(1 for char in text if not unicodedata.combining(char))


def _aligned(
    text: str, start: int, end: int, words: list[str], second: int | None
) -> tuple[str, int]:
    """The placeholder's words for text[start:end] in the same columns, and where they end."""
    replacement = words[0]
    if second is not None:
        column = _width(text[start : start + second])
        if "  " in text[start : start + second]:
            # Surname and first name in columns of their own: the second word starts where
            # the original's did.
            replacement += " " * max(2, column - len(replacement)) + words[1]
        else:
            replacement += " " + words[1]
    missing = _width(text[start:end]) - len(replacement)
    if missing >= 0:
        return replacement + " " * missing, end
    # Longer: take the spaces from the next gap between columns on the line, keeping two.
    line_end = text.find("\n", end)
    gap = _GAP.search(text, end, len(text) if line_end < 0 else line_end)
    if gap is None:
        return replacement, end
    kept = max(2, len(gap.group()) + missing)
    return replacement + text[end : gap.start()] + " " * kept, gap.end()


def source_text(data: bytes) -> str | None:
    """The text of a source as the parser decodes it; None for a workbook, a PDF or other binary
    data."""
    decoded = _decode(data)
    return None if decoded is None else decoded[0]


def _decode(data: bytes) -> tuple[str, Callable[[str], bytes]] | None:
    """(text, how to encode it back) as the parser decodes text; None for binary data."""
    if data.startswith((b"PK\x03\x04", b"PK\x05\x06")) or is_pdf(data):
        return None
    try:
        refuse_binary(data)
    except ParseError:
        return None
    for bom, codec in ((b"\xff\xfe", "utf-16-le"), (b"\xfe\xff", "utf-16-be")):
        if data.startswith(bom):
            try:
                text = data[len(bom) :].decode(codec)
            except UnicodeDecodeError:
                return None
            return text, lambda scrubbed, bom=bom, codec=codec: bom + scrubbed.encode(codec)
    bom = b"\xef\xbb\xbf" if data.startswith(b"\xef\xbb\xbf") else b""
    try:
        text = data[len(bom) :].decode("utf-8")
    except UnicodeDecodeError:
        # Windows-1252, one character per byte: the placeholder (ASCII) encodes back as is.
        latin = data.decode("latin-1")
        text = latin.translate(_CP1252)
        table = {ord(char): chr(byte) for byte, char in _CP1252.items()}
        return text, lambda scrubbed: scrubbed.translate(table).encode("latin-1")
    return text, lambda scrubbed: bom + scrubbed.encode("utf-8")
