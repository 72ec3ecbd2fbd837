"""What a line outside a table's records is: a page's foot (the organiser, the timekeeper, when
it was printed, `Page 1 / 3`), a title, a sentence (a note under the table)."""

from __future__ import annotations

import re
from collections.abc import Sequence

from results.parsing.fields import parse_status
from results.parsing.fields.crews import looks_like_person
from results.parsing.grid import Row
from results.parsing.layout.profile import VALUE_KINDS, kind
from results.parsing.layout.title_words import TITLE_WORDS, without_crew_count
from results.parsing.text import fold

# A signature's officials: `Le Directeur de Course`, `El Director de Carrera`, `Il Direttore di
# Gara`, `I Commissari Sportivi`, `Clerk of the Course`, `Der Rennleiter`.
_OFFICIALS = re.compile(
    r"^(le |la |les |el |los |las |els |il |i |lo |o |os |a |the |der |die |de |het )?"
    r"(directeur|director|directora|direttore|diretor|commissaire|comisario|commissari|"
    r"comissari|comissario|college|colegio|collegio|colegi|president|chronometr|cronometrador|"
    r"capo cronometrist|"
    r"secretaire|secretari|segretari|clerk of the course|steward|chief timekeeper|"
    r"fahrtleiter|rennleiter|sportkommissar|wedstrijdleider|sportcommissar|"
    # Nordic: `Tävlingsledare: Anders Lundin`, `Kilpailunjohtaja`, `Løbsleder`, `Tidtagning:`
    r"tavlingsledare|kilpailunjohtaja|lopsleder|lobsleder|loebsleder|staevneleder|tidtagning)"
)

# Lines that are no part of any table: page furniture, signatures, software credits.
_FOOTER = re.compile(
    r"\bpage\s*\d+(\s*(/|sur|of)\s*\d+)?\b|^(imprim|edit|publi|print|generat|genere|affich)"
    # `Pág. 1/2`, `Seite 1 von 2`, `Pag. 2 di 3`, `Sivu 1/2`, `Strona 1 z 2`, `Strana 1/2`:
    # page n of m
    r"|\b(pag|pagina|seite|blatt|sivu|strona|strana|stranka|str|sida|side|blad|oldal)\.?\s*\d+\s*"
    r"(/|von|di|de|z|ze|av|af|van|of)\s*\d+\b"
    # `1. oldal / 2`: the page's number before the word, in Hungarian
    r"|\b\d+\.?\s*oldal\b"
    # `pokračování na další straně`, `suite page suivante`: the table goes on over the page
    r"|^(continued|suite|fortsetzung|pokracovani|ciag dalszy|continua|continuacion|jatkuu|"
    r"folytatas|vervolg|fortsaettes|fortsetter|fortsatt)\b.{0,40}"
    r"\b(page|pagina|seite|strane|stronie|sivulla|oldalon|pagine|side|sida|sidan|"
    r"blad|over|overleaf|next)\b"
    r"|www\.|https?://|@|^©|^\(c\)|^(heure|date) (d'affichage|de publication)"
    r"|logiciel|software|timing by|chrono by|powered by|^signature"
    # `… Sports Timing  Printed: 6/9/2024 3:42 PM`: when the page was printed, anywhere on it
    r"|\b(printed|imprime|gedruckt|stampato|impreso)( le| am| on| il| el)?\s*:?\s*\d",
)


#: How much a cell must look like a person's name to count as one.
_PERSON_SCORE = 0.6


def is_footer(text: str) -> bool:
    folded = fold(text)
    return bool(_FOOTER.search(folded) or _OFFICIALS.match(folded))


def signs(cells: Sequence[str]) -> bool:
    """Whether a line names the officials who sign the sheet (`Il Direttore di Gara`)."""
    return any(_OFFICIALS.match(fold(c)) for c in cells)


def signatories(cells: Sequence[str], titles: int) -> bool:
    """Names under the officials' `titles` titles: no more cells than titles, no value, a
    person's name among them (`Rag. Lorenza Pia` beside it), no title (`Classe N2`)."""
    return (
        len(cells) <= titles
        and not any(kind(c) in VALUE_KINDS or looks_like_title(c) for c in cells)
        and any(looks_like_person(c) >= 0.5 for c in cells)
    )


def page_foot(cells: Sequence[str]) -> bool:
    """A line of the page's foot cut into cells by the table's gutters: it reads as a footer,
    it starts with no place or number and holds no time."""
    if kind(cells[0]) == "int" or any(kind(c) == "time" for c in cells):
        return False
    if any(looks_like_person(c) >= _PERSON_SCORE for c in cells):
        return False  # `Edith LAMBERT | Anne GRIS | …`: a crew, whatever its first word
    return is_footer(cells[0]) or is_footer(" ".join(cells))


def title_text(row: Row) -> str:
    """A title line's words, less the marks a forum or wiki sets around them (`**Abandons
    :**`, `== Classe 2 ==`) and the count of crews after them (`8 Fahrer / pilotes`)."""
    text = row.cells_text
    bare = without_crew_count(text.strip().strip("*_#=~ ").rstrip(":").rstrip())
    return bare or text


def looks_like_title(text: str) -> bool:
    if kind(text) in VALUE_KINDS:
        return False
    words = fold(text).replace("-", " ").split()
    return bool(words) and (words[0] in TITLE_WORDS or parse_status(text) is not None)


#: Words of a line that reads as a sentence, not as a cell of a record spread over two lines.
NOTE_WORDS = 4


# `*=fastest lap time`, `R = lap record`: a legend of the marks the table uses.
LEGEND = re.compile(r"[^\w\s]{1,2}\s?=\s?[^\W\d]|[A-Za-z]\s?=\s?[^\W\d]{2}")


def is_sentence(text: str) -> bool:
    """Words of a sentence: several words of four letters or more in lower case (`Pénalité de
    10 secondes pour vitesse…`), or a full stop at the end; names and titles capitalise theirs
    (`Classement de l'ES 3 - Col du Bœuf`)."""
    lower = sum(
        1 for word in text.split() if word[0].islower() and word.isalpha() and len(word) >= 4
    )
    return lower >= 3 or text.rstrip().endswith(".")
