"""One table at a time: each table of a file published into its own classification, or left
out; confirmed all together."""

from __future__ import annotations

import re

import pytest
from django.urls import reverse

from results.models import Classification, Entry, ResultImport, Revision
from tests.views.test_upload_confirm import TWO_TABLES, UPLOAD

pytestmark = pytest.mark.django_db
State = ResultImport.State

THREE_TABLES = (
    TWO_TABLES
    + """
Classe C
| Cl. | Pilote | Voiture | Temps |
| 1 | LEROY Marc | BMW M3 | 12:00,0 |
"""
)


@pytest.fixture
def organiser_client(client, club_organiser):
    client.force_login(club_organiser)
    return client


def _upload(client, event, paste=THREE_TABLES, classification="Général") -> ResultImport:
    fields = {"event": event.pk, "classification": classification, "discipline": "rally"}
    assert client.post(UPLOAD, {**fields, "paste": paste}).status_code == 302
    return ResultImport.objects.filter(lead=None).order_by("-pk").first()


def _post(result_import, **into):
    """The preview's form as shown, each table's classification replaced by `into`."""
    post = {"header": ""}
    for table in result_import.sheet["tables"]:
        t = table["table"]
        for i, role in enumerate(table["columns"]):
            post[f"role_{i}" if t == 0 else f"role_{t}_{i}"] = role
        post[f"into_{t}"] = into.get(f"t{t}", result_import.classification.name)
    return post


def _send(client, result_import, **into) -> ResultImport:
    url = reverse("uploads:reparse", args=[result_import.pk])
    response = client.post(url, _post(result_import, **into))
    assert response.status_code == 302, response.content.decode()[:2000]
    return ResultImport.objects.filter(lead=None).order_by("-pk").first()


def test_each_table_offers_where_it_is_published(organiser_client, club_event):
    preview = _upload(organiser_client, club_event)
    html = organiser_client.get(reverse("uploads:preview", args=[preview.pk])).content.decode()
    for t in range(3):
        assert f'name="into_{t}"' in html
    assert html.count('value="Général"') >= 3


def test_tables_go_into_their_classifications_and_one_is_left_out(organiser_client, club_event):
    preview = _upload(organiser_client, club_event)
    lead = _send(organiser_client, preview, t1="VHC", t2="")
    assert lead.classification.name == "Général"
    assert lead.targets == {"0": "Général", "1": "VHC", "2": ""}
    (part,) = lead.parts.all()
    assert part.classification.name == "VHC" and part.state == State.PREVIEWED
    assert [e["table"] for e in lead.sheet["entries"]] == [0, 0]
    assert [e["table"] for e in part.sheet["entries"]] == [1, 1]
    # The part's address leads to the upload's preview, which shows both.
    page = organiser_client.get(reverse("uploads:preview", args=[part.pk]))
    assert page["Location"] == reverse("uploads:preview", args=[lead.pk])
    html = organiser_client.get(page["Location"]).content.decode()
    assert "DURAND" in html and "LEROY" not in html
    # The old preview's address leads to the new one.
    old = organiser_client.get(reverse("uploads:preview", args=[preview.pk]))
    assert old["Location"] == reverse("uploads:preview", args=[lead.pk])
    done = organiser_client.post(reverse("uploads:confirm", args=[lead.pk]), follow=True)
    said = " ".join(str(m) for m in done.context["messages"])
    assert "2 résultats publiés pour « Rallye des Tests — Général »" in said
    assert "2 résultats publiés pour « Rallye des Tests — VHC »" in said
    general = Classification.objects.get(event=club_event, name="Général")
    vhc = Classification.objects.get(event=club_event, name="VHC")
    assert set(Entry.objects.filter(classification=general).values_list("line", flat=True)) == {
        e["line"] for e in lead.sheet["entries"]
    }
    assert Entry.objects.filter(classification=vhc).count() == 2
    assert not Entry.objects.filter(crew__surname="LEROY").exists()
    # Each classification has its publication in its history.
    assert Revision.objects.filter(classification=general).count() == 1
    assert Revision.objects.filter(classification=vhc).count() == 1
    part.refresh_from_db()
    assert part.state == State.APPLIED


def test_no_table_into_the_upload_classification_moves_the_preview(organiser_client, club_event):
    preview = _upload(organiser_client, club_event)
    lead = _send(organiser_client, preview, t0="Classe A", t1="Classe B", t2="Classe C")
    assert lead.classification.name == "Classe A"
    assert sorted(p.classification.name for p in lead.parts.all()) == ["Classe B", "Classe C"]
    organiser_client.post(reverse("uploads:confirm", args=[lead.pk]))
    for name, count in (("Classe A", 2), ("Classe B", 2), ("Classe C", 1)):
        assert Entry.objects.filter(classification__name=name).count() == count
    assert not Entry.objects.filter(classification__name="Général").exists()


