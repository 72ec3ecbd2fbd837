"""Rules on the columns of people once headings and content gave their roles: two name
columns are the driver and the co-driver, name columns beside first-name columns are the
surnames (and beside surname columns the first names), and with surname and first-name
columns the crew is theirs alone."""

from __future__ import annotations

from collections.abc import Sequence

#: The roles of columns of whole names, in seat order.
PERSON_ROLES = ("crew", "driver", "codriver")


def single_person_columns(
    roles: list[str | None], scores: Sequence[dict[str, float]], headed: set[int]
) -> None:
    """Two name columns are driver then co-driver in reading order, unless headings say."""
    people = [j for j, r in enumerate(roles) if r in PERSON_ROLES]
    if {roles[j] for j in people if j in headed} == {"driver", "codriver"}:
        return
    if len(people) == 2 and all(
        roles[j] != "crew" or scores[j].get("driver", 0) > 0.5 for j in people
    ):
        roles[people[0]], roles[people[1]] = "driver", "codriver"
    elif len(people) == 1 and roles[people[0]] == "codriver":
        roles[people[0]] = "crew"


def name_parts_apart(roles: list[str | None], proposals: Sequence[tuple[str, ...]]) -> None:
    """Names in two columns, one headed by its part, the other by the name alone: the
    surnames beside first-name columns, the first names beside surname columns."""
    _surnames_beside_first_names(roles, proposals)
    _first_names_beside_surnames(roles, proposals)


def _first_names_beside_surnames(
    roles: list[str | None], proposals: Sequence[tuple[str, ...]]
) -> None:
    """`Cognome` then `Nome`, `Apelido` then `Nome`: where surnames have columns of their own
    and first names none, the column beside each surname's headed as a name alone (no seat)
    holds the first names."""
    if "first_name" in roles:
        return
    surnames = [j for j, r in enumerate(roles) if r == "surname"]
    beside = []
    for j in surnames:
        found = [
            k
            for k in (j + 1, j - 1)
            if 0 <= k < len(roles)
            and roles[k] in (None, "crew")
            and tuple(proposals[k]) == ("crew",)
        ]
        if found:
            beside.append(found[0])
    if surnames and len(set(beside)) == len(surnames):
        for k in beside:
            roles[k] = "first_name"


def _surnames_beside_first_names(
    roles: list[str | None], proposals: Sequence[tuple[str, ...]]
) -> None:
    """`Name` beside `Vorname`, `Nom pilote` beside `Prénom pilote`: where first names have
    columns of their own and surnames none, the name columns (as many as there are first-name
    columns, headed as people, whether or not their content read as whole names) hold the
    surnames."""
    firsts = roles.count("first_name")
    if not firsts or "surname" in roles:
        return
    names = [
        j
        for j, r in enumerate(roles)
        if r in PERSON_ROLES or (r is None and set(proposals[j]) & set(PERSON_ROLES))
    ]
    if len(names) == firsts:
        for j in names:
            roles[j] = "surname"


def no_crew_beside_name_parts(
    roles: list[str | None], proposals: Sequence[tuple[str, ...]], taken: set[str]
) -> None:
    """With surname and first-name columns, the crew is theirs: a `Team` column that the
    content read as people is the team (or the club, or nothing), not more of the crew."""
    if "surname" not in roles or "first_name" not in roles:
        return
    for j, role in enumerate(roles):
        if role in PERSON_ROLES:
            if "team" in proposals[j] and "team" not in taken:
                roles[j] = "team"
                taken.add("team")
            elif "club" in proposals[j] and "club" not in taken:
                roles[j] = "club"
                taken.add("club")
            else:
                roles[j] = None
