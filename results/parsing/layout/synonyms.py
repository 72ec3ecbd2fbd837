"""Header words and the roles they propose. The column's content decides between proposals.

Keys are normalised headings (see `normalise_heading`): folded, punctuation turned to spaces,
`°` read as `o`. The first role listed is the one taken when the column is empty.
"""

from __future__ import annotations

import re

from results.parsing.layout.heading_words import LONGEST_HEADING, roles_from_words
from results.parsing.text import fold

_SYNONYMS: dict[tuple[str, ...], tuple[str, ...]] = {
    # position
    (
        "clt",
        "clt scratch",
        "classement",
        "clas",
        "pos",
        "position",
        "rang",
        "place",
        "pl",
        "rank",
        "overall",
        "scratch",
        "general",
        "clt general",
        "cl general",
        "cl scratch",
        "pos scratch",
        "p",
        "final",
        "res",
        "result",
        "platz",
        "plass",
        "finishing place",
        "θεση",
        "classt",
    ): ("position",),
    ("cl",): ("position", "class"),
    # race number
    (
        "n",
        "no",
        "nr",
        "num",
        "numero",
        "dossard",
        "dos",
        "car no",
        "race no",
        "bib",
        "start no",
        "n dos",
        "no dos",
        "numero dossard",
        "nb",
        "#",
        "id",
        "kart",
        "no kart",
        "no voiture",
        "bib#",
        "startnr",
        "start nr",
        "startnummer",
        "driver number",
        "plate",
        "plate number",
        "number",
        "αριθμος",
        "no moto",
    ): ("number",),
    # crew
    (
        "equipage",
        "equipages",
        "pilotes",
        "crew",
        "pilote copilote",
        "pilotes copilotes",
        "driver co driver",
        "driver codriver",
        "drivers",
        "noms",
        "concurrent",
        "concurrents",
        "concurrent equipage",
        "equipage voiture",
        "pilote s",
        "riders",
        "pilote navigateur",
        "pilote coequipier",
        "nom",
        "name",
        "names",
        "equipiers",
        "athlete",
        "athletes",
        "fahrer beifahrer",
        "driver co driver names",
        "pilotes equipiers",
    ): ("crew",),
    (
        "pilote",
        "conducteur",
        "driver",
        "pilote 1",
        "1er pilote",
        "nom pilote",
        "rider",
        "pilote nom prenom",
        "fahrer",
        "οδηγος",
        "concurrent 1",
    ): ("driver", "crew"),
    (
        "copilote",
        "co pilote",
        "coequipier",
        "co equipier",
        "navigator",
        "co driver",
        "codriver",
        "navigateur",
        "2e pilote",
        "pilote 2",
        "passager",
        "copilot",
        "beifahrer",
        "συνοδηγος",
        "nom copilote",
    ): ("codriver",),
    # car
    (
        "voiture",
        "vehicule",
        "modele",
        "car",
        "marque modele",
        "marque",
        "auto",
        "machine",
        "moto",
        "vehicle",
        "make model",
        "make",
        "model",
        "automobile",
        "voiture modele",
        "marque type",
        "motorrad",
        "fahrzeug",
        "bike",
        "οχημα",
        "type",
    ): ("car",),
    # group and class
    ("gr", "groupe", "group", "grp", "gpe", "grpe"): ("group",),
    ("classe", "class", "cla", "cls", "classes", "klasse"): ("class", "position"),
    (
        "gr cl",
        "gr classe",
        "groupe classe",
        "group class",
        "gr cla",
        "grcl",
        "gr cls",
        "groupe cl",
        "gp cl",
        "grp cl",
        "gr cl cat",
        "κατ κλαση",
    ): ("group_class",),
    ("cat", "categ", "categorie", "category", "division", "div", "serie"): ("category", "group"),
    # club
    (
        "asa",
        "ecurie",
        "club",
        "asa ecurie",
        "association",
        "asa club",
        "ecurie asa",
        "ecurie club",
        "asa licence",
    ): ("club",),
    # times and gaps
    (
        "temps",
        "total",
        "time",
        "temps total",
        "total time",
        "chrono",
        "temps final",
        "resultat",
        "perf",
        "performance",
        "temps cumule",
        "tps",
        "gesamtzeit",
        "zeit",
        "total tid",
        "tid",
        "finish time",
        "race time",
        "temps realise",
    ): ("time",),
    (
        "ecart",
        "ecarts",
        "ecart 1er",
        "ecart premier",
        "ecart au 1er",
        "gap",
        "gap 1st",
        "gap to leader",
        "diff",
        "difference",
        "retard",
        "ecart leader",
        "ecart 1",
        "ecart tete",
        "ecart scratch",
        "abstand",
        "ruckstand",
        "time difference",
        "behind",
    ): ("gap", "gap_prev"),
    (
        "ecart prec",
        "ecart precedent",
        "ecart preced",
        "ecart pr",
        "gap prev",
        "interval",
        "int",
        "diff prec",
        "ecart prc",
        "ecart p",
        "gap previous",
    ): ("gap_prev",),
    # laps, best laps, speed
    ("tours", "laps", "nb tours", "nbre tours", "nombre tours", "trs", "nb tr"): (
        "laps",
        "best_lap_no",
    ),
    (
        "tour",
        "lap",
        "en tour",
        "lap no",
        "tour mt",
        "mt tour",
        "au tour",
        "best lap no",
        "best lap n",
        "best lap lap",
        "no tour",
        "n tour",
        "tour meilleur",
        "meilleur tour no",
        "meilleur tour n",
        "mt no",
        "mt n",
        "in lap",
        "on lap",
    ): ("best_lap_no", "laps"),
    # "Team" is a club in rallies and the crew in endurance races: the content decides.
    ("team", "equipe", "ecurie equipe"): ("club", "crew"),
    (
        "meilleur tour",
        "mt",
        "best lap",
        "best",
        "meilleur temps",
        "m tour",
        "mtour",
        "best time",
        "mt tour temps",
    ): ("best_lap", "time"),
    (
        "vitesse",
        "km h",
        "kmh",
        "vit",
        "speed",
        "moy",
        "moyenne",
        "vitesse moyenne",
        "avg speed",
        "vitesse moy",
        "v moy",
    ): ("speed",),
    ("cyl", "cylindree", "cc", "cm3", "capacity", "cylinder", "cylindre", "cylind"): ("capacity",),
    # status and columns Podium computes itself or does not keep
    ("statut", "status", "etat", "state", "obs", "observation", "observations"): ("status",),
    (
        "pos cl",
        "clt cl",
        "cl cl",
        "pos classe",
        "clt classe",
        "rang classe",
        "pl cl",
        "pos gr",
        "clt gr",
        "pos cat",
        "clt cat",
        "cl gr",
        "class pos",
        "pos in class",
        "nat",
        "nationalite",
        "pays",
        "country",
        "pen",
        "penalites",
        "penalite",
        "penalty",
        "penalties",
        "licence",
        "lic",
        "ville",
        "region",
        "ligue",
        # a serial number, the Greek αύξων αριθμός (`Α/Α`, often typed in Latin letters)
        "a a",
        "α α",
        "year",
        "annee",
        "jahr",
        "baujahr",
        "cones",
        "gates",
        "stages comp",
        "stage time",
    ): ("ignore",),
}