def test_every_table_left_out_is_refused_and_the_preview_stays(organiser_client, club_event):
    preview = _upload(organiser_client, club_event)
    url = reverse("uploads:reparse", args=[preview.pk])
    response = organiser_client.post(url, _post(preview, t0="", t1="", t2=""))
    assert response.status_code == 400
    assert "errornote" in response.content.decode() or "errorlist" in response.content.decode()
    preview.refresh_from_db()
    assert preview.state == State.PREVIEWED
    assert ResultImport.objects.count() == 1


def test_a_refused_part_publishes_nothing(organiser_client, club_event):
    """All or nothing: a part that cannot be applied (its classification's results are
    official) leaves every classification as it was."""
    preview = _upload(organiser_client, club_event)
    lead = _send(organiser_client, preview, t1="VHC", t2="")
    organiser_client.post(reverse("uploads:confirm", args=[lead.pk]))
    vhc = Classification.objects.get(event=club_event, name="VHC")
    Classification.objects.filter(pk=vhc.pk).update(state=Classification.State.OFFICIAL)
    again = _upload(organiser_client, club_event)
    # The profile brought the same tables into the same classifications.
    assert again.targets == lead.targets and again.parts.count() == 1
    before = sorted(Entry.objects.values_list("pk", flat=True))
    response = organiser_client.post(reverse("uploads:confirm", args=[again.pk]))
    assert response.status_code == 400
    assert sorted(Entry.objects.values_list("pk", flat=True)) == before
    again.refresh_from_db()
    assert again.state == State.PREVIEWED


def test_a_part_cannot_be_confirmed_on_its_own(organiser_client, club_event):
    preview = _upload(organiser_client, club_event)
    lead = _send(organiser_client, preview, t1="VHC")
    part = lead.parts.get()
    assert organiser_client.post(reverse("uploads:confirm", args=[part.pk])).status_code == 409
    assert not Entry.objects.exists()


def test_a_value_fixed_in_a_part_is_published_there(organiser_client, club_event):
    preview = _upload(organiser_client, club_event)
    lead = _send(organiser_client, preview, t1="VHC", t2="")
    part = lead.parts.get()
    order = [e["crew"][0]["surname"] for e in part.sheet["entries"]].index("PETIT")
    url = reverse("uploads:fix", args=[part.pk])
    assert (
        organiser_client.post(
            url, {"order": order, "field": "surname:1", "value": "PETITOT"}
        ).status_code
        == 302
    )
    # Read again (a role changed): the fix follows its crew into the new part.
    lead = _send(organiser_client, lead, t1="VHC", t2="")
    organiser_client.post(reverse("uploads:confirm", args=[lead.pk]))
    assert Entry.objects.filter(classification__name="VHC", crew__surname="PETITOT").exists()


def test_two_spellings_of_one_classification_fill_it_once(organiser_client, club_event):
    preview = _upload(organiser_client, club_event)
    lead = _send(organiser_client, preview, t0="VHC", t1="vhc", t2="")
    assert lead.classification.name == "VHC" and not lead.parts.exists()
    assert {e["table"] for e in lead.sheet["entries"]} == {0, 1}
    organiser_client.post(reverse("uploads:confirm", args=[lead.pk]))
    assert Entry.objects.filter(classification__name="VHC").count() == 4
    names = set(Classification.objects.filter(event=club_event).values_list("name", flat=True))
    assert names == {"Général", "VHC"}


def test_reading_an_earlier_part_again_reads_its_tables_only(organiser_client, club_event):
    preview = _upload(organiser_client, club_event)
    lead = _send(organiser_client, preview, t1="VHC", t2="")
    organiser_client.post(reverse("uploads:confirm", args=[lead.pk]))
    part = lead.parts.get()
    response = organiser_client.post(reverse("uploads:reapply", args=[part.pk]))
    again = ResultImport.objects.get(pk=int(response["Location"].rstrip("/").split("/")[-1]))
    assert again.classification.name == "VHC"
    assert {e["table"] for e in again.sheet["entries"]} == {1}
    assert not again.parts.exists()


