"""Headings read word by word, as timing programs write them, in several languages.

A heading the whole-heading table (`synonyms.py`) does not know is cut into words: CamelCase,
`_`, `/`, `.`, `-` and digits all separate words (`DiffTimeWinner` → diff time winner,
`Driver1_Surname` → driver 1 surname, `Nom du copilote` → nom du copilote). Each word names a
concept (`rank`, `surname`, `gap`…) in French, English, German, Spanish, Italian, Dutch or a
Scandinavian language; the set of concepts of a heading then proposes roles. A synonym table
of words, not of whole headings: `Startnummer`, `Start No.` and `start_number` need no entry
of their own.
"""

from __future__ import annotations

import re
from functools import lru_cache

from results.parsing.text import fold

# `FirstName` → `First Name`, `RANKTotal` → `RANK Total`; before folding, which loses case.
_CAMEL = re.compile(r"(?<=[a-zà-ÿ])(?=[A-ZÀ-Þ])|(?<=[A-ZÀ-Þ])(?=[A-ZÀ-Þ][a-zà-ÿ])")
_DIGITS = re.compile(r"(?<=[^\W\d_])(?=\d)|(?<=\d)(?=[^\W\d_])")
# Any letters (Greek headings too), digits and `#`; everything else separates words.
_SPLIT = re.compile(r"[^\w#]+|_")

# Words a heading joins its words with; they say nothing of the column.
_FILLER = frozenset(
    "de du des d la le les l au aux a en of the to in on at per by der die das des dem von do "
    "vom zum zur im el los las del di della dello il lo van het een og i pa af et and und y e "
    "w z ze na od za tym o".split()
)

