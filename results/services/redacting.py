"""Finding a person's spellings in stored text and JSON, and writing a placeholder instead.

Pure Python (no database): `anonymising` gives it the spellings and the placeholder. Sheets
write one name in many ways, so a spelling is matched on its words, whatever the case, the
accents and the spaces, punctuation or inline HTML tags between them, in either order: the
spelling `DUPONT Jean` finds `DUPONT Jean`, `Dupont JEAN`, `DUPONT  JEAN`, `Jean Dupont`,
`DUPONT, Jean` and `Jean <b>DUPONT</b>`, never `DUPONTEL Jean`, `DUPONT Jean-Marc`, nor words of
two cells (`DUPONT;Jean`, `Luc/DUPONT`). Initials are not derived: `DUPONT J.` is found when it
is one of the spellings given, as a homonym's `DUPONT J.` may be someone else.

A spelling with no first name (`DUBREUIL`, as `CHRIST Xavier. DUBREUIL` gives it) is someone's
whole name only where it stands alone: a word joined to it as a first name would be (`DUBREUIL
Marc`, `DUBREUIL, Marc`, `Marc DUBREUIL`), or as more of a compound surname (`DUBREUIL MARTIN`,
`LE DUBREUIL`), makes it part of another name, which is left alone. The parser reads names the
same way: words joined in one part of a cell make one person. A spelling with no letters at all
(`?`) names no one and is skipped.
"""

from __future__ import annotations

import html
import re
import unicodedata
from collections.abc import Iterable, Iterator, Mapping, Sequence
from dataclasses import dataclass
from typing import Any

from results.parsing.readers.decode import text_of, write_text
from results.text import fold

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
# What joins a word (of letters: a race number is no name) to a name without a first name,
# making both one name: spaces and inline tags, or after it a comma too (`DUPONT, Marc`). Not
# a full stop (the parser ends a name there: `CHRIST Xavier. DUBREUIL`), a tab, a line end, a
# cell's delimiter or tag.
_JOIN = rf"(?:[^\S\n\t]|{_TAG}){{1,40}}"
_JOINED_AFTER = re.compile(rf"(?:(?:[^\S\n\t]|{_TAG}){{0,40}},)?{_JOIN}(?=[^\W\d_])")
_JOINED_BEFORE = re.compile(rf"[^\W\d_]{_JOIN}\Z")
# How far back a joined word is looked for: forty separators, tags included.
_LOOK_BACK = 4000


PLACEHOLDER_SURNAME = "ANONYME"


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
        return cls(surname=PLACEHOLDER_SURNAME, first_name=f"X{tag}")

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


def _words(words: Sequence[str]) -> str:
    body = r"[^\S\n]*[.\-'’]?[^\S\n]*".join(re.escape(word) for word in words)
    # An initial may keep its full stop: `DUPONT J.`.
    return body + (r"\.?" if len(words[-1]) == 1 else "")


@dataclass(frozen=True, slots=True)
class _Form:
    """One way a spelling is written: its words in one order, and what replaces it. Group 2
    (if any) is the part after the separator, so a replacement in aligned text can start it at
    the same column. A form with no first name (`alone`) matches only where no word joins it.
    """

    regex: re.Pattern[str]
    reverse: bool
    size: int
    alone: bool
    placeholder: Placeholder

    def finditer(self, folded: str, *, aligned: bool = False) -> Iterator[re.Match[str]]:
        for match in self.regex.finditer(folded):
            if not (self.alone and _joined(folded, match.start(), match.end(), aligned)):
                yield match


def _joined(folded: str, start: int, end: int, aligned: bool) -> bool:
    """Whether a word is joined to folded[start:end] in one name: right after it, or right
    before it. In aligned text a gap of three spaces or more is a column border."""
    after = _JOINED_AFTER.match(folded, end)
    before = _JOINED_BEFORE.search(folded, max(0, start - _LOOK_BACK), start)
    return any(
        found is not None and not (aligned and _GAP.search(found.group()))
        for found in (after, before)
    )


