"""Common points rules ready to use, and the championships built from them.

A preset fills in a championship's rules (its tables and their scales, best-N, the starters
threshold, equivalences); everything stays editable in the admin afterwards.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from decimal import Decimal

from django.db import transaction
from django.utils.text import slugify

from results.models import Championship, ClassEquivalence, Event, Round, ScoringScope
from results.services.freshness import data_changed
from results.text import fold


@dataclass(frozen=True, slots=True)
class ScopePreset:
    name: str
    overall_points: str = ""
    group_points: str = ""
    class_points: str = ""
    split_by: str = ""


@dataclass(frozen=True, slots=True)
class Preset:
    key: str
    label: str
    scopes: tuple[ScopePreset, ...]
    best_results: int | None = None
    min_starters: int = 0
    short_field_factor: Decimal = Decimal("0.5")
    #: (group, class) as written → (group, class) it counts as.
    equivalences: tuple[tuple[str, str, str, str], ...] = ()


def _overall_and_classes(key: str, scale: str) -> Preset:
    return Preset(
        key=key,
        label=scale,
        scopes=(
            ScopePreset("Général", overall_points=scale),
            ScopePreset("Classes", class_points=scale, split_by=ScoringScope.Split.CLASS),
        ),
    )


#: The same class written the French-federation way and the short way.
USUAL_EQUIVALENCES = (
    ("F2000", "", "F2", ""),
    ("FA", "", "A", ""),
    ("FN", "", "N", ""),
)

PRESETS: dict[str, Preset] = {
    preset.key: preset
    for preset in (
        _overall_and_classes("25-18", "25-18-15-12-10-8-6-4-2-1"),
        _overall_and_classes("20-15", "20-15-12-10-8-6-4-3-2-1"),
        _overall_and_classes("10-8", "10-8-6-5-4-3-2-1"),
        Preset(
            key="regional",
            label="Régional : groupe 5-4-3-2-1 + classe 15-12-9-7-5, coefficients par épreuve",
            scopes=(
                ScopePreset("Général", group_points="5-4-3-2-1", class_points="15-12-9-7-5"),
                ScopePreset(
                    "Classes", class_points="15-12-9-7-5", split_by=ScoringScope.Split.CLASS
                ),
            ),
            min_starters=3,
            equivalences=USUAL_EQUIVALENCES,
        ),
    )
}


def preset_choices() -> list[tuple[str, str]]:
    return [(key, preset.label) for key, preset in PRESETS.items()]


def set_rules(*, championship: Championship, preset: Preset) -> None:
    """Give the championship the preset's rules: its tables are replaced, equivalences added.

    Writes without recomputing: the caller ends with `data_changed(championships=...)`.
    """
    championship.best_results = preset.best_results
    championship.min_starters = preset.min_starters
    championship.short_field_factor = preset.short_field_factor
    championship.save(update_fields=["best_results", "min_starters", "short_field_factor"])
    championship.scopes.all().delete()
    ScoringScope.objects.bulk_create(
        ScoringScope(
            championship=championship,
            name=scope.name,
            order=order,
            overall_points=scope.overall_points,
            group_points=scope.group_points,
            class_points=scope.class_points,
            split_by=scope.split_by,
        )
        for order, scope in enumerate(preset.scopes, 1)
    )
    have = set(championship.equivalences.values_list("group", "klass"))
    ClassEquivalence.objects.bulk_create(
        ClassEquivalence(
            championship=championship, group=group, klass=klass, as_group=ag, as_klass=ak
        )
        for group, klass, ag, ak in preset.equivalences
        if (group, klass) not in have
    )


def apply_preset(*, championship: Championship, preset: str) -> Championship:
    """Replace a championship's rules by a preset's, and recompute its tables."""
    with transaction.atomic():
        set_rules(championship=championship, preset=PRESETS[preset])
        data_changed(championships=[championship])
    return championship


def create_from_preset(
    *,
    preset: str,
    name: str,
    season: int,
    events: Sequence[Event] = (),
    coefficients: Sequence[Decimal] | None = None,
    slug: str | None = None,
) -> Championship:
    """A championship with a preset's rules over the events (rounds in date order)."""
    rules = PRESETS[preset]
    with transaction.atomic():
        championship = Championship.objects.create(
            name=name, season=season, slug=slug or slugify(fold(f"{name} {season}"))[:120]
        )
        set_rules(championship=championship, preset=rules)
        attach_events(championship=championship, events=events, coefficients=coefficients)
        data_changed(championships=[championship])
    return championship


def attach_events(
    *,
    championship: Championship,
    events: Iterable[Event],
    coefficients: Sequence[Decimal] | None = None,
) -> None:
    """Add the events as rounds after the existing ones, in date order. Does not recompute."""
    ordered = sorted(events, key=lambda event: (event.date, event.pk))
    last = max(championship.rounds.exclude(order=None).values_list("order", flat=True), default=0)
    Round.objects.bulk_create(
        Round(
            championship=championship,
            event=event,
            order=last + index,
            coefficient=coefficients[index - 1] if coefficients else Decimal(1),
        )
        for index, event in enumerate(ordered, 1)
    )


DEMO_SLUG = "demo-challenge-des-rallyes"


def ensure_demo_championship(*, event_slugs: Sequence[str]) -> Championship | None:
    """The demo championship over the sample rallies; left as it is if it exists already."""
    existing = Championship.objects.filter(slug=DEMO_SLUG).first()
    if existing is not None:
        return existing
    events = list(Event.objects.filter(slug__in=event_slugs))
    if not events:
        return None
    # The last round counts double, so the demo shows a coefficient at work.
    coefficients = [Decimal(1)] * (len(events) - 1) + [Decimal(2)]
    return create_from_preset(
        preset="regional",
        name="Challenge des rallyes (démo)",
        season=min(event.date.year for event in events),
        events=events,
        coefficients=coefficients,
        slug=DEMO_SLUG,
    )
