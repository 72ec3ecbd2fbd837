"""A table going on over a page break under its title again, said to go on (`Klasse 6
(Fortsetzung)`, `Groupe N (suite)`): the same table, not a new one."""

from __future__ import annotations

import re

from results.parsing.codes import level_of
from results.parsing.layout.blocks import Block
from results.parsing.layout.header_rows import same_header
from results.parsing.model import Issue
from results.parsing.text import fold

# Words saying a table goes on over a page break, in the languages of the sheets seen:
# `Klasse 6 (Fortsetzung)`, `Groupe N (suite)`, `Classifica (seguito)`.
GOES_ON_WORDS = (
    "fortsetzung", "forts.", "forts", "suite", "cont.", "cont", "continued", "continuation",
    "vervolg", "continua", "continuación", "continuação", "segue", "seguito", "jatkuu",
    "fortsättning", "ciąg dalszy", "pokračování",
)  # fmt: skip
_SPELLINGS = sorted({w for word in GOES_ON_WORDS for w in (word, fold(word))}, key=len)[::-1]
_WORDS = "|".join(re.escape(word).replace(r"\ ", r"\s+") for word in _SPELLINGS)
# The saying at the end of a title, bracketed or not.
_GOES_ON = re.compile(rf"\s*[(\[-]?\s*(?:{_WORDS})\s*[)\]]?\s*\Z", re.I)
# The saying anywhere, as a word of its own.
_SAID = re.compile(rf"(?<!\w)(?:{_WORDS})(?!\w)", re.I)


def says_it_goes_on(text: str) -> bool:
    """`text` (a title, or what a title adds to the one before) says the table goes on."""
    return _SAID.search(text) is not None


def continued_tables(blocks: list[Block], issues: list[Issue]) -> list[Block]:
    """Blocks that go on from the block before (`goes_on`) joined to it: one table, whose gaps
    run from its one leader."""
    out: list[Block] = []
    for block in blocks:
        if out and goes_on(out[-1], block):
            join(out[-1], block, issues)
            continue
        out.append(block)
    return out


def goes_on(before: Block, block: Block) -> bool:
    """`block` is said to go on (`(Fortsetzung)`), under the header of `before`, and is its
    table: titled as it is (or as the start of it: `Klasse 6` of `Klasse 6 Starter: 9`; or its
    end, after the event's name: `Rallye X - Classement (suite)`), or its places go on from
    the last place of `before`; or titled as `before` again, its places going on."""
    title = block.title or ""
    if not same_header(before.header, block.header):
        return False
    found = _GOES_ON.search(title)
    if found is None:
        # The page's title and header printed again over the next places (`23` after `22`),
        # the title as the first page's or in words of its titles (`15° Rally Città di
        # Valmarena - 20/21 luglio 2024  CLASSIFICA FINALE ASSOLUTA` over the page).
        alike = _titled_alike(before, title) or _in_words_of(before, title)
        return bool(title) and alike and counts_on(before, block)
    return _titled_alike(before, title[: found.start()]) or counts_on(before, block)


def join(before: Block, block: Block, issues: list[Issue]) -> None:
    before.rows.extend(block.rows)
    said = f"{block.title!r}: the table above goes on"
    first = block.rows[0] if block.rows else None
    line = block.title_line or (first.line if first else None)
    page = first.page if first else None
    issues.append(
        Issue(line=line, code="title-line", message=said, level=level_of("title-line"), page=page)
    )


def _words(text: str) -> set[str]:
    return set(_WORD.findall(fold(text)))


_WORD = re.compile(r"[^\W\d_]+")
#: Share of a page's title found in the first page's titles for it to be the same (the dates,
#: a word of them, may be written otherwise).
_SAME_WORDS = 0.75


def _in_words_of(before: Block, title: str) -> bool:
    """Nearly every word of `title` (three at least) is a word of the titles over `before`."""
    words = _words(title)
    shared = len(words & _words(" ".join(before.titles)))
    return shared >= 3 and shared >= _SAME_WORDS * len(words)


def _titled_alike(before: Block, stem: str) -> bool:
    stem = stem.strip().casefold()
    return bool(before.title and stem) and _same_title(before.title.strip().casefold(), stem)


def counts_on(before: Block, block: Block) -> bool:
    """The block's first row goes on from the last row above: its first cell the place after
    (`31` under `30`)."""
    places = [p for r in before.rows if r.cells and (p := _place(r.cells[0])) is not None]
    first = block.rows[0].cells[:1] if block.rows else ()
    return bool(places and first) and _place(first[0]) == places[-1] + 1


def _place(cell: str) -> int | None:
    text = cell.strip().rstrip(".")
    if text.endswith(".0"):
        text = text[:-2]  # a spreadsheet's number read as a float
    return int(text) if text.isdigit() and len(text) <= 4 else None


def _same_title(before: str, stem: str) -> bool:
    """`stem` (a title said to go on, less the saying) names the table titled `before`: the
    same words, or the start of them, or `before` after the event's name printed again."""
    return before.startswith(stem) or (
        stem.endswith(before) and not stem[len(stem) - len(before) - 1 : -len(before)].isalnum()
    )
