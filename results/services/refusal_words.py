"""Why a file could not be read at all, in an organiser's words, French or English.

A reader that cannot read a file raises a `ParseError` keyed on a stable code
(`results.parsing.codes.REFUSALS`); every page that says so (the upload form, a background
reading, a preview read again, the history) words it here: what happened and what to do, from
the code and what the error names (`params`: an image's format, a page count). The reader's own
reason is English for developers: an English page quotes it after the sentence; a page in
another language keeps only what it quotes (a cell, a heading), never its prose. The code stays
in the data and in a `title`.
"""

from __future__ import annotations

import re
from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any

from django.utils.functional import Promise
from django.utils.translation import get_language, gettext, gettext_lazy

_ = gettext_lazy

#: A sentence per refusal code: what Podium met, and what the organiser can do about it.
REFUSAL_SENTENCES: dict[str, Promise] = {
    "file-unreadable": _(
        "Podium could not read this file: save the table as .xlsx or CSV, or paste it."
    ),
    "image-file": _(
        "This file is a picture (%(format)s), not a results table: Podium cannot read results "
        "in an image. Send the spreadsheet or the PDF they came from, or paste the table."
    ),
    "archive-file": _(
        "This file is a compressed archive (%(format)s): open it and send the results file it "
        "holds."
    ),
    "not-a-table": _(
        "This file is a %(format)s file, not a results table: open it where it was made and "
        "save the table as .xlsx or CSV, or paste it."
    ),
    "binary-data": _(
        "This file holds no text Podium can read: it is neither a table nor a spreadsheet. "
        "Save the table as .xlsx, CSV or text, or paste it."
    ),
    "old-office": _(
        "This old Excel file (.xls) could not be read, or the workbook is protected by a "
        "password: open it in your spreadsheet, remove the password and save it as .xlsx."
    ),
    "xlsb-workbook": _(
        "This is an Excel binary workbook (.xlsb): open it in Excel and save it as .xlsx."
    ),
    "workbook-damaged": _(
        "This workbook is damaged or incomplete: open it in your spreadsheet and save it again "
        "as .xlsx or CSV."
    ),
    "file-empty": _("The file is empty: it holds no text. Check that you sent the right file."),
    "no-table": _(
        "Podium found no table in this file (no columns split by tabs, semicolons, commas or "
        "bars, no table of a web page): send the results table itself, or paste it from the "
        "spreadsheet."
    ),
    "no-rows": _(
        "Podium found a table, but no row of it reads as a result (a position, a crew, a "
        "time): check that the file holds the results, not only their headings."
    ),
    "too-large": _(
        "This file is too large to be a results table (too many lines, columns or cells): "
        "send the results table alone."
    ),
    "too-slow": _(
        "Reading this file took too long: save the table as CSV or .xlsx and send it again."
    ),
    "encoding-broken": _(
        "The characters of this text file are damaged and cannot be read: save it again as "
        "UTF-8 text or CSV."
    ),
    "csv-broken": _(
        "This line cannot be read as CSV (a quotation mark left open, for instance): check "
        "it, or save the table again from the spreadsheet."
    ),
    "html-broken": _(
        "This web page could not be read: save its table as .xlsx or CSV, or paste it."
    ),
    "pdf-damaged": _(
        "This PDF is damaged or incomplete: download it again, or send the spreadsheet it "
        "came from."
    ),
    "pdf-encrypted": _(
        "This PDF is protected by a password: send it without the protection, or the "
        "spreadsheet it came from."
    ),
    "pdf-no-text": _(
        "This PDF holds pictures of its pages (a scan) and no text: Podium reads text only. "
        "Export the results from the timing software as PDF or text, or send the spreadsheet."
    ),
    "pdf-pages": _(
        "This PDF has %(pages)s pages, and Podium reads results PDFs of %(limit)s pages at "
        "most: send only the pages of the results."
    ),
    "source-removed": _(
        "The original file was removed when a person it names was anonymised: upload the "
        "sheet again to read it."
    ),
}


@dataclass(frozen=True, slots=True)
class Refusal:
    """A refusal as a page shows it: the sentence, the reader's detail it may quote, the code
    (for a `title`)."""

    code: str
    sentence: str
    detail: str


#: What a reader's reason quotes: a cell or a heading as the sheet wrote it.
_QUOTED = re.compile(r"'[^']*'|\"[^\"]*\"")


def refusal(error: Mapping[str, Any]) -> Refusal:
    """The words for a stored refusal (`ParseError.to_dict()`: `code`, `reason`, `params`).
    An error stored before refusals had codes is known by its reason (`_legacy`)."""
    reason = str(error.get("reason") or "")
    code = str(error.get("code") or "")
    params = dict(error.get("params") or {})
    if code not in REFUSAL_SENTENCES or code == "file-unreadable":
        code, params = _legacy(reason)
    try:
        sentence = str(REFUSAL_SENTENCES[code]) % params if params else str(REFUSAL_SENTENCES[code])
    except (KeyError, TypeError, ValueError):  # a stored error lacking what its sentence names
        code, sentence = "file-unreadable", str(REFUSAL_SENTENCES["file-unreadable"])
    return Refusal(code=code, sentence=sentence, detail=_detail(reason))


def _detail(reason: str) -> str:
    if (get_language() or "en").startswith("en"):
        return reason
    return ", ".join(dict.fromkeys(_QUOTED.findall(reason)))


def no_longer_reads(error: Mapping[str, Any]) -> str:
    """Why a preview read again (other roles, another scope) no longer reads, in one line."""
    words = refusal(error)
    where = gettext("line %(line)s: ") % {"line": error["line"]} if error.get("line") else ""
    said = f"{words.sentence} ({words.detail})" if words.detail else words.sentence
    return gettext("With these settings the table no longer reads: %(where)s%(reason)s") % {
        "where": where,
        "reason": said,
    }


#: Reasons stored before refusals had codes: the first pattern that matches gives the code.
_LEGACY: tuple[tuple[re.Pattern[str], str], ...] = (
    (re.compile(r"^this is an? (\S+) image"), "image-file"),
    (re.compile(r"^this is an? (\S+) archive"), "archive-file"),
    (re.compile(r"^this is binary data"), "binary-data"),
    (re.compile(r"old-format Office file"), "old-office"),
    (re.compile(r"^the file is empty|the page is empty|holds no data"), "file-empty"),
    (re.compile(r"^no table found"), "no-table"),
    (re.compile(r"^no results rows found"), "no-rows"),
    (re.compile(r"more than [\d,. ]+ (rows|lines|columns|cells|files|MB)"), "too-large"),
    (re.compile(r"too large|larger than"), "too-large"),
    (re.compile(r"took longer than"), "too-slow"),
    (re.compile(r"PDF has no text layer"), "pdf-no-text"),
    (re.compile(r"PDF cannot be read"), "pdf-damaged"),
    (re.compile(r"cannot be read as CSV"), "csv-broken"),
    (re.compile(r"UTF-16 text cannot be decoded"), "encoding-broken"),
    (re.compile(r"original file was removed"), "source-removed"),
    (re.compile(r"xlsx|workbook|OpenDocument|zip", re.I), "workbook-damaged"),
)


def _legacy(reason: str) -> tuple[str, dict[str, Any]]:
    for pattern, code in _LEGACY:
        found = pattern.search(reason)
        if found:
            return code, {"format": found.group(1)} if code in (
                "image-file",
                "archive-file",
            ) else {}
    return "file-unreadable", {}
