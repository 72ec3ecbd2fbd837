"""Fixing cars once: rename and merge, with aliases so later imports follow.

`Renault Clio WiIlliams` merged into `Renault Clio Williams`: the entries move, the dropped car
goes, and its spelling becomes an alias of the kept car, so the next sheet that writes it lands
on the kept car. The raw car text of each entry stays as the sheet wrote it.
"""

from __future__ import annotations

from collections.abc import Sequence

from django.db import transaction

from results.models import Car, CarAlias, CarMake, Entry, NameChange
from results.services.freshness import data_changed
from results.services.names import NameFixRefused
from results.text import fold

Kind = NameChange.Kind


def _events_of(car_ids: Sequence[int]) -> set[int]:
    return set(
        Entry.objects.filter(car_id__in=car_ids).values_list("classification__event_id", flat=True)
    )


def _car_fields(car: Car) -> dict:
    return {"pk": car.pk, "make": car.make_id, "model": car.model, "model_key": car.model_key}


def _alias(car: Car, *, make_id: int | None, key: str) -> None:
    """Route (make, key) to `car`, unless it is the car's own spelling or already routed."""
    if (make_id, key) == (car.make_id, car.model_key):
        return
    existing = CarAlias.objects.filter(make_id=make_id, model_key=key)
    if not existing.exists():
        CarAlias.objects.create(car=car, make_id=make_id, model_key=key)


def rename_car(*, car: Car, make: CarMake | None, model: str, user=None) -> NameChange | None:
    """Give a car a new make or model text; its old spelling becomes an alias.

    Refused when another car already has the new spelling: merge the two instead.
    """
    model = " ".join(model.split())
    make_id = make.pk if make else None
    key = fold(model)
    with transaction.atomic():
        locked = Car.objects.select_for_update().get(pk=car.pk)
        if (locked.make_id, locked.model) == (make_id, model):
            return None
        clash = Car.objects.filter(make_id=make_id, model_key=key).exclude(pk=locked.pk).first()
        if clash is not None:
            raise NameFixRefused(f"{clash} already exists: merge the two cars instead")
        before = _car_fields(locked)
        old_name = str(locked)
        # The car now owns the new spelling; its old one leads here as an alias.
        CarAlias.objects.filter(make_id=make_id, model_key=key).delete()
        CarAlias.objects.get_or_create(
            make_id=before["make"], model_key=before["model_key"], defaults={"car": locked}
        )
        locked.make_id, locked.model, locked.model_key = make_id, model, key
        locked.save(update_fields=["make", "model", "model_key"])
        change = NameChange.objects.create(
            kind=Kind.CAR_RENAME,
            user=user,
            car=locked,
            summary=f"{old_name} → {Car.objects.select_related('make').get(pk=locked.pk)}",
            before=before,
            after=_car_fields(locked),
        )
        data_changed(events=_events_of([locked.pk]))
    car.make_id, car.model, car.model_key = make_id, model, key
    return change


def merge_cars(*, keep: Car, drop: Car | Sequence[Car], user=None) -> NameChange:
    """Move the entries of the dropped cars to `keep`, alias their spellings, remove them."""
    dropped = [drop] if isinstance(drop, Car) else list(drop)
    drop_ids = sorted({c.pk for c in dropped} - {keep.pk})
    if not drop_ids:
        raise NameFixRefused("choose at least one car to merge into the kept one")
    ids = sorted([keep.pk, *drop_ids])
    with transaction.atomic():
        locked = {
            c.pk: c
            for c in Car.objects.select_for_update(of=("self",))
            .select_related("make")
            .filter(pk__in=ids)
        }
        if len(locked) != len(ids):
            raise NameFixRefused("one of these cars no longer exists: reload the page")
        kept = locked[keep.pk]
        events = _events_of(ids)
        moved = Entry.objects.filter(car_id__in=drop_ids).update(car=kept)
        CarAlias.objects.filter(car_id__in=drop_ids).update(car=kept)
        for pk in drop_ids:
            car = locked[pk]
            CarAlias.objects.filter(make_id=car.make_id, model_key=car.model_key).delete()
        NameChange.objects.filter(car_id__in=drop_ids).update(car=kept)
        Car.objects.filter(pk__in=drop_ids).delete()
        for pk in drop_ids:
            _alias(kept, make_id=locked[pk].make_id, key=locked[pk].model_key)
        change = NameChange.objects.create(
            kind=Kind.CAR_MERGE,
            user=user,
            car=kept,
            summary=f"{', '.join(str(locked[pk]) for pk in drop_ids)} → {kept}",
            before={
                "keep": _car_fields(kept),
                "dropped": [_car_fields(locked[pk]) for pk in drop_ids],
            },
            after={"keep": _car_fields(kept), "entries_moved": moved},
        )
        data_changed(events=events)
    return change
