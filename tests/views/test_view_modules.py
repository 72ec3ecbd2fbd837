"""Views get their objects through named reads (QuerySet methods) and write through services."""

from __future__ import annotations

import re
from pathlib import Path

import pytest

RESULTS = Path(__file__).resolve().parents[2] / "results"
#: The pages' views and the API's.
VIEWS = [*sorted((RESULTS / "views").rglob("*.py")), *sorted((RESULTS / "api").rglob("*.py"))]
#: What building a query (or writing) looks like; a view calls a named method instead.
QUERY_BUILDING = re.compile(
    r"\.(select_related|prefetch_related|annotate|values_list|union|aggregate|"
    r"get_or_create|update_or_create|bulk_create|delete|raw)\("
)


@pytest.mark.parametrize("path", VIEWS, ids=lambda p: p.name)
def test_no_view_builds_a_query_or_writes(path):
    found = [
        f"{path.name}:{number}: {line.strip()}"
        for number, line in enumerate(path.read_text().splitlines(), 1)
        if QUERY_BUILDING.search(line) and not line.lstrip().startswith("#")
    ]
    assert not found, found