# word → concept. Several words of one language may name one concept; a word that means two
# things in two languages (`nombre`, Spanish "name", French "number") is left out.
_WORDS: dict[str, tuple[str, ...]] = {
    "rank": (
        "rank ranking pos posn position place pl plc platz platzierung rang range clt clas "
        "classement classt classifica posizione puesto posicion positie plaats plass placering "
        "sijoitus sija overall scratch general klassement poz pozycja miejsce poradi umisteni "
        "helyezes hely plac poradie por"
    ),
    "number": (
        "no nr nro num number numero nummer startnummer startnumber startnr startno bib "
        "dossard dos plate kart startnum startnummern # n numer cislo rajtszam dorsal"
    ),
    "start": "start",
    "name": "name names nom noms naam navn namn nimi nome nominativo jmeno nazwisko nev",
    "surname": (
        "surname surnames lastname familyname nachname familienname zuname apellido apellidos "
        "cognome achternaam etternavn efternamn sukunimi prijmeni vezeteknev"
    ),
    "first": (
        "first firstname forename givenname prenom prenoms vorname vornamen nombrepila "
        "voornaam fornavn fornamn etunimi imie keresztnev"
    ),
    "last": "last family",
    "driver": (
        "driver drivers pilote pilotes pilot piloten piloto pilota fahrer fahrerin rider "
        "riders racer racers coureur concurrent concurrents conducteur conductor bestuurder "
        "rijder piloot kierowca rytter forer forare kuljettaja athlete participant participants "
        "competitor teilnehmer conduttore conduttori jezdec ridic versenyzo zawodnik"
    ),
    "codriver": (
        "codriver codrivers copilote copilotes copilot copiloto copilota navigator navigateur "
        "beifahrer beifahrerin navigatore navegante navegador bijrijder copiloot kartlaser "
        "kartlasare kartanlukija coequipier co passenger passager spolujezdec navigator"
    ),
    "crew": (
        "crew crews equipage equipages besatzung equipaggio tripulacion bemanning zaloga posadka"
    ),
    "car": (
        "car cars voiture vehicule vehicle vehiculo veicolo auto automobile fahrzeug wagen coche "
        "vettura viatura samochod bil bike moto motorrad motorcycle machine marque make model "
        "modele modell brand hersteller fabrikat bicycle sykkel cykel fiets velo bici bicicleta "
        "fahrrad vuz vozidlo chassis telaio chasis"
    ),
    "group": (
        "group groupe gruppe grupo gruppo groep gruppe gr grp gpe grpe grupa skupina sk csoport"
    ),
    "class": "class classe klasse clase klass klasa luokka cls cla cl kl trida trieda tr osztaly",
    "category": "category categorie kategorie categoria categorie cat categ division div serie",
    "club": (
        "club clubs ecurie verein asa scuderia escuderia vereniging klubb klub seura msc "
        "association automobilklub autoklub"
    ),
    "team": (
        "team teams equipe mannschaft squadra equipo ploeg lag stall zespol tym bewerber entrant "
        "soutezici"
    ),
    "time": (
        "time times temps zeit tiempo tempo tijd tid aika chrono tps fahrzeit zeiten czas cas ido "
        "tm"
    ),
    "total": (
        "total ergebnis totale gesamt gesamtzeit totaal totalt yhteensa final finale cumul cumule "
        "laczny celkem celkovy osszesen summe somme suma somma sum"
    ),
    "net": "net netto",
    "gap": (
        "gap gaps ecart ecarts diff difference differenz abstand ruckstand distacco diferencia "
        "achterstand verschil dif ero differanse forskel behind retard interval int strata ztrata "
        "roznica odstup kulonbseg dn down"
    ),
    "prev": (
        "prev previous precedent prec vorder vorheriger prevous anterior ant precedente vorige "
        "poprz poprzednika predchozi"
    ),
    "leader": "leader winner first 1st 1er premier erster sieger tete vainqueur lider primo lidera",
    "laps": "laps rounds tours runden giri vueltas rondes ronden varv kierrokset voltas",
    "lap": "lap lp tour runde giro vuelta ronde varv volta",
    "best": (
        "best meilleur meilleure meill beste mejor migliore bedste bast paras fastest melhor "
        "snelste schnellste snabbaste nopein"
    ),
    "speed": "speed vitesse geschwindigkeit velocita velocidad snelheid kmh km/h moy moyenne avg",
    "status": "status statut etat state",
    "nation": (
        "nat nation nationality nationalite country pays land nazione nacion nationaliteit "
        "nazionalita naz ioc"
    ),
    "gender": "gender sex sexe geschlecht sexo genere geslacht kjonn kon",
    "place_of": "city ville ort stadt wohnort ciudad citta woonplaats region ligue bundesland",
    "penalty": (
        "penalty penalties pen penal penalite penalites penalita strafe strafen penalizzazione "
        "penaliz straf kary kara penalizace trest tresty pokuta pokuty buntetes"
    ),
    "reason": (
        "reason raison cause motif grund motivo oorzaak reden arsak causa pourquoi why warum "
        "duvod pricina dovod powod przyczyna"
    ),
    "retire": (
        "abandon abandons retired retirement retire ausfall ausgeschieden abandono ritiro "
        "ritirato opgave dnf"
    ),
    "distance": "distance distanz distancia distanza afstand avstand",
    "points": "points pts punkte punti puntos punten poeng poang pisteet",
    "stage": (
        "es ss sp fe wp zr stage etape prova tramo run heat manche montee lauf split splits manga "
        "jizda przejazd gara rz os tc innl semifinale semifinal"
    ),
    "clock": "day timeofday passing passingtime daytime uhrzeit heure starttime trend validation",
    "formatted": "formatted format",
    "id": "id uid",
    "licence": "licence license lic lizenz",
    # A car's year or historic period (`Année`, `Période` under the car and the class).
    "era": "annee year jahr baujahr anno ano bouwjaar periode period periodo",
    # Practice runs before the timed ones (`Essais 1`, `Training 2`).
    "practice": "essais essai practice prac training entrainement prove",
    # `Temps (dont pén.)`, `Time incl. penalties`: a total that holds its penalties.
    "including": "dont incl including inclusive inkl inklusive einschl compris",
    # An endurance team's pit stops (`Arrêts`, `Pit stops`): a count, neither class nor laps.
    # A kart's or a car's engine beside its chassis or model: neither the car nor a class.
    "engine": "moteur engine motore motorisation",
    # Speeds in miles an hour: `speed_kmh` holds kilometres an hour only.
    "imperial": "mph",
    "pits": "arrets arret stops pitstops pit pits boxenstopps boxenstopp stopps soste paradas",
}
# Greek, folded (no accents, final sigma as σ).
_GREEK: dict[str, str] = {
    "rank": "θεση καταταξη",
    "number": "αριθμοσ αρ",
    "name": "ονομα ονοματεπωνυμο",
    "surname": "επωνυμο",
    "driver": "οδηγοσ οδηγοι",
    "codriver": "συνοδηγοσ συνοδηγοι",
    "crew": "πληρωμα",
    "car": "οχημα αυτοκινητο",
    "class": "κλαση κλασση",
    "category": "κατ κατηγορια",
    "club": "λεσχη ομιλοσ",
    "team": "ομαδα",
    "time": "χρονοσ",
    "total": "συνολο",
    "gap": "διαφορα",
}
WORDS: dict[str, frozenset[str]] = {}
for _concept, _spelled in [*_WORDS.items(), *_GREEK.items()]:
    for _word in _spelled.split():
        WORDS.setdefault(_word, frozenset())
        WORDS[_word] = WORDS[_word] | {_concept}


