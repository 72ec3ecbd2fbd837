"""Why an import cannot be applied."""

from __future__ import annotations


class ImportRefused(Exception):
    """The import cannot be applied as it stands; nothing was written.

    `problems` is a list of `{"line": int | None, "reason": str}`.
    """

    def __init__(self, reason: str, *, problems: list[dict] | None = None):
        self.reason = reason
        self.problems = problems or []
        super().__init__(reason)


class StalePreview(ImportRefused):
    """People, cars or the classification changed since the preview: preview again."""


class InvalidChoice(ImportRefused):
    """A choice of person names no seat to choose for, or someone who is not a candidate."""


class ReasonRequired(ImportRefused):
    """The classification's results are official: replacing them needs a reason."""