def test_who_a_shared_spelling_is_is_chosen_on_a_part_row_too(organiser_client, club_event):
    """A crew member of a table sent into another classification, spelled like two people:
    the choice on the part's row is applied to that classification."""
    import datetime

    from results.models import CrewMember, Event, Person
    from results.services.importing import apply_import, preview_import
    from results.services.names import split_person

    sheet = "| Cl. | Pilote | Voiture | Temps |\n| 1 | DURAND Luc | BMW M3 | 10:00,0 |\n"
    for year in (2022, 2023):
        elsewhere = Event.objects.create(
            name=f"Rallye Voisin {year}", slug=f"rallye-voisin-{year}",
            date=datetime.date(year, 9, 2),
        )  # fmt: skip
        classification = Classification.objects.create(event=elsewhere, slug="general")
        apply_import(
            preview_import(
                classification=classification, data=sheet.encode(), source_name="old.txt"
            )
        )
    elder = Person.objects.get(search_key="durand luc")
    younger = split_person(person=elder, entries=[CrewMember.objects.last().entry_id])
    # `Classe B` of the file holds a Luc DURAND: into VHC.
    preview = _upload(organiser_client, club_event)
    lead = _send(organiser_client, preview, t1="VHC", t2="")
    part = lead.parts.get()
    html = organiser_client.get(reverse("uploads:preview", args=[lead.pk])).content.decode()
    fields = set(re.findall(rf'name="(part{part.pk}-choice-[\d-]+)"', html))
    assert len(fields) == 1
    (field,) = fields
    # Not the default (the elder): the younger one.
    chosen = younger.pk
    response = organiser_client.post(reverse("uploads:confirm", args=[lead.pk]), {field: chosen})
    assert response.status_code == 302
    seat = CrewMember.objects.get(entry__classification__name="VHC", surname="DURAND")
    assert seat.person_id == chosen
    # A choice that is none of the seat's candidates is refused, nothing written.
    again = _upload(organiser_client, club_event)
    before = sorted(CrewMember.objects.values_list("pk", flat=True))
    bad = organiser_client.post(
        reverse("uploads:confirm", args=[again.pk]),
        {f"part{again.parts.get().pk}-{field.split('-', 1)[1]}": 999_999},
    )
    assert bad.status_code == 400
    assert sorted(CrewMember.objects.values_list("pk", flat=True)) == before


def test_a_long_classification_name_that_folds_longer_still_fits(organiser_client, club_event):
    preview = _upload(organiser_client, club_event)
    lead = _send(organiser_client, preview, t1="Œ" * 100, t2="")
    part = lead.parts.get()
    assert part.classification.name == "Œ" * 100 and len(part.classification.slug) <= 100


def test_a_part_read_again_or_cancelled_stands_for_its_upload(organiser_client, club_event):
    preview = _upload(organiser_client, club_event)
    lead = _send(organiser_client, preview, t1="VHC", t2="")
    part = lead.parts.get()
    response = organiser_client.post(
        reverse("uploads:reparse", args=[part.pk]), _post(lead, t1="VHC", t2="")
    )
    fresh = ResultImport.objects.filter(lead=None).order_by("-pk").first()
    assert response["Location"] == reverse("uploads:preview", args=[fresh.pk])
    assert ResultImport.objects.filter(state=State.PREVIEWED, lead=None).count() == 1
    organiser_client.post(reverse("uploads:cancel", args=[fresh.parts.get().pk]))
    assert not ResultImport.objects.filter(state=State.PREVIEWED).exists()


def _part_html(html: str) -> str:
    """The section of the preview showing the tables sent into other classifications."""
    assert 'class="module podium-part"' in html
    return html[html.index('class="module podium-part"') :]


def test_a_part_shows_what_it_changes_in_its_classification_field_by_field(
    organiser_client, club_event
):
    preview = _upload(organiser_client, club_event)
    lead = _send(organiser_client, preview, t1="VHC", t2="")
    first = organiser_client.get(reverse("uploads:preview", args=[lead.pk])).content.decode()
    # Nothing published in VHC yet: nothing to compare, the part says what it adds.
    assert "podium-changes" not in _part_html(first)
    organiser_client.post(reverse("uploads:confirm", args=[lead.pk]))
    # The same layout again: DURAND's time changes, PETIT is gone, BERNARD is new.
    changed = THREE_TABLES.replace("11:00,0", "10:58,0").replace(
        "| PETIT Marc | 2 | 11:10,0 | Peugeot 106 |", "| BERNARD Luc | 2 | 11:20,0 | Peugeot 106 |"
    )
    again = _upload(organiser_client, club_event, paste=changed)
    assert again.parts.get().classification.name == "VHC"
    html = organiser_client.get(reverse("uploads:preview", args=[again.pk])).content.decode()
    part = _part_html(html)
    assert "Ce qui change dans « VHC »" in part
    for kind, n in (("added", 1), ("removed", 1), ("changed", 1), ("unchanged", 0)):
        assert re.search(rf'class="podium-changes-{kind}">{n}<', part), kind
    row = re.search(r'<tr class="podium-change">.*?</tr>', part, re.S).group(0)
    assert "DURAND" in row and "Temps" in row and "11:00,0" in row and "10:58,0" in row
    assert "BERNARD" in re.search(r"podium-changes-added-list.*?</p>", part, re.S).group(0)
    assert "PETIT" in re.search(r"podium-changes-removed-list.*?</p>", part, re.S).group(0)
    # The lead's own table (Général) is compared on its own: its crews did not change.
    lead_part = html[: html.index('class="module podium-part"')]
    assert "podium-changes-none" in lead_part
