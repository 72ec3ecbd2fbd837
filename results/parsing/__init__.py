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
)

__all__ = ["ROLES", "STATUSES", "Entry", "Hints", "Issue", "ParseError", "Person", "Sheet"]
