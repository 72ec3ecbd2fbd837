"""Which columns hold the group and the class, where headings say so and content alone would
not: codes read as the two fused, or as anything."""

from __future__ import annotations

from collections.abc import Sequence

# Roles content gives from codes or words alone.
CODES_AND_TEXT = frozenset({"group", "class", "group_class", "club", "team", "car", "nationality"})
_CLASSES = ("group", "class", "group_class")
#: How well a column must read as codes of a group or a class for its heading to be believed.
_CODES = 0.5


def group_and_class_apart(
    roles: list[str | None],
    proposals: Sequence[tuple[str, ...]],
    certainty: Sequence[float],
    scores: Sequence[dict[str, float]],
    taken: set[str],
) -> None:
    """`Gr.` beside `Cl.`: a group and a class headed apart, each holding codes, are the group
    and the class, though a group code may read as the two fused (`RC2N`) and a class name as
    anything (`R5/RALLY2`); content alone gave one of them, or neither."""
    if "group_class" in roles:
        return
    headed: dict[str, int] = {}
    for role in ("group", "class"):
        at = [j for j in range(len(roles)) if certainty[j] == 1 and role in proposals[j]]
        if roles.count(role) == 1 and roles.index(role) in at:
            headed[role] = roles.index(role)  # given its role already, where its heading says
            continue
        # `Categoria` beside `Classe`: the category a sheet writes on each row, over its
        # classes, is their group where it holds group codes (`Sport`, `CM`), not an age's or
        # a gender's (`Under 25`).
        free = [
            j
            for j in at
            if roles[j] is None
            or (role == "group" and roles[j] == "category" and scores[j].get("group", 0) > 0)
        ]
        if len(free) != 1 or not any(scores[free[0]].get(r) for r in CODES_AND_TEXT):
            return
        headed[role] = free[0]
    for role, j in headed.items():
        if roles[j] == "category":
            taken.discard("category")
        roles[j] = role
        taken.add(role)
    taken.add("group_class")


def lone_class_heading(
    roles: list[str | None],
    proposals: Sequence[tuple[str, ...]],
    certainty: Sequence[float],
    scores: Sequence[dict[str, float]],
    taken: set[str],
) -> None:
    """`Kl.` over `RC2`, `NC4`, `H`: the one column a sure heading calls the class, where no
    column is the group or the class yet, is the class when it holds codes, though they read
    as well as the group and class fused (`RC` and `2`) or as groups (`H`), and the heading
    could name something else too (`Kl.` is a place in Dutch)."""
    if taken & set(_CLASSES) or any(r in _CLASSES for r in roles):
        return
    at = [
        j
        for j in range(len(roles))
        if roles[j] is None and certainty[j] == 1 and "class" in proposals[j]
    ]
    if len(at) != 1 or max(scores[at[0]].get(r, 0.0) for r in _CLASSES) < _CODES:
        return
    roles[at[0]] = "class"
    taken.update(_CLASSES)
