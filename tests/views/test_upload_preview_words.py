"""The preview in an organiser's words: sentences per issue code, doubts grouped, confirm last."""

from __future__ import annotations

import re

import pytest
from django.urls import reverse
from django.utils import translation

from results.services import issue_words
from tests.views.test_upload_pages import latest, post_file

pytestmark = pytest.mark.django_db


@pytest.fixture
def organiser_client(client, club_organiser):
    client.force_login(club_organiser)
    return client


def _preview_html(client, event, samples_dir, sample: str = "003_28a2079d1fbfe24f.txt") -> str:
    post_file(client, event, "003.txt", (samples_dir / sample).read_bytes())
    return client.get(reverse("uploads:preview", args=[latest().pk])).content.decode()


def test_the_preview_speaks_french_and_keeps_codes_in_titles(
    organiser_client, club_event, samples_dir
):
    html = _preview_html(organiser_client, club_event, samples_dir)
    codes = {issue["code"] for issue in latest().issues}
    assert codes, "sample 003 has issues"
    for code in codes:
        assert f'title="{code}"' in html
        # The code is never the text of the page: only inside an attribute.
        assert f">{code}<" not in html and f"<code>{code}" not in html
    assert "Ce que Podium a lu et ce qu'il faut vérifier" in html
    assert re.search(r"\d+ points? à vérifier sur \d+ lignes", html)
    assert '<option value="driver"' in html and ">Nom du pilote</option>" in html
    assert ">Écart au précédent</option>" in html


def test_the_confirm_button_comes_after_the_columns_and_the_doubts(
    organiser_client, club_event, samples_dir
):
    html = _preview_html(organiser_client, club_event, samples_dir)
    confirm = html.index('id="podium-confirm"')
    assert html.index('class="module podium-hints"') < confirm
    assert html.index('class="module podium-doubts"') < confirm
    assert confirm < html.index('class="podium-entries"')


def test_an_english_browser_reads_english_sentences(
    client, club_organiser, club_event, samples_dir
):
    client.force_login(club_organiser)
    client.defaults["HTTP_ACCEPT_LANGUAGE"] = "en"
    html = _preview_html(client, club_event, samples_dir)
    assert "What Podium read and what to check" in html
    assert ">Driver&#x27;s name</option>" in html or ">Driver's name</option>" in html


def test_the_same_doubt_in_one_column_is_said_once_with_its_lines():
    issues = [
        {"line": n, "page": None, "column": "crew", "level": "warning",
         "code": "crew-uncertain", "message": f"row {n}"}
        for n in range(3, 15)
    ] + [
        {"line": 1, "page": None, "column": None, "level": "info",
         "code": "header-recognised", "message": "Cl. → position"},
        {"line": 2, "page": None, "column": "gap", "level": "warning", "code": "gap-mismatch",
         "message": "gap", "lines": [2, 5, 9]},
    ]  # fmt: skip
    doubts = issue_words.grouped(issues)
    assert [d.code for d in doubts] == ["crew-uncertain", "gap-mismatch", "header-recognised"]
    crew = doubts[0]
    assert crew.count == 12 and crew.lines == tuple(range(3, 15))
    assert crew.where.startswith("12 lignes : 3, 4, 5")
    assert doubts[1].lines == (2, 5, 9)
    assert doubts[2].where == "ligne 1"
    assert doubts[2].details == ("Cl. → position",)


def test_every_parser_code_and_role_has_its_words():
    from results.parsing import ROLES
    from results.parsing.codes import CODES

    assert set(CODES) <= set(issue_words.SENTENCES)
    assert set(ROLES) <= set(issue_words.ROLE_LABELS)