def heading_words(text: str) -> tuple[str, ...]:
    """The heading's words, folded: `DiffTimeWinner` → ('diff', 'time', 'winner')."""
    spaced = _CAMEL.sub(" ", text.replace("°", "o ").replace("º", "o "))
    folded = _DIGITS.sub(" ", fold(spaced).replace("ς", "σ"))
    words = [w for w in _SPLIT.split(folded) if w and w not in _FILLER]
    # `Co-Driver`, `co pilote`: one word, the second seat.
    for i in range(len(words) - 2, -1, -1):
        if words[i] == "co" and words[i + 1].isalpha():
            words[i : i + 2] = ["co" + words[i + 1]]
    return tuple(words)


# Compounds are tried on words no longer than this (`Gesamtzeitdifferenz` is 19 letters):
# cutting a longer one costs a lookup per letter and names no heading anyway.
_LONGEST_COMPOUND = 30
# A heading is a few words; a longer cell is data, read by no heading rule.
LONGEST_HEADING = 80


def _lookup(word: str) -> frozenset[str] | None:
    """A word's concepts, or its singular's (`laps`, `Klassen`, `Zeiten`)."""
    named = WORDS.get(word)
    if named is not None or len(word) <= 3:
        return named
    for ending in ("s", "en", "n", "e"):
        if word.endswith(ending) and (named := WORDS.get(word[: -len(ending)])) is not None:
            return named
    return None


def _known(word: str) -> frozenset[str] | None:
    """The concepts of a word, or of the two words it is compounded of (`Rundenzeiten`,
    `Klassenrang`, `Startnummer`: German, Dutch and Scandinavian headings join their words,
    with or without a linking `s`)."""
    named = _lookup(word)
    if named is not None or not 6 <= len(word) <= _LONGEST_COMPOUND:
        return named
    for cut in range(3, len(word) - 2):
        head = _lookup(word[:cut])
        if head is None:
            continue
        tail = word[cut:]
        rest = _lookup(tail) or (_lookup(tail[1:]) if tail.startswith("s") else None)
        if rest is not None:
            return head | rest
    return None


def concepts(text: str) -> tuple[frozenset[str], frozenset[str]]:
    """The concepts a heading's words name, and its words that name none."""
    found: set[str] = set()
    unknown: set[str] = set()
    if len(text) > LONGEST_HEADING:
        return frozenset(), frozenset({text})
    for word in heading_words(text):
        if word.isdigit():
            found.add("digit")
            continue
        named = _known(word)
        if named is None:
            unknown.add(word)
        else:
            found |= named
    return frozenset(found), frozenset(unknown)


# Concepts that make a column one Podium does not keep, whatever else its heading says.
_NOT_KEPT = (
    "gender",
    "place_of",
    "clock",
    "id",
    "licence",
    "era",
    "practice",
    "pits",
    "engine",
    "imperial",
)
# Words that make a rank, a time or a gap one of a class or part of the table, not the table's.
_PART_OF = frozenset({"class", "category", "group", "gender", "stage", "lap"})
_PERSON_WORDS = frozenset({"name", "digit", "formatted"})
# "First" alone heads first names (beside "Last"); with "gap" or "time" it is the leader.
_FIRST_ALONE = frozenset({"first", "leader", "driver", "codriver", "digit"})


def _wave_two(found: frozenset[str]) -> tuple[str, ...]:
    """Fields of their own: nationality, penalty, points, a retirement's reason and stage, a
    class position; () for none of them."""
    has = found.__contains__
    named = has("name") or has("surname") or has("first")
    if has("nation") and not named:
        return ("nationality",)
    if has("penalty") and not (has("including") and has("time")):
        return ("penalty",)
    if has("points") and not (found & _PART_OF):
        return ("points",)
    if has("reason"):
        return ("reason",)
    if has("retire"):
        # `Abandon ES`, `Retired on lap`: where; `Abandon` alone: where or why, by content.
        return ("retired_at",) if found & {"stage", "lap"} else ("retired_at", "reason")
    if has("rank") and has("class") and not (found & {"stage", "lap", "gender"}):
        return ("class_position",)
    if has("distance") and not has("speed"):
        return ("distance",)
    return ()


def _both_name_parts(text: str) -> bool:
    """Whether a heading names the surname and the first name both (`Name, Vorname`, `Nom
    Prénom`, `Surname, First name`): one column of whole names. A first name is a word of its
    own (`Vorname`) or `first` and `name` together (`First name`), which then leaves no
    `name` for the surname."""
    named = [(w, _known(w) or frozenset()) for w in heading_words(text)]
    names = sum(1 for _w, found in named if "name" in found)
    firsts = [w for w, found in named if "first" in found]
    surnames = sum(1 for _w, found in named if "surname" in found)
    if not firsts:
        return False
    own = any(w != "first" for w in firsts)  # `vorname`, `prenom`: a first name by itself
    if not own:
        names -= 1  # `first name`: the `name` is the first name's
    return surnames + max(names, 0) >= 1