def _forms(surname: str, first_name: str | None, placeholder: Placeholder) -> list[_Form]:
    last = _WORD.findall(fold(surname or ""))
    first = _WORD.findall(fold(first_name or ""))
    if not last or not first:
        words = last or first
        if not words:
            return []  # no letters (`?`): no one's name
        regex = re.compile(f"{_BEFORE}({_words(words)})(){_AFTER}")
        return [_Form(regex, False, len(words), True, placeholder)]
    size = len(last) + len(first)
    straight = f"{_BEFORE}({_words(last)}){_SEP}({_words(first)}){_AFTER}"
    reverse = f"{_BEFORE}({_words(first)}){_SEP_REVERSED}({_words(last)}){_AFTER}"
    return [
        _Form(re.compile(straight), False, size, False, placeholder),
        _Form(re.compile(reverse), True, size, False, placeholder),
    ]


class Scrubber:
    """Replaces the given spellings (surname, first name) by a placeholder, in text and JSON."""

    def __init__(self, spellings: Iterable[tuple[str, str | None]], placeholder: Placeholder):
        self._forms, self._names = _sorted_forms({placeholder: spellings})

    @classmethod
    def for_people(cls, people: Mapping[Placeholder, Iterable[tuple[str, str | None]]]) -> Scrubber:
        """One scrubber for several people: each one's spellings become its own placeholder."""
        scrubber = cls.__new__(cls)
        scrubber._forms, scrubber._names = _sorted_forms(people)
        return scrubber

    def __bool__(self) -> bool:
        return bool(self._forms)

    def found(self, text: str, *, aligned: bool = False) -> bool:
        """Whether the text still holds one of the spellings, HTML entities read as letters."""
        if not text:
            return False
        variants = {_fold_with_index(text)[0], _fold_with_index(html.unescape(text))[0]}
        return any(
            next(form.finditer(v, aligned=aligned), None) is not None
            for form in self._forms
            for v in variants
        )

    def is_spelling(self, surname: str | None, first_name: str | None) -> bool:
        """Whether a parsed name (a crew member, a plan's person) is one of the spellings."""
        return self._placeholder_of(surname, first_name) is not None

    def _placeholder_of(self, surname: str | None, first_name: str | None) -> Placeholder | None:
        """What replaces the whole name (surname and first name), if it is a spelling's."""
        if not surname:
            return None
        whole = f"{surname} {first_name}" if first_name else surname
        placeholder = self._names.get(fold(whole))
        if placeholder is not None:
            return placeholder
        folded = _fold_with_index(whole)[0]
        form = next((form for form in self._forms if form.regex.fullmatch(folded)), None)
        return None if form is None else form.placeholder

    def text(self, text: str, *, aligned: bool = False) -> str:
        """The text with every spelling replaced. `aligned` (columns lined up with spaces) keeps
        the columns where they were: each word of the placeholder starts where the word it
        replaces started, padded with spaces; a longer one takes spaces from the gap after it
        when the gap can spare them."""
        if not text or not self._forms:
            return text
        return _splice(text, self._replacements(text, aligned=aligned))

    def _replacements(
        self, text: str, *, aligned: bool = False, alone: bool = True
    ) -> list[tuple[int, int, str]]:
        """(start, end, replacement) of every spelling in the text, in order, not overlapping;
        without the spellings that have no first name unless `alone`."""
        folded, index = _fold_with_index(text)
        taken: list[tuple[int, int, str]] = []
        for form in self._forms:
            if form.alone and not alone:
                continue
            for match in form.finditer(folded, aligned=aligned):
                start, end = index[match.start()], index[match.end() - 1] + 1
                if any(
                    start < other_end and other_start < end for other_start, other_end, _ in taken
                ):
                    continue
                second = index[match.start(2)] - start if match.group(2) else None
                words = _placeholder_words(form, text[start:end])
                if aligned:
                    replacement, end = _aligned(text, start, end, words, second)
                else:
                    replacement = " ".join(words)
                taken.append((start, end, replacement))
        return sorted(taken)

    def json(self, value: Any) -> Any:
        """The JSON value with every spelling replaced: a name object (`surname`, `first_name`,
        with its `key` and `slug` if any) whose whole name is a spelling becomes the placeholder;
        any other string is scrubbed as text, a name object's surname and first name as the one
        name they make (`DUPONT` with the first name `Marc` is not the spelling `DUPONT`)."""
        if isinstance(value, str):
            return self.text(value)
        if isinstance(value, list):
            return [self.json(item) for item in value]
        if not isinstance(value, dict):
            return value
        if "surname" not in value:
            return {key: self.json(item) for key, item in value.items()}
        surname, first_name = value["surname"], value.get("first_name")
        placeholder = self._placeholder_of(surname, first_name)
        if placeholder is None:
            names = self._name_fields(surname, first_name)
        else:
            names = {"surname": placeholder.surname, "first_name": placeholder.first_name}
            if "key" in value:
                names["key"] = placeholder.key
            if value.get("slug"):
                names["slug"] = placeholder.key.replace(" ", "-")
        return {key: names[key] if key in names else self.json(item) for key, item in value.items()}

    def _name_fields(self, surname: Any, first_name: Any) -> dict[str, Any]:
        """A name object's surname and first name scrubbed as the text `surname first_name`:
        each keeps the replacements that fall within it. A spelling with no first name is
        not looked for in a name that has one."""
        if not isinstance(surname, str) or not isinstance(first_name, str | None):
            return {"surname": self.json(surname), "first_name": self.json(first_name)}
        if not first_name:
            return {"surname": self.text(surname), "first_name": first_name}
        whole = f"{surname} {first_name}"
        found = self._replacements(whole, alone=False)
        offset = len(surname) + 1
        return {
            "surname": _splice(surname, [r for r in found if r[1] <= len(surname)]),
            "first_name": _splice(
                first_name,
                [
                    (start - offset, end - offset, new)
                    for start, end, new in found
                    if start >= offset
                ],
            ),
        }

    def source(self, data: bytes, *, aligned: bool = False) -> bytes | None:
        """The source bytes with every spelling replaced, in the same encoding; None when they
        are not text (a workbook, a PDF, other binary data) and cannot be scrubbed as such."""
        decoded = text_of(data)
        if decoded is None:
            return None
        text, encoding = decoded
        return write_text(self.text(text, aligned=aligned), encoding)


