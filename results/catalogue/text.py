"""Labels the catalogue declares without importing Django: a message and its context.

Why not `gettext_lazy` here: the catalogue is pure Python (the parser may read it, and its own
tests run without settings), and a lazy proxy is Django's. Why not the French and English
words side by side: `locale/*/django.po` already holds every translation of the site, and two
homes for one word drift apart. So a label is the message id the site's catalogues translate
(English, as Django's convention is), with its `msgctxt` where one word needs two
translations (`Exclu` for one entry, `Exclus` for a section of them).

The two markers below carry the names `makemessages` looks for (`gettext_noop`,
`pgettext_lazy`), so the messages stay extracted from this module. They translate nothing:
`Text.lazy()` gives Django's lazy string, translated in the language active when it is printed,
and `str(text)` translates at once; both import Django only when called.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any


@dataclass(frozen=True, slots=True)
class Text:
    """A message to translate: its id (English) and the context that tells homonyms apart."""

    message: str
    context: str = ""

    def lazy(self) -> Any:
        """Django's lazy translation of the message (a `Promise`), for labels held at import."""
        from django.utils.translation import gettext_lazy, pgettext_lazy

        if self.context:
            return pgettext_lazy(self.context, self.message)
        return gettext_lazy(self.message)

    def __str__(self) -> str:
        """The message in the active language."""
        from django.utils.translation import gettext, pgettext

        return pgettext(self.context, self.message) if self.context else gettext(self.message)


def gettext_noop(message: str) -> Text:
    """Marks `message` for `makemessages`; translated when printed (see `Text`)."""
    return Text(message)


def pgettext_lazy(context: str, message: str) -> Text:
    """Marks `message`, in `context`, for `makemessages`; translated when printed."""
    return Text(message, context)
