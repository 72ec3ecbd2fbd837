"""The status catalogue against the model's choices, the parser's codes and the translations."""

from __future__ import annotations

import pytest

from results.catalogue import CLASSIFIED, STATUS, STATUSES
from results.models import Status
from results.parsing import STATUSES as PARSED_STATUSES
from tests.catalogue.test_fields import _catalog


def test_every_status_of_the_model_has_a_declaration():
    assert set(Status.values) == set(STATUS)


def test_the_parser_gives_the_declared_codes():
    assert set(PARSED_STATUSES) == set(STATUS)


def test_statuses_are_declared_in_their_order_with_classified_first():
    orders = [s.order for s in STATUSES]
    assert orders == sorted(orders) and len(set(orders)) == len(orders)
    assert STATUSES[0].code == CLASSIFIED == "classified"
    assert [s.code for s in STATUSES if s.classified] == [CLASSIFIED]


def test_only_unplaced_crews_have_a_mark_and_a_section():
    for status in STATUSES:
        assert (status.short is None) is status.classified
        assert (status.section is None) is status.classified


@pytest.mark.parametrize("language", ["fr", "en"])
def test_every_status_label_is_translated(language):
    catalog = _catalog(language)
    texts = [t for s in STATUSES for t in (s.label, s.short, s.section) if t is not None]
    for text in texts:
        key = f"{text.context}\x04{text.message}" if text.context else text.message
        assert catalog.get(key), f"{text} has no {language} translation"
