"""The pure comparison of two versions of a classification (no database)."""

from hypothesis import given
from hypothesis import strategies as st

from results.services.diffing import EntrySnapshot, FieldChange, VersionDiff, diff_versions


def crew(number, names, **values):
    return EntrySnapshot({"number": number, "crew": tuple(names), **values})


OLD = [
    crew(12, ["Jean DUPONT", "Paul MARTIN"], position=1, time_ms=600000, gap_ms=0,
         status="classified", **{"class": "14"}, car="306"),
    crew(7, ["Luc DURAND"], position=2, time_ms=605500, gap_ms=5500,
         status="classified", **{"class": "6"}, car="Saxo"),
    crew(3, ["Anne PETIT"], position=3, time_ms=610000, gap_ms=10000,
         status="classified", **{"class": "6"}, car="Clio"),
]  # fmt: skip


def test_the_same_version_changes_nothing():
    diff = diff_versions(OLD, list(OLD))
    assert diff.is_empty
    assert diff.counts == {"added": 0, "removed": 0, "changed": 0, "unchanged": 3}


def test_the_diff_lists_exactly_the_changed_fields():
    new = [
        OLD[0],
        crew(7, ["Luc DURAND"], position=2, time_ms=615500, gap_ms=15500,
             status="classified", **{"class": "6"}, car="Saxo"),
        crew(3, ["Anne PETIT"], position=None, time_ms=None, gap_ms=None,
             status="dsq", **{"class": "6"}, car="Clio"),
    ]  # fmt: skip
    diff = diff_versions(OLD, new)
    assert diff.counts == {"added": 0, "removed": 0, "changed": 2, "unchanged": 1}
    by_crew = {change.label: change.changes for change in diff.changed}
    assert by_crew == {
        "#7 Luc DURAND": (
            FieldChange("time_ms", 605500, 615500),
            FieldChange("gap_ms", 5500, 15500),
        ),
        "#3 Anne PETIT": (
            FieldChange("position", 3, None),
            FieldChange("time_ms", 610000, None),
            FieldChange("gap_ms", 10000, None),
            FieldChange("status", "classified", "dsq"),
        ),
    }
    assert diff.counts_by_field == {"time_ms": 2, "gap_ms": 2, "position": 1, "status": 1}


def test_crews_added_and_removed_are_counted_apart():
    new = [OLD[0], OLD[2], crew(44, ["Marc NEUF"], position=3)]
    diff = diff_versions(OLD, new)
    assert [item.label for item in diff.added] == ["#44 Marc NEUF"]
    assert [item.label for item in diff.removed] == ["#7 Luc DURAND"]
    assert diff.counts == {"added": 1, "removed": 1, "changed": 0, "unchanged": 2}


def test_a_crew_whose_number_changed_is_one_crew_with_a_new_number():
    new = [crew(112, ["jean dupont", "Paul MARTIN"], **{k: v for k, v in OLD[0].values.items()
                                                       if k not in ("number", "crew")}),
           *OLD[1:]]  # fmt: skip
    diff = diff_versions(OLD, new)
    assert not diff.added and not diff.removed
    (change,) = diff.changed
    assert change.fields == ("number", "crew")


def test_people_changing_is_a_change_of_crew():
    new = [crew(12, ["Jean DUPONT", "Marc AUTRE"], **{k: v for k, v in OLD[0].values.items()
                                                      if k not in ("number", "crew")}),
           *OLD[1:]]  # fmt: skip
    (change,) = diff_versions(OLD, new).changed
    assert change.changes == (
        FieldChange("crew", ("Jean DUPONT", "Paul MARTIN"), ("Jean DUPONT", "Marc AUTRE")),
    )


def test_empty_text_and_none_are_the_same_value():
    old = [crew(1, ["A B"], club="", car=None)]
    new = [crew(1, ["A B"], club=None, car="")]
    assert diff_versions(old, new).is_empty


def test_crews_without_numbers_pair_by_their_names():
    old = [crew(None, ["Anne PETIT"], position=1), crew(None, ["Luc DURAND"], position=2)]
    new = [crew(None, ["Luc DURAND"], position=1), crew(None, ["Anne PÉTIT"], position=2)]
    diff = diff_versions(old, new)
    assert diff.counts["changed"] == 2
    assert {c.label: c.fields for c in diff.changed} == {
        "Luc DURAND": ("position",),
        "Anne PÉTIT": ("crew", "position"),
    }


def test_the_stored_form_reads_back_the_same():
    new = [OLD[0], crew(3, ["Anne PETIT"], position=2, status="classified"), crew(9, ["X Y"])]
    diff = diff_versions(OLD, new)
    again = VersionDiff.from_json(diff.to_json())
    assert again.counts == diff.counts
    assert again.changed == diff.changed
    assert [a.label for a in again.added] == [a.label for a in diff.added]
    assert again.counts_by_field == diff.counts_by_field


values = st.fixed_dictionaries(
    {"position": st.none() | st.integers(1, 5), "time_ms": st.none() | st.integers(0, 10)}
)


@given(st.lists(values, max_size=6), st.lists(values, max_size=6))
def test_every_crew_is_paired_once_or_added_or_removed(old_values, new_values):
    old = [crew(i, [f"P{i}"], **v) for i, v in enumerate(old_values)]
    new = [crew(i, [f"P{i}"], **v) for i, v in enumerate(new_values)]
    diff = diff_versions(old, new)
    paired = diff.counts["changed"] + diff.counts["unchanged"]
    assert paired + len(diff.removed) == len(old)
    assert paired + len(diff.added) == len(new)
    for change in diff.changed:
        assert all(c.old != c.new for c in change.changes)
