"""The write half of apply: turns a validated plan into rows. Called inside apply's transaction."""

from __future__ import annotations

import json
import operator
from collections import defaultdict
from collections.abc import Callable, Mapping, Sequence
from typing import Any

from django.db import connection, models
from django.utils import timezone

from results.catalogue import STORED, Kind
from results.models import Car, Classification, CrewMember, Entry, Person, ResultImport, Split
from results.parsing.fields.numbers import number_sort
from results.services.choices import by_seat
from results.services.plans import ImportPlan, PlannedCar, PlannedPerson

#: A row to write: the model's field values by attname (`car_id`), as Python values of the
#: field's own type. A field left out gets its default.
Row = dict[str, Any]


def bulk_insert(
    model: type[models.Model], rows: Sequence[Row] | Sequence[models.Model]
) -> list[int]:
    """Every bulk write of apply goes through here (and tests wrap it to fail mid-write).
    Returns the new rows' ids, in order. `rows` are values by attname (`Row`), or model
    instances, which get their ids.

    On Postgres the rows go in with COPY, in the caller's transaction: their ids are taken
    from the table's sequence first (one query), so crew seats can name their entries; the
    values go to COPY as they are (JSON dumped once), not through a model instance each.
    Elsewhere `bulk_create`.
    """
    if not rows:
        return []
    instances = isinstance(rows[0], models.Model)
    if connection.vendor != "postgresql":
        objs = rows if instances else [model(**row) for row in rows]  # type: ignore[arg-type]
        return [obj.pk for obj in model.objects.bulk_create(objs)]
    if not instances:
        return _copy_rows(model, rows)  # type: ignore[arg-type]
    fields = [f.attname for f in model._meta.concrete_fields if not f.primary_key]
    pks = _copy_rows(model, [{name: getattr(obj, name) for name in fields} for obj in rows])
    for obj, pk in zip(rows, pks, strict=True):
        obj.pk = pk
        obj._state.adding, obj._state.db = False, connection.alias  # type: ignore[union-attr]
    return pks


def _copy_rows(model: type[models.Model], rows: Sequence[Row]) -> list[int]:
    meta = model._meta
    quote = connection.ops.quote_name
    fields = [f for f in meta.concrete_fields if not f.primary_key]
    columns = ", ".join(quote(f.column) for f in (meta.pk, *fields))
    # Defaults are taken once per write: a row's values are sent at once, never kept.
    defaults = {f.attname: f.get_default() for f in fields}
    names = [f.attname for f in fields]
    getter = operator.itemgetter(*names) if len(names) > 1 else lambda row: (row[names[0]],)
    conversions = [
        (index, convert)
        for index, convert in enumerate(map(_conversion, fields), 1)
        if convert is not None
    ]
    with connection.cursor() as cursor:
        # The table's name written out (it is the model's own): logs and tests can tell them apart.
        sequence = f"pg_get_serial_sequence('{meta.db_table}', '{meta.pk.column}')"
        cursor.execute(f"SELECT nextval({sequence}) FROM generate_series(1, %s)", [len(rows)])
        pks = [pk for (pk,) in cursor.fetchall()]
        with cursor.copy(f"COPY {quote(meta.db_table)} ({columns}) FROM STDIN") as copy:
            write = copy.write_row
            for pk, row in zip(pks, rows, strict=True):
                values = [pk, *getter({**defaults, **row})]
                for index, convert in conversions:
                    values[index] = convert(values[index])
                write(values)
    return pks


# Fields whose Python values COPY takes as they are (psycopg adapts str, int, float, bool and
# datetimes): the same values `get_db_prep_save` would hand it, at a fraction of the cost.
_AS_IS = (
    models.CharField,
    models.TextField,
    models.IntegerField,
    models.FloatField,
    models.BooleanField,
    models.DateField,
    models.ForeignKey,
)


