"""A file that cannot be read at all is refused with a stable code (`codes.REFUSALS`), and
with what the refusal names (`params`), so pages word it in the organiser's language."""

from __future__ import annotations

import io
import zipfile

import pytest

from results.parsing import ParseError, parse
from results.parsing.codes import REFUSALS
from results.parsing.readers.xlsx import check_archive
from tests.parsing.pdf.test_pdf import results_pdf
from tests.parsing.unreadable import Unreadable, unreadable_files


@pytest.mark.parametrize("unreadable", unreadable_files(), ids=lambda u: u.name)
def test_each_kind_of_unreadable_file_is_refused_with_its_code(unreadable: Unreadable) -> None:
    with pytest.raises(ParseError) as refused:
        parse(unreadable.data, filename=unreadable.name)
    assert (refused.value.code, refused.value.params) == (unreadable.code, unreadable.params)
    assert refused.value.to_dict() == {
        "code": unreadable.code,
        "line": refused.value.line,
        "page": refused.value.page,
        "reason": refused.value.reason,
        "params": unreadable.params,
    }


def test_the_files_cover_every_code_a_reader_raises_on_bytes_alone() -> None:
    # Left out: the default, the time limits, the page limit (below), a stored file removed
    # by an anonymisation (the import service's refusal, not a reader's), and the CSV and
    # HTML libraries' own errors, which the readers' repairs leave no simple file to raise.
    others = {"file-unreadable", "too-slow", "pdf-pages", "source-removed"}
    others |= {"csv-broken", "html-broken"}
    assert {u.code for u in unreadable_files()} == set(REFUSALS) - others


def test_a_line_that_cannot_be_read_gives_its_line() -> None:
    with pytest.raises(ParseError) as refused:
        parse(b"| Cl. | Pilote |\n| 1 | DUPONT |\n" + b"|" * 800 + b"\n")
    assert (refused.value.code, refused.value.line) == ("too-large", 3)


def test_a_pdf_over_the_page_limit_names_its_pages_and_the_limit(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    monkeypatch.setenv("PODIUM_PDF_MAX_PAGES", "1")
    with pytest.raises(ParseError) as refused:
        parse(results_pdf("001"))
    assert (refused.value.code, refused.value.params) == ("pdf-pages", {"pages": 2, "limit": 1})


def test_a_pdf_over_the_time_limit_is_too_slow(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("PODIUM_PDF_TIMEOUT_S", "0.01")
    with pytest.raises(ParseError) as refused:
        parse(results_pdf("001"))
    assert refused.value.code == "too-slow"


def test_a_zip_bomb_is_too_large() -> None:
    out = io.BytesIO()
    with zipfile.ZipFile(out, "w", zipfile.ZIP_DEFLATED) as archive:
        archive.writestr("xl/workbook.xml", b"\0" * (4 * 1024 * 1024))
    with pytest.raises(ParseError) as refused:
        check_archive(out.getvalue())
    assert refused.value.code == "too-large"
