"""The command line prints every warning the preview shows, and asks a reason to replace
official results, as the upload pages do."""

import pytest
from django.core.management import CommandError

from results.models import Classification, Revision
from tests.commands.test_import_results import run
from tests.services.sheets import pipe_sheet
from tests.services.test_shared_spelling_choice import homonyms as homonyms
from tests.services.test_shared_spelling_choice import (
    second_classification as second_classification,
)

pytestmark = pytest.mark.django_db

ARGS = ("--name", "Rallye Suivant", "--date", "2024-06-01")
ROW = "| 1 | 9 | DUPONT Jean/PETIT Anne | Renault Clio | A7 | 10:00,0 | |"


def test_it_prints_the_warning_of_a_spelling_several_people_share(homonyms, tmp_path):
    sheet = tmp_path / "again.txt"
    sheet.write_bytes(pipe_sheet(ROW))
    out = run(str(sheet), *ARGS, "--dry-run")
    (line,) = [text for text in out.splitlines() if "[shared-spelling]" in text]
    assert line.startswith(f"{sheet}:2: warning: ")


def test_official_results_are_replaced_from_the_command_line_only_with_a_reason(tmp_path):
    sheet = tmp_path / "r.txt"
    sheet.write_bytes(pipe_sheet(ROW))
    run(str(sheet), *ARGS)
    Classification.objects.update(state=Classification.State.OFFICIAL)
    with pytest.raises(CommandError, match="official: replacing them needs a reason"):
        run(str(sheet), *ARGS)
    run(str(sheet), *ARGS, "--reason", "Temps vérifiés")
    assert Revision.objects.order_by("-pk").values_list("reason", flat=True)[0] == "Temps vérifiés"
