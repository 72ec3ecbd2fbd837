"""Finding English on a page meant to be French: the visible text of the page under `fr` and
under `en`, and the text that is the same in both and made of English words.

A text identical in both languages is data (a name, a number, a car) or a sentence nobody
translated. It is flagged when it holds an English word: a word of the English side of the
French catalogues (Podium's and Django's own) that their French side never uses. The
catalogues are the lexicon, so a new English string is caught without a word list to keep.
"""

from __future__ import annotations

import gettext
import re
from functools import cache
from html.parser import HTMLParser
from pathlib import Path

import django

ROOT = Path(__file__).resolve().parents[2]
#: Attributes a person reads: tooltips, placeholders, the labels of buttons and images.
READ_ATTRIBUTES = ("title", "placeholder", "alt", "aria-label")
BUTTONS = ("submit", "button", "reset")
HIDDEN = ("script", "style", "template", "noscript")
#: One token with a dot, an at sign, a dash or an underscore: a file name, an address, a
#: user name, an issue code (codes stay in a `title`).
IDENTIFIER = re.compile(r"[\w.@+-]*[.@_-][\w.@+-]*")
#: What separates the steps of the admin's breadcrumbs.
BREADCRUMB = "›"
VOID = frozenset("area base br col embed hr img input link meta source track wbr".split())
WORD = re.compile(r"[A-Za-z]+(?:'[a-z]+)?")
#: A token of letters and digits mixed (a digest, a reference, `ES12`): data, not words; the
#: letters of a file's sha256 would otherwise read as `dec` or `bad` on one run in many.
ALPHANUMERIC = re.compile(r"\w*\d\w*")


class VisibleText(HTMLParser):
    """Every text a person sees or hears on the page, stripped, in page order."""

    def __init__(self) -> None:
        super().__init__(convert_charrefs=True)
        self.texts: list[str] = []
        self._hidden = 0
        self._open: list[bool] = []  # per open element: whether it hides its text

    def handle_starttag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        values = dict(attrs)
        # The parser's message quoted after an issue's sentence is checked too: on a French
        # page it keeps only the cells and headings it names (`issue_words.detail`).
        hides = tag in HIDDEN
        if tag not in VOID:
            self._open.append(hides)
            self._hidden += hides
        if hides:
            return
        if tag == "input" and values.get("type") == "hidden":
            return
        for name in READ_ATTRIBUTES:
            self._add(values.get(name))
        if tag == "input" and values.get("type") in BUTTONS:
            self._add(values.get("value"))

    def handle_endtag(self, tag: str) -> None:
        if tag not in VOID and self._open:
            self._hidden -= self._open.pop()

    def handle_data(self, data: str) -> None:
        if not self._hidden:
            self._add(data)

    def _add(self, text: str | None) -> None:
        text = " ".join((text or "").split()).removeprefix(BREADCRUMB).strip()
        if text:
            self.texts.append(text)


def visible_texts(html: str) -> list[str]:
    parser = VisibleText()
    parser.feed(html)
    parser.close()
    return parser.texts


def _catalogues() -> list[Path]:
    django_root = Path(django.__file__).parent
    return [
        ROOT / "locale" / "fr" / "LC_MESSAGES" / "django.mo",
        django_root / "conf" / "locale" / "fr" / "LC_MESSAGES" / "django.mo",
        *sorted((django_root / "contrib").glob("*/locale/fr/LC_MESSAGES/django.mo")),
    ]


def words(text: str) -> set[str]:
    return {w.lower() for w in WORD.findall(ALPHANUMERIC.sub(" ", text))}


@cache
def english_words() -> frozenset[str]:
    """Words of the catalogues' English side that their French side never uses."""
    english, french = set(), set()
    for path in _catalogues():
        with path.open("rb") as mo:
            catalogue = gettext.GNUTranslations(mo)._catalog  # type: ignore[attr-defined]
        for key, value in catalogue.items():
            msgid = key[0] if isinstance(key, tuple) else key
            english |= words(msgid.split("\x04")[-1])
            french |= words(value)
    # Two-letter words are too often shared or codes (`ID`, `OK`, `km`): left out.
    return frozenset(w for w in english - french if len(w) > 2)


def english_left(french_html: str, english_html: str, *, data: frozenset[str]) -> list[str]:
    """The texts of the French page that the English one shows alike and that hold English
    words, `data` (names and values the test wrote, shown alike in both) apart."""
    in_english = set(visible_texts(english_html))
    lexicon = english_words()
    flagged = []
    for text in dict.fromkeys(visible_texts(french_html)):
        if text not in in_english or text in data or IDENTIFIER.fullmatch(text):
            continue
        if words(text) & lexicon:
            flagged.append(text)
    return flagged
