"""A choice of person for a shared spelling, made again at the next upload of the same event."""

import pytest

from results.models import Classification, ResultImport
from results.services.uploads import confirm, start_upload
from tests.services.sheets import pipe_sheet
from tests.services.test_shared_spelling_choice import SECOND_RALLY, driver
from tests.services.test_shared_spelling_choice import homonyms as homonyms
from tests.services.test_shared_spelling_choice import (
    second_classification as second_classification,
)

pytestmark = pytest.mark.django_db
#: The same sheet, one crew more.
AGAIN = (SECOND_RALLY, "| 2 | 4 | LEROY Paul/SIMON Léa | Peugeot 208 | R2 | 10:30,0 | |")


def upload(classification, *rows, user, name=None) -> ResultImport:
    return start_upload(
        user=user,
        data=pipe_sheet(*rows),
        source_name="r.txt",
        event=classification.event,
        classification_name=name or classification.name,
    )


def test_the_next_upload_of_the_same_spelling_goes_to_the_person_chosen(
    second_classification, homonyms, superuser
):
    _, younger = homonyms
    first = upload(second_classification, SECOND_RALLY, user=superuser)
    confirm(result_import=first, choices={(0, 1): younger.pk})
    again = upload(second_classification, *AGAIN, user=superuser)
    assert again.choices == [{"entry": 0, "line": 2, "seat": 1, "person": younger.pk}]
    confirm(result_import=again)
    assert driver(second_classification) == younger


def test_another_table_of_the_same_event_remembers_it_too(
    second_classification, homonyms, superuser
):
    _, younger = homonyms
    confirm(result_import=upload(second_classification, SECOND_RALLY, user=superuser),
            choices={(0, 1): younger.pk})  # fmt: skip
    vhc = upload(second_classification, SECOND_RALLY, user=superuser, name="VHC")
    assert [c["person"] for c in vhc.choices] == [younger.pk]
    assert Classification.objects.filter(event=second_classification.event).count() == 2


def test_another_event_does_not_remember_it(
    classification, second_classification, homonyms, superuser
):
    _, younger = homonyms
    confirm(result_import=upload(second_classification, SECOND_RALLY, user=superuser),
            choices={(0, 1): younger.pk})  # fmt: skip
    # The first rally's Jean DUPONT: the choice made at the other rally is not made here.
    row = "| 1 | 5 | DUPONT Jean/MARTIN Paul | BMW M3 | A8 | 10:00,0 | |"
    again = upload(classification, row, user=superuser)
    assert [w["code"] for w in again.plan["warnings"]] == ["shared-spelling"]
    assert again.choices == []