def _sorted_forms(
    people: Mapping[Placeholder, Iterable[tuple[str, str | None]]],
) -> tuple[list[_Form], dict[str, Placeholder]]:
    """The forms of every spelling, in the order they are tried; and each spelling's folded
    whole name (as `person_key` folds it) → its placeholder."""
    seen: set[str] = set()
    forms: list[_Form] = []
    names: dict[str, Placeholder] = {}
    for placeholder, spellings in people.items():
        for surname, first_name in spellings:
            found = _forms(surname, first_name, placeholder)
            if found:
                whole = f"{surname or ''} {first_name}" if first_name else surname
                names[fold(whole)] = placeholder
            for form in found:
                if form.regex.pattern not in seen:
                    seen.add(form.regex.pattern)
                    forms.append(form)
    # Where two forms overlap, the surname-first one wins (the usual order on sheets:
    # `SADAUNE D. SAVART D.` holds `SAVART D.`, not `D. SAVART`), then the longer one.
    return sorted(forms, key=lambda form: (form.reverse, -form.size)), names


def _placeholder_words(form: _Form, original: str) -> list[str]:
    words = [form.placeholder.surname, form.placeholder.first_name]
    if form.reverse:
        words.reverse()
    # Folded text (a plan's key, a slug) stays folded.
    return [word.lower() for word in words] if original == original.lower() else words


def _splice(text: str, replacements: Iterable[tuple[int, int, str]]) -> str:
    out: list[str] = []
    done = 0
    for start, end, replacement in replacements:
        out += [text[done:start], replacement]
        done = end
    out.append(text[done:])
    return "".join(out)


def _width(text: str) -> int:
    return sum(1 for char in text if not unicodedata.combining(char))


def _aligned(
    text: str, start: int, end: int, words: list[str], second: int | None
) -> tuple[str, int]:
    """The placeholder's words for text[start:end] in the same columns, and where they end."""
    replacement = " ".join(words)
    if second is not None and "  " in text[start : start + second]:
        # Surname and first name in columns of their own: the second word starts where the
        # original's did.
        column = _width(text[start : start + second])
        replacement = words[0] + " " * max(2, column - len(words[0])) + words[1]
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
    decoded = text_of(data)
    return None if decoded is None else decoded[0]