SYNONYMS: dict[str, tuple[str, ...]] = {
    key: roles for keys, roles in _SYNONYMS.items() for key in keys
}

# Letters of any script are kept (Greek headings), punctuation and symbols become spaces.
_PUNCT = re.compile(r"[^\w#]+|_")


def normalise_heading(text: str) -> str:
    return _PUNCT.sub(" ", fold(text).replace("°", "o").replace("º", "o")).strip()


# Numbered part times: stages (ES1, SS 4, WP 2, FE3), runs and heats (Run 2, Manche 1,
# Montée 3), laps of
# a split table (T1). Podium keeps the total the table is ranked on, not the parts.
_PART_TIME = re.compile(
    r"(es|ss|sp|wp|ps|fe|special|speciale|run|manche|montee|essai|heat|leg|etape|stage|m|t|tour|lap|"
    r"course|race|boucle|section|secteur|sector|inter|split|int|pen)\s?\d{1,2}"
    # … and what is given for each part: "FE 1 Time", "SS3 Pos".
    r"(\s(time|temps|tid|zeit|pos|rank|rang|plass|platz|penalty|pen|gap|diff))?"
)


def roles_for_heading(text: str, *, strict: bool = False) -> tuple[str, ...]:
    """The roles a heading proposes, best first; () when it is no known heading.

    `strict` reads a heading by its words only when all of them are known (header rows are
    told from data rows with it)."""
    if len(text) > LONGEST_HEADING:
        return ()  # a heading is a few words; a longer cell is data
    key = normalise_heading(text)
    if not key:
        return ()
    if _PART_TIME.fullmatch(key):
        return ("ignore",)
    roles = SYNONYMS.get(key)
    if roles is not None:
        return roles
    # Headings as timing programs write them: `FirstName`, `Diff_Winner`, `Startnummer`.
    roles = roles_from_words(text, strict=strict)
    if roles:
        return roles
    # "Ecart 1er (s)", "Temps total ES1-ES8": try the leading words.
    words = key.split()
    for n in range(len(words) - 1, 0, -1):
        roles = SYNONYMS.get(" ".join(words[:n]))
        if roles is not None:
            return roles
    return ()


def heading_certainty(text: str) -> float:
    """How sure the heading's proposal is: 1 when the heading is known whole or every word of it
    is, less when words Podium does not know stand beside the one it read (`EWS Number` is a
    number of some kind, `Plate Number` the door number)."""
    if not roles_for_heading(text):
        return 0.0
    if SYNONYMS.get(normalise_heading(text)) or roles_for_heading(text, strict=True):
        return 1.0
    return 0.5
