"""What Podium knows about an entry's fields and statuses, declared once. Pure Python.

`results.catalogue.fields` declares each result field (contract name, model field, kind, and
its standings column: label, classes, optional or not, sort key, CSV rule);
`results.catalogue.statuses` each status (labels, section title, order, classified or not).
Labels are message ids the site's translations cover (`results.catalogue.text`).
"""

from results.catalogue.fields import (
    COLUMN,
    COLUMNS,
    CONTRACT_NAMES,
    DETAILS,
    FIELDS,
    MODEL_FIELDS,
    STORED,
    Csv,
    Detail,
    EntryField,
    Kind,
    Sort,
)
from results.catalogue.statuses import CLASSIFIED, STATUS, STATUSES, EntryStatus
from results.catalogue.text import Text

__all__ = [
    "CLASSIFIED",
    "COLUMN",
    "COLUMNS",
    "CONTRACT_NAMES",
    "DETAILS",
    "FIELDS",
    "MODEL_FIELDS",
    "STATUS",
    "STATUSES",
    "STORED",
    "Csv",
    "Detail",
    "EntryField",
    "EntryStatus",
    "Kind",
    "Sort",
    "Text",
]
