"""First words of a line that titles the table below it (`Classe 2`, `Luokka SM1`,
`Abandons`), folded."""

from __future__ import annotations

import re

from results.parsing.text import fold

# First words of a line that titles the table below it.
TITLE_WORDS = frozenset(
    [
        "classe",
        "class",
        "classes",
        # a class or group in other languages (`Klasse 2`, `Luokka SM1`, `Gruppo A`)
        "klasse",
        "klass",
        "klas",
        "klasa",
        "luokka",
        "clase",
        "kategorie",
        "kategori",
        "categoria",
        "gruppe",
        "gruppo",
        "grupo",
        "groep",
        "groupe",
        "group",
        "groupes",
        "categorie",
        "category",
        "categories",
        "classement",
        "classements",
        "resultats",
        "resultat",
        "results",
        "result",
        "general",
        "scratch",
        "division",
        "coupe",
        "trophee",
        "challenge",
        "championnat",
        "vhc",
        "vhrs",
        "rallye",
        "rally",
        "course",
        "finale",
        "manche",
        "epreuve",
        "serie",
        "series",
        "abandons",
        "abandon",
        "retirements",
        "non",
        "exclus",
        "disqualifies",
        "officiel",
        "provisoire",
        "final",
        "essais",
        "qualifications",
        "course",
        "heat",
        "race",
    ]
)

# Words of a title line's count of the crews below it (`8 Fahrer / pilotes`, `12 partants`).
COUNT_WORDS = frozenset(
    [
        "pilote",
        "pilotes",
        "equipage",
        "equipages",
        "partant",
        "partants",
        "engage",
        "engages",
        "classe",
        "classes",
        "concurrent",
        "concurrents",
        "participant",
        "participants",
        "driver",
        "drivers",
        "crew",
        "crews",
        "entrant",
        "entrants",
        "entries",
        "starter",
        "starters",
        "finishers",
        "rider",
        "riders",
        "fahrer",
        "teilnehmer",
        "teams",
        "equipes",
        "piloti",
        "equipaggi",
        "partenti",
        "pilotos",
        "participantes",
        "inscritos",
        "deelnemers",
        "rijders",
        "kuljettajaa",
        "forare",
        "jezdcu",
        "zawodnikow",
    ]
)
_COUNT = re.compile(r"(?=\(.*\)$|[^(]*[^)]$)\(?\s*\d{1,3}\s+([^\W\d]+)(?:\s*/\s*([^\W\d]+))?\s*\)?")


def without_crew_count(text: str) -> str:
    """A title line less the count of crews it ends with (`Classe 2  8 partants`), where what
    stays is a title (`Top 10 drivers`, `Formula 1 Drivers` stay whole)."""
    words = text.split()
    for start in range(max(1, len(words) - 5), len(words)):
        if is_crew_count(" ".join(words[start:])):
            if fold(words[0]).strip(":*#") not in TITLE_WORDS:
                return text
            return " ".join(words[:start])
    return text


def is_crew_count(cell: str) -> bool:
    """`8 Fahrer / pilotes`, `(12 partants)`: how many crews the table below holds, said on
    its title line."""
    found = _COUNT.fullmatch(fold(cell))
    return found is not None and all(w in COUNT_WORDS for w in found.groups() if w)
