"""The write half of apply: turns a validated plan into rows. Called inside apply's transaction."""

from __future__ import annotations

from collections import defaultdict
from collections.abc import Mapping, Sequence
from typing import Any, TypeVar

from django.db import connection, models

from results.catalogue import STORED, EntryField, Kind
from results.models import Car, Classification, CrewMember, Entry, Person, ResultImport, Split
from results.parsing.fields.numbers import number_sort
from results.services.choices import by_seat
from results.services.plans import ImportPlan, PlannedCar, PlannedPerson

M = TypeVar("M", bound=models.Model)


def bulk_insert(model: type[M], objs: Sequence[M]) -> list[M]:
    """Every bulk write of apply goes through here (and tests wrap it to fail mid-write).

    On Postgres the rows go in with COPY, in the caller's transaction: their ids are taken
    from the table's sequence first (one query), so crew seats can name their entries. Elsewhere
    `bulk_create`.
    """
    if connection.vendor != "postgresql" or not objs:
        return model.objects.bulk_create(objs)
    return _copy_rows(model, objs)


def _copy_rows(model: type[M], objs: Sequence[M]) -> list[M]:
    meta = model._meta
    quote = connection.ops.quote_name
    with connection.cursor() as cursor:
        # The table's name written out (it is the model's own): logs and tests can tell them apart.
        sequence = f"pg_get_serial_sequence('{meta.db_table}', '{meta.pk.column}')"
        cursor.execute(f"SELECT nextval({sequence}) FROM generate_series(1, %s)", [len(objs)])
        for obj, (pk,) in zip(objs, cursor.fetchall(), strict=True):
            obj.pk = pk
        fields = meta.concrete_fields
        columns = ", ".join(quote(f.column) for f in fields)
        with cursor.copy(f"COPY {quote(meta.db_table)} ({columns}) FROM STDIN") as copy:
            for obj in objs:
                copy.write_row(
                    [f.get_db_prep_save(f.pre_save(obj, True), connection) for f in fields]
                )
    for obj in objs:
        obj._state.adding = False
        obj._state.db = connection.alias
    return list(objs)


def write_plan(
    *,
    result_import: ResultImport,
    classification: Classification,
    entries: Sequence[Mapping[str, Any]],
    plan: ImportPlan,
    raw: Sequence[Mapping[str, Any]] | None = None,
) -> set[int]:
    """Replace the classification's entries with the plan's. Returns the people touched.

    `entries` are the records as published (decisions applied); `raw`, when given, the
    records as read, kept on each entry (`Entry.raw`)."""
    person_ids = _create_people(plan.people)
    car_ids = _create_cars(plan.cars)

    old = Entry.objects.filter(classification=classification)
    old_cars = set(old.exclude(car=None).values_list("car_id", flat=True))
    touched = set(
        CrewMember.objects.filter(entry__classification=classification).values_list(
            "person_id", flat=True
        )
    )
    CrewMember.objects.filter(entry__classification=classification).delete()
    old.delete()  # and, by cascade, their splits

    issues_by_line: dict[int | None, list[dict]] = defaultdict(list)
    for issue in result_import.issues:
        issues_by_line[issue["line"]].append(issue)
    rows = [
        entry_row(
            entry,
            order=order,
            classification=classification,
            result_import=result_import,
            car_id=None if row.car is None else car_ids[row.car],
            class_position=row.class_position,
            issues=issues_by_line.get(entry["line"], []),
            raw=None if raw is None else raw[order],
        )
        for order, (entry, row) in enumerate(zip(entries, plan.entries, strict=True))
    ]
    created = bulk_insert(Entry, rows)

    # The organiser's choice of person for a seat whose spelling several people share.
    chosen = by_seat(plan.choices)
    crew = []
    for order, (saved, entry, row) in enumerate(zip(created, entries, plan.entries, strict=True)):
        for seat, (member, ref) in enumerate(zip(entry["crew"], row.people, strict=True), 1):
            crew.append(
                CrewMember(
                    entry_id=saved.pk,
                    person_id=chosen.get((order, seat), person_ids[ref]),
                    seat=seat,
                    surname=member["surname"],
                    first_name=member["first_name"],
                )
            )
    bulk_insert(CrewMember, crew)
    bulk_insert(Split, split_rows(created, entries))

    # Cars the replaced entries used and no entry uses any more; a car an admin fixed (its
    # aliases route later spellings to it) stays, so the fix holds for the next import.
    Car.objects.filter(
        pk__in=old_cars - set(car_ids), entries__isnull=True, aliases__isnull=True
    ).delete()
    return touched | set(person_ids) | set(chosen.values())


def split_rows(created: Sequence[Entry], entries: Sequence[Mapping[str, Any]]) -> list[Split]:
    """The stage and run times of the written entries (a record read before the parser kept
    them has no `splits`)."""
    return [
        Split(
            entry_id=saved.pk,
            name=split["name"][:60],
            order=split["order"],
            time_ms=split["time_ms"],
            penalty_ms=split["penalty_ms"],
            status=split["status"] or "",
            counted=split.get("counted"),
        )
        for saved, entry in zip(created, entries, strict=True)
        for split in entry.get("splits") or ()
    ]


def _create_people(people: Sequence[PlannedPerson]) -> list[int]:
    new = [
        Person(
            surname=item.surname,
            first_name=item.first_name,
            slug=item.slug,
            search_key=item.key,
        )
        for item in people
        if item.match == "new"
    ]
    created = iter(bulk_insert(Person, new))
    # A known spelling's person is set (`match` "name" or "alias"); a new one's, just created.
    return [item.person if item.match != "new" else next(created).pk for item in people]


def _create_cars(cars: Sequence[PlannedCar]) -> list[int]:
    new = [
        Car(make_id=item.make, model=item.model, model_key=item.key)
        for item in cars
        if item.car is None
    ]
    created = iter(bulk_insert(Car, new))
    return [item.car if item.car is not None else next(created).pk for item in cars]


def entry_row(
    entry: Mapping[str, Any],
    *,
    order: int,
    classification: Classification,
    result_import: ResultImport,
    car_id: int | None,
    class_position: int | None,
    issues: list[dict],
    raw: Mapping[str, Any] | None = None,
) -> Entry:
    """The Entry of one contract record: every stored field of the field catalogue, text the
    sheet leaves out as "" (the model's blank), and what the import resolved beside them."""
    # `.get`: a preview stored before a field existed has no value for it.
    values = {
        field.model: _stored(field, entry.get(field.contract))
        for field in STORED
        if field.model and field.contract
    }
    for field in STORED:
        if field.sort_model and field.model:
            values[field.sort_model] = number_sort(values[field.model])
    # The plan's class position: the sheet's where it gives one, else the rank in the class.
    values["class_position"] = class_position
    return Entry(
        classification=classification,
        result_import=result_import,
        sheet_order=order,
        line=entry["line"],
        page=entry["page"],
        car_id=car_id,
        raw=dict(entry if raw is None else raw),
        issues=issues,
        **values,
    )


def _stored(field: EntryField, value: Any) -> Any:
    if field.kind is Kind.TEXT:
        # Text as written; a number stored by an older parser as an integer becomes its text.
        return "" if value is None else str(value)
    return value
