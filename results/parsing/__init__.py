"""Reading results sheets: bytes in, `Sheet` out. Pure Python: nothing here imports Django."""

from results.parsing.model import (
    ROLES,
    STATUSES,
    Entry,
    Hints,
    Issue,
    ParseError,
    Person,
    Sheet,
    Split,
    Table,
)
from results.parsing.pipeline import PARSER_VERSION, parse

__all__ = [
    "PARSER_VERSION",
    "ROLES",
    "STATUSES",
    "Entry",
    "Hints",
    "Issue",
    "ParseError",
    "Person",
    "Sheet",
    "Split",
    "Table",
    "parse",
]