@lru_cache(maxsize=2048)
def _named_stage(text: str) -> bool:
    """A heading that starts with a stage and its number (`TC1`, `SS 3`), then its name."""
    words = heading_words(text)
    return len(words) > 2 and words[1].isdigit() and _known(words[0]) == frozenset({"stage"})


def roles_from_words(text: str, *, strict: bool = False) -> tuple[str, ...]:
    """The roles a heading's words propose, best first; () when its words say nothing.

    `strict`: only a heading every word of which is known (to tell a header row from data:
    `Team Martin` in a data row names a team, a heading would not)."""
    found, unknown = concepts(text)
    if found == {"digit"} and not unknown and len(text.strip()) <= 2:
        return ("ignore",)  # `1`, `2` beside headings: a stage or run by its number alone
    if unknown and _named_stage(text):
        return ("ignore",)  # `TC1 Lobeira 1`, `SS3 Hafren`: a stage's time, under its name
    if not found or len(unknown) > len(found) or (strict and unknown):
        return ()  # mostly words Podium does not know: no reading of it is better than a guess
    has = found.__contains__
    if has("stage") and (has("digit") or found <= {"stage", "number"}):
        # ES1, FE 3 Time, Lauf 2: a part time, not the total; `ss`, `Stage No`: which stage
        # a row belongs to, a key of stacked tables.
        return ("ignore",)
    if any(has(c) for c in _NOT_KEPT) and not (has("name") or has("surname") or has("first")):
        return ("ignore",)
    if has("start") and has("time"):
        return ("ignore",)  # a start time is a time of day, not a duration
    wave_two = _wave_two(found)
    if wave_two:
        return wave_two
    if _both_name_parts(text):
        return ("crew",)  # `Name, Vorname`, `Nom Prénom`: whole names, surname first
    if has("surname") or (has("last") and has("name")):
        return ("surname",)
    if has("first") and (has("name") or found <= _FIRST_ALONE):
        return ("first_name",)
    if has("last") and found <= {"last", "digit"}:
        return ("surname",)
    if has("rank"):
        if found & _PART_OF:
            return ("ignore",)  # a class or stage rank: the table's position is elsewhere
        return ("position",)
    if has("number") and not has("lap"):
        return ("number",)
    if has("codriver") and has("driver"):
        return ("crew",)
    if has("codriver"):
        return ("codriver",)
    if has("driver"):
        return ("driver", "crew")
    if has("crew") or (has("name") and not unknown and found <= _PERSON_WORDS):
        return ("crew",)
    if has("gap") and has("time") and "/" in text and not found & {"prev", "leader", *_PART_OF}:
        # `Time / Gap`: the winner's time, then each other crew's gap, in one column.
        return ("time", "gap")
    if has("gap"):
        if found & _PART_OF or has("laps"):
            return ("ignore",)  # a class's gap or a lap deficit: not the gap to the leader
        if has("prev"):
            return ("gap_prev",)
        return ("gap",) if has("leader") else ("gap", "gap_prev")
    if found == {"prev"}:
        return ("gap_prev",)  # `do poprz.` under `Strata`: the gap, to the crew ahead
    if found in ({"best"}, {"best", "stage"}):
        # `Best`, `Meilleure montée`: a best lap, or the best of the runs.
        return ("best_lap", "time")
    if has("best") and (has("time") or has("lap")):
        return ("best_lap", "time")
    if has("laps") and has("time") and not has("lap"):
        return ("ignore",)  # `Rundenzeiten`, lap times: the list of a crew's laps
    if has("lap") and has("time"):
        return ("time", "best_lap")
    if has("lap") and has("number"):
        return ("best_lap_no",)
    if has("laps"):
        return ("laps", "best_lap_no")
    if has("lap"):
        return ("best_lap_no", "laps")
    if has("time") or has("total"):
        return ("ignore",) if found & _PART_OF else ("time",)
    if found == {"car", "club"}:
        return ("club",)  # `Moto Club`, `Auto Club`: a club named after its sport
    if has("car") and not has("class"):
        return ("car",)
    if (has("group") or has("category")) and has("class"):
        return ("group_class", "class")  # `Gr/Cl`, `Kat./Klasse`: one cell says both
    if has("class"):
        return ("class",)
    if has("group"):
        return ("group",)
    if has("category"):
        return ("category", "group")
    if has("club"):
        return ("club",)
    if has("team"):
        return ("team", "crew")
    if has("speed"):
        return ("speed",)
    if has("status"):
        return ("status",)
    return ()