def test_the_back_button_after_reading_again_leads_to_the_newest_preview(
    organiser_client, club_event, samples_dir
):
    from results.models import ResultImport

    post_file(
        organiser_client,
        club_event,
        "003.txt",
        (samples_dir / "003_28a2079d1fbfe24f.txt").read_bytes(),
    )
    first = latest()
    post = {f"role_{i}": role for i, role in enumerate(first.sheet["columns"])}
    organiser_client.post(reverse("uploads:reparse", args=[first.pk]), {**post, "header": "1"})
    second = latest()
    organiser_client.post(reverse("uploads:reparse", args=[second.pk]), {**post, "header": ""})
    third = latest()
    assert len({first.pk, second.pk, third.pk}) == 3
    for earlier in (first, second):
        response = organiser_client.get(reverse("uploads:preview", args=[earlier.pk]))
        assert response.status_code == 302
        assert response["Location"] == reverse("uploads:preview", args=[third.pk])
    # The history lists the upload once; confirming the newest reading publishes it.
    history = ResultImport.objects.history_of(club_event)
    assert [ri.pk for ri in history] == [third.pk]
    organiser_client.post(reverse("uploads:confirm", args=[third.pk]))
    third.refresh_from_db()
    assert third.state == ResultImport.State.APPLIED
    club_event.refresh_from_db()
    assert club_event.published
    # Once published, the old addresses still lead there (to a page saying it is applied).
    response = organiser_client.get(reverse("uploads:preview", args=[first.pk]))
    assert response["Location"] == reverse("uploads:preview", args=[third.pk])


def test_a_message_restating_its_code_is_no_detail():
    plain = {"code": "crew-missing", "message": "the record names no crew", "level": "warning"}
    named = {**plain, "message": "line 4: no crew in '| 3 | | Clio |'"}
    with translation.override("en"):
        assert issue_words.detail(plain) == ""
        assert issue_words.detail(named) == named["message"]


def test_on_a_french_page_a_detail_keeps_what_the_message_names_not_its_english():
    crew = {"code": "crew-uncertain", "level": "warning",
            "message": "'DUPONT Jean': no casing or first-name evidence: read in the column's "
                       "name order"}  # fmt: skip
    heading = {"code": "header-recognised", "level": "info", "message": "Cl. → position"}
    prose = {"code": "row-shifted", "level": "info",
             "message": "row started with 1 extra empty cell(s); moved back"}  # fmt: skip
    with translation.override("fr"):
        assert issue_words.detail(crew) == "'DUPONT Jean'"
        assert issue_words.detail(heading) == "Cl. → position"
        assert issue_words.detail(prose) == ""
    with translation.override("en"):
        assert issue_words.detail(crew) == crew["message"]
        assert issue_words.detail(prose) == prose["message"]


def test_a_png_is_refused_in_french_without_the_parsers_english(organiser_client, club_event):
    png = b"\x89PNG\r\n\x1a\n" + b"\x00" * 200
    html = post_file(organiser_client, club_event, "photo.png", png).content.decode()
    assert (
        '<p class="podium-reason" title="image-file">Ce fichier est une image (PNG), pas un '
        "tableau de résultats"
    ) in html
    assert "this is a PNG image" not in html and "podium-issue-detail" not in html


def test_a_size_over_the_limit_is_written_the_french_way(settings):
    from django.utils import translation

    from results.forms.uploads import _too_big

    settings.PODIUM_MAX_UPLOAD_MB = 5
    with translation.override("fr"):
        assert _too_big(int(6.6 * 1024 * 1024)) == ("6,6 Mo : c'est plus que la limite de 5 Mo.")
    with translation.override("en"):
        assert _too_big(int(6.6 * 1024 * 1024)).startswith("6.6 MB")


def test_the_preview_names_the_car_make_as_the_public_page_does(organiser_client, club_event):
    from tests.views.test_upload_confirm import upload

    rows = ["| 1 | 12 | MARTIN Jean/DUBOIS Marie | Skoda Fabia R5 | R5 | 05:00,0 | |"]
    result_import = upload(organiser_client, club_event, rows)
    html = organiser_client.get(reverse("uploads:preview", args=[result_import.pk])).content
    assert "<td>Škoda Fabia R5 <span" in html.decode()
    organiser_client.post(reverse("uploads:confirm", args=[result_import.pk]))
    page = organiser_client.get(reverse("results:event_detail", kwargs={"slug": club_event.slug}))
    assert "Škoda Fabia R5" in page.content.decode()