def _conversion(field: models.Field) -> Callable[[Any], Any] | None:
    """What a column's value goes through on its way to COPY; None: nothing."""
    if getattr(field, "auto_now", False) or getattr(field, "auto_now_add", False):
        now = timezone.now()
        return lambda value: now if value is None else value
    if isinstance(field, models.JSONField):
        encoder = field.encoder
        return lambda value: None if value is None else json.dumps(value, cls=encoder)
    if isinstance(field, _AS_IS) and not field.choices:
        return None
    # Choices (a TextChoices member is its value) and any other kind: as Django prepares it.
    prepare = field.get_db_prep_save
    return lambda value: prepare(value, connection)


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
    _delete_entries(old)

    issues_by_line: dict[int | None, list[dict]] = defaultdict(list)
    for issue in result_import.issues:
        issues_by_line[issue["line"]].append(issue)
    rows = [
        entry_values(
            entry,
            order=order,
            classification_id=classification.pk,
            result_import_id=result_import.pk,
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
    crew = [
        {
            "entry_id": entry_id,
            "person_id": chosen.get((order, seat), person_ids[ref]),
            "seat": seat,
            "surname": member["surname"],
            "first_name": member["first_name"],
        }
        for order, (entry_id, entry, row) in enumerate(
            zip(created, entries, plan.entries, strict=True)
        )
        for seat, (member, ref) in enumerate(zip(entry["crew"], row.people, strict=True), 1)
    ]
    bulk_insert(CrewMember, crew)
    bulk_insert(Split, split_rows(created, entries))

    # Cars the replaced entries used and no entry uses any more; a car an admin fixed (its
    # aliases route later spellings to it) stays, so the fix holds for the next import.
    Car.objects.filter(
        pk__in=old_cars - set(car_ids), entries__isnull=True, aliases__isnull=True
    ).delete()
    return touched | set(person_ids) | set(chosen.values())


def _delete_entries(entries: models.QuerySet[Entry]) -> None:
    """Delete these entries and, first, the rows that cascade from them (crew seats, splits):
    one DELETE each, where the deletion collector would read every entry whole and delete
    them a hundred at a time."""
    relations = Entry._meta.related_objects
    if any(relation.on_delete is not models.CASCADE for relation in relations):
        entries.delete()
        return
    for relation in relations:
        related = relation.related_model._base_manager
        related.filter(**{f"{relation.field.name}__in": entries.values("pk")}).delete()
    sql, params = entries.values("pk").query.sql_with_params()
    table, pk = connection.ops.quote_name(Entry._meta.db_table), Entry._meta.pk.column
    with connection.cursor() as cursor:
        cursor.execute(
            f"DELETE FROM {table} WHERE {connection.ops.quote_name(pk)} IN ({sql})", params
        )


def split_rows(created: Sequence[int], entries: Sequence[Mapping[str, Any]]) -> list[Row]:
    """The stage and run times of the written entries (their ids in `created`; a record read
    before the parser kept them has no `splits`)."""
    return [
        {
            "entry_id": entry_id,
            "name": split["name"][:60],
            "order": split["order"],
            "time_ms": split["time_ms"],
            "penalty_ms": split["penalty_ms"],
            "status": split["status"] or "",
            "counted": split.get("counted"),
        }
        for entry_id, entry in zip(created, entries, strict=True)
        for split in entry.get("splits") or ()
    ]


def _create_people(people: Sequence[PlannedPerson]) -> list[int]:
    new = [
        {
            "surname": item.surname,
            "first_name": item.first_name,
            "slug": item.slug,
            "search_key": item.key,
        }
        for item in people
        if item.match == "new"
    ]
    created = iter(bulk_insert(Person, new))
    # A known spelling's person is set (`match` "name" or "alias"); a new one's, just created.
    return [item.person if item.match != "new" else next(created) for item in people]


def _create_cars(cars: Sequence[PlannedCar]) -> list[int]:
    new = [
        {"make_id": item.make, "model": item.model, "model_key": item.key}
        for item in cars
        if item.car is None
    ]
    created = iter(bulk_insert(Car, new))
    return [item.car if item.car is not None else next(created) for item in cars]


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
    """The Entry of one contract record (`entry_values` as a model instance)."""
    values = entry_values(
        entry,
        order=order,
        classification_id=classification.pk,
        result_import_id=result_import.pk,
        car_id=car_id,
        class_position=class_position,
        issues=issues,
        raw=raw,
    )
    row = Entry(**values)
    row.classification, row.result_import = classification, result_import
    return row


#: (Entry field, contract name, whether it is text) of every stored field the sheet gives.
_COPIED = tuple(
    (field.model, field.contract, field.kind is Kind.TEXT)
    for field in STORED
    if field.model and field.contract
)
#: (sort field, the text field it sorts) of every field with a sort key.
_SORTED = tuple(
    (field.sort_model, field.model) for field in STORED if field.sort_model and field.model
)


def entry_values(
    entry: Mapping[str, Any],
    *,
    order: int,
    classification_id: int,
    result_import_id: int | None,
    car_id: int | None,
    class_position: int | None,
    issues: list[dict],
    raw: Mapping[str, Any] | None = None,
) -> Row:
    """The Entry row of one contract record: every stored field of the field catalogue, text
    the sheet leaves out as "" (the model's blank), and what the import resolved beside them."""
    # `.get`: a preview stored before a field existed has no value for it.
    values: Row = {}
    for model, contract, text in _COPIED:
        value = entry.get(contract)
        # Text as written; a number stored by an older parser as an integer becomes its text.
        values[model] = ("" if value is None else str(value)) if text else value
    for sort_model, model in _SORTED:
        values[sort_model] = number_sort(values[model])
    # The plan's class position: the sheet's where it gives one, else the rank in the class.
    values["class_position"] = class_position
    values.update(
        classification_id=classification_id,
        result_import_id=result_import_id,
        sheet_order=order,
        line=entry["line"],
        page=entry["page"],
        car_id=car_id,
        raw=dict(entry if raw is None else raw),
        issues=issues,
    )
    return values
