"""A sheet previewed into the classification its scope names: the one asked for, or, for one
stage's sheet, that stage's own (see `results.services.scoping`). The upload form and the
`import_results` command route a sheet alike."""

from __future__ import annotations

from dataclasses import dataclass

from results.models import Classification, Event, ResultImport
from results.services.events import classification_slug
from results.services.importing import preview_import
from results.services.scoping import STAGE, Scope, classification_for, name_for


@dataclass(frozen=True, slots=True)
class Routed:
    result_import: ResultImport
    #: Whether the classification it went into held imports (or existed) before this one.
    existed: bool


def preview_routed(
    *,
    event: Event,
    data: bytes,
    source_name: str,
    classification_name: str = Classification.DEFAULT_NAME,
    scope: Scope | None = None,
    user=None,
    raise_on_error: bool = True,
) -> Routed:
    """Preview the sheet for `event`, inside the caller's transaction. `scope` is what the
    organiser says the sheet is; without it, what its titles say: a stage's sheet then goes to
    that stage's classification beside `classification_name` (the one named is only made for
    it when it is new, and goes again). `raise_on_error` as for `preview_import`."""
    named = scope or Scope(base=classification_name)
    slug = classification_slug(name_for(named))
    existed = Classification.objects.filter(event=event, slug=slug).exists()
    classification = classification_for(event=event, scope=named)
    result_import = preview_import(
        classification=classification,
        data=data,
        source_name=source_name,
        user=user,
        raise_on_error=raise_on_error,
        scope=scope,
    )
    read = Scope.from_json(result_import.scope)
    if scope is None and read is not None and read.kind == STAGE:
        result_import.delete()
        if not existed:
            classification.delete()
        classification = classification_for(event=event, scope=read)
        existed = bool(classification.imports.exists())
        result_import = preview_import(
            classification=classification,
            data=data,
            source_name=source_name,
            user=user,
            raise_on_error=raise_on_error,
        )
    return Routed(result_import, existed)
