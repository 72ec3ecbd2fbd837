"""The parser's import path for text folding; the function lives in `results.text`."""

from results.text import fold

__all__ = ["fold"]
