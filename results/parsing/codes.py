"""Stable issue codes. Tests, the preview and outside tools key on them: add, never rename.

Each code has one level: `info` for what the parser did on purpose, `warning` for a doubt a
person should look at.
"""

INFO = "info"
WARNING = "warning"

CODES: dict[str, tuple[str, str]] = {
    # reading the bytes
    "decoded-cp1252": (WARNING, "the file is not UTF-8; it was read as Windows-1252"),
    "decoded-cp1250": (
        WARNING,
        "the file is not UTF-8; its words read as Central European Windows-1250",
    ),
    "decoded-cp850": (
        WARNING,
        "the file is not UTF-8; it was read as DOS code page 850 (an old timing program's)",
    ),
    "decoded-cp852": (
        WARNING,
        "the file is not UTF-8; its words read as DOS code page 852 (a Central European one)",
    ),
    "mojibake": (WARNING, "text looks double-encoded (such as 'Ã©' for 'é')"),
    # layout
    "header-recognised": (INFO, "a header row was recognised and gave the column roles"),
    "header-missing": (INFO, "no header row: column roles were inferred from the content"),
    "header-repeated": (INFO, "a repeated header row was skipped"),
    "header-continued": (INFO, "a header's second line was read as part of the header above"),
    "role-from-content": (INFO, "a column's role was decided by its content, not its heading"),
    "role-hinted": (INFO, "a column's role was set by a hint"),
    "role-doubt": (WARNING, "a column's content fits a second role nearly as well as its own"),
    "column-unknown": (WARNING, "a column could not be given a role and was ignored"),
    "tables-stacked": (INFO, "positions start again at 1: tables stacked under one header"),
    "tables-side-by-side": (INFO, "two tables printed side by side: left one read, then right"),
    "legend-mark": (INFO, "a mark read as the sheet's legend says (`n.a. = nicht angetreten`)"),
    "title-line": (INFO, "a title line was read as the name of the table that follows"),
    "line-skipped": (INFO, "a line that is not a results row was skipped (footer, note, blank)"),
    "row-shifted": (WARNING, "a row started with extra empty cells; its cells were moved back"),
    "record-merged": (INFO, "a record spread over several lines was joined"),
    "line-repeated": (WARNING, "a stray line repeating part of the next record was dropped"),
    "cell-slid": (WARNING, "a row had a missing cell and its values slid left; they were moved"),
    "table-skipped": (INFO, "a table of the file that holds no results was skipped"),
    "rows-hidden": (
        WARNING,
        "rows the web page hides (a filtered class, a template) were not read: check them",
    ),
    "table-skipped-people": (
        WARNING,
        "a table naming people but holding no results was skipped: check that no crew is lost",
    ),
    "row-unreadable": (WARNING, "a row could not be read as a result and was skipped"),
    # space-aligned text and PDF
    "cell-spilled": (WARNING, "a cell ran over the gutter into the next column; it was cut there"),
    "column-right-aligned": (INFO, "a column of numbers aligned on its right edge was read so"),
    "tabs-aligned": (INFO, "cells lined up with runs of tabs: each run read as one step"),
    "cells-by-kind": (
        WARNING,
        "no delimiter parts the cells: each row was cut by what its words are, under the header",
    ),
    "columns-realigned": (INFO, "a table with column positions of its own starts on this line"),
    # fields
    "value-unreadable": (WARNING, "a cell could not be read for its column's role"),
    "time-zero": (INFO, "a time of zero is no time: the crew was read as not started"),
    "crew-missing": (WARNING, "the record names no crew"),
    "crew-uncertain": (WARNING, "the crew could not be split into people for sure"),
    "group-class-uncertain": (WARNING, "a group/class value could not be split for sure"),
    # stage and run times
    "splits-rule": (INFO, "which stage or run times make the total, read or inferred"),
    "splits-rule-unknown": (INFO, "the total is no sum, best or sum less worst of the runs"),
    "stage-title": (INFO, "the title says the table is one stage's, or the overall after one"),
    # checks
    "positions-absent": (INFO, "no positions given and the rows are not in order: none inferred"),
    "position-from-class": (INFO, "a one-class table's class positions read as its positions"),
    "table-unranked": (INFO, "a table with no positions beside ranked ones: not classified"),
    "rally2-restart": (INFO, "a crew placed after the stage it retired at restarted: Rallye 2"),
    "status-from-log": (INFO, "the log under the table says why a rider stopped: retired"),
    "result-absent": (INFO, "a row with no position nor time among ranked rows: not started"),
    "position-inferred": (INFO, "positions were not given and were inferred from the order"),
    "unplaced-foot": (
        INFO,
        "a row with a result but no place, below the placed rows: not classified, or retired",
    ),
    "position-sequence": (WARNING, "positions are not in sequence or not unique"),
    "time-derived": (INFO, "a time was derived from the leader's time and the gap"),
    "gaps-in-points": (INFO, "a table ranked on penalty points: its gaps are points, not times"),
    "ranked-on-points": (INFO, "a table ranked on points, its times out of order: no gaps"),
    "gap-derived": (INFO, "a gap was derived from the times"),
    "time-decreasing": (WARNING, "a time is lower than the time of the row above"),
    "gap-mismatch": (WARNING, "a gap disagrees with the time minus the leader's time"),
    "gap-sum-mismatch": (WARNING, "gap to first disagrees with the sum of gaps to previous"),
}


def level_of(code: str) -> str:
    return CODES[code][0]


#: Why a file cannot be read at all: the stable `code` of a `ParseError`, with what it means
#: (for developers; `results.services.issue_words.REFUSAL_SENTENCES` says it to organisers).
#: `ParseError.params` carries what the sentence names (an image's format, a page count).
REFUSALS: dict[str, str] = {
    "file-unreadable": "the file cannot be read (no more precise reason known)",
    "image-file": "an image (params: format), not a table",
    "archive-file": "a compressed archive (params: format), not a table",
    "not-a-table": "a file of another kind (params: kind): a document, a database, a program",
    "binary-data": "binary data, not text",
    "old-office": "an old-format Office file (.xls, .doc) or a password-protected workbook",
    "xlsb-workbook": "a binary Excel workbook (.xlsb)",
    "workbook-damaged": "a workbook (XLSX or ODS) that is damaged or incomplete",
    "file-empty": "the file, page or workbook holds no text",
    "no-table": "no table in it: nothing splits the lines into columns, no HTML <table>",
    "no-rows": "a table, but no row of it reads as a result",
    "too-large": "more bytes, lines, rows, columns, cells or memory than a results sheet needs",
    "too-slow": "reading took longer than the time limit",
    "encoding-broken": "text whose encoding cannot be decoded (broken UTF-16)",
    "csv-broken": "a line that cannot be read as CSV (a quote never closed, a huge field)",
    "html-broken": "an HTML page that cannot be read",
    "pdf-damaged": "a PDF that is damaged or incomplete",
    "pdf-encrypted": "a PDF protected by a password",
    "pdf-no-text": "a PDF without a text layer (a scan)",
    "pdf-pages": "a PDF of more pages than the limit (params: pages, limit)",
    "source-removed": "the stored file was removed when a person it names was anonymised",
}
