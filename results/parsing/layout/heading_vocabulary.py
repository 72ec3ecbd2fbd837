"""The words of table headings, by the concept they name, in the languages Podium reads: data
for `heading_words`, which folds a heading and looks its words up here."""

from __future__ import annotations

# Words a heading joins its words with; they say nothing of the column.
FILLER = frozenset(
    "de du des d la le les l au aux a en of the to in on at per by der die das des dem von do "
    "vom zum zur im el los las del di della dello il lo van het een og i pa af et and und y e "
    "w z ze na od za o".split()
)

# word → concept. Several words of one language may name one concept; a word that means two
# things in two languages (`nombre`, Spanish "name", French "number") is left out.
CONCEPT_WORDS: dict[str, str] = {
    "rank": (
        "rank ranking pos posn position place pl plc platz platzierung rang range clt clas "
        "classement classt classifica posizione puesto posicion positie plaats plass placering "
        "sijoitus sija sij overall scratch general klassement poz pozycja miejsce poradi umisteni "
        "helyezes hely plac poradie por rg"
        # `PIC`: place in class (the word is in `class` too)
        " pic"
    ),
    "number": (
        "no nr nro num number numero nummer startnummer startnumber startnr startno bib "
        "dossard dos plate kart startnum startnummern # n numer cislo rajtszam rsz dorsal "
        "br broj"
    ),
    "start": "start",
    "name": "name names nom noms naam navn namn nimi nome nominativo jmeno nazwisko nev",
    "surname": (
        "surname surnames lastname familyname nachname familienname zuname apellido apellidos "
        "apelido apelidos priezvisko prezime "
        "cognome achternaam etternavn efternamn sukunimi prijmeni vezeteknev"
    ),
    "first": (
        "first firstname forename givenname prenom prenoms vorname vornamen nombrepila "
        "voornaam fornavn fornamn etunimi imie keresztnev meno ime"
    ),
    "last": "last family",
    "driver": (
        "driver drivers pilote pilotes pilot piloten piloto pilota piloti fahrer fahrerin rider "
        "riders racer racers coureur concurrent concurrents conducteur conductor bestuurder "
        "rijder piloot kierowca rytter forer forare kuljettaja athlete participant participants "
        "competitor teilnehmer conduttore conduttori jezdec ridic versenyzo zawodnik uczestnik "
        "vozac vozaci"
    ),
    "codriver": (
        "codriver codrivers copilote copilotes copilot copiloto copilota navigator navigateur "
        "beifahrer beifahrerin navigatore navegante navegador bijrijder copiloot kartlaser "
        "kartlasare kartanlukija coequipier co passenger passager spolujezdec navigator suvozac"
    ),
    "crew": (
        "crew crews equipage equipages besatzung equipaggio tripulacion bemanning zaloga posadka"
    ),
    "car": (
        "car cars voiture vehicule vehicle vehiculo veicolo auto automobile fahrzeug wagen coche "
        "vettura viatura samochod bil bike moto motorrad motorcycle machine marque make model "
        "modele modell brand hersteller fabrikat bicycle sykkel cykel fiets velo bici bicicleta "
        "fahrrad vuz vozidlo chassis telaio chasis mota motocicleta motocicletta moped brommer "
        "bromfiets scooter merk marca merkki marke merke maerke marka znacka pojazd vozilo "
        "gepkocsi motorino motorini ciclomotore mobylette cyclomoteur"
    ),
    "group": (
        "group groupe gruppe grupo gruppo groep gruppe gr grp gpe grpe grupa skupina skup sk "
        "csoport raggr raggruppamento agr agrup agrupamento"
    ),
    "class": (
        "class classe klasse clase klass klasa luokka cls cla cl kl trida trieda tr osztaly pic"
    ),
    "category": (
        "category categorie kategorie categoria categorie cat categ division div serie kat "
        "kategoria kategorija"
    ),
    "club": (
        "club clubs ecurie verein asa scuderia escuderia vereniging klubb klub seura msc "
        "association automobilklub autoklub egyesulet"
    ),
    "team": (
        "team teams equipe equipa mannschaft squadra equipo ploeg lag stall zespol tym bewerber "
        "entrant soutezici prihlasovatel zglaszajacy nevezo"
    ),
    "time": (
        "time times temps zeit tiempo tempo tijd tid aika chrono tps fahrzeit zeiten czas cas ido "
        "tm"
    ),
    "total": (
        "total ergebnis totale gesamt gesamtzeit totaal totalt yhteensa final finale cumul cumule "
        "laczny celkem celkovy osszesen summe somme suma somma sum wynik vysledek eredmeny tulos "
        "ukupno"
    ),
    "net": "net netto",
    "gap": (
        "gap gaps ecart ecarts diff difference differenz abstand ruckstand distacco diferencia "
        "achterstand verschil dif ero differanse forskel behind retard interval int strata ztrata "
        "roznica odstup kulonbseg dn down zaostatak zaost"
    ),
    "prev": (
        "prev previous precedent prec vorder vorheriger prevous anterior ant precedente vorige "
        "poprz poprzednika predchozi predch predchoziho elozo"
    ),
    "leader": "leader winner first 1st 1er premier erster sieger tete vainqueur lider primo lidera",
    "laps": (
        "laps rounds tours runden rnd rnds giri vueltas rondes ronden varv kierrokset voltas "
        "kola okrazenia kierr kierroksia okr omgange runder"
    ),
    "lap": "lap lp tour runde giro vuelta ronde varv volta kierros okrazenie kolo omg omgang",
    "best": (
        "best meilleur meilleure meill beste mejor migliore bedste bast paras fastest melhor "
        "snelste schnellste snabbaste nopein nejlepsi najlepszy najlepsze najlepsza najl najlepsie "
        "najbolji"
    ),
    "speed": "speed vitesse geschwindigkeit velocita velocidad snelheid kmh km/h moy moyenne avg",
    "status": "status statut etat state stato estado",
    "nation": (
        "nat nation nationality nationalite country pays land nazione nacion nationaliteit "
        "nazionalita naz ioc maa kraj pais nac nacionalidad nacionalidade narodnost"
    ),
    "gender": "gender sex sexe geschlecht sexo genere geslacht kjonn kon",
    "place_of": "city ville ort stadt wohnort ciudad citta woonplaats region ligue bundesland",
    "penalty": (
        "penalty penalties pen penal penalite penalites penalita strafe strafen penalizzazione "
        "penaliz straf straff strafftid kary kara penalizace trest tresty pokuta pokuty buntetes "
        "bunt penali"
        # cones a slalom's run knocked over, each worth its seconds
        " bir birilli birillo plots plot quilles cones cone pylonen pylone pilonen pyl"
    ),
    "reason": (
        "reason raison cause motif grund motivo oorzaak reden arsak causa pourquoi why warum "
        "duvod pricina dovod powod przyczyna razlog "
        # remarks beside the results: why a crew stopped, where it has a word
        "remarks remark obs observacoes observaciones osservazioni bemerkung bemerkungen napomena "
        "pozn poznamka poznamky megjegyzes uwagi huomautus huom anm anmarkning anmerkung merknad "
        "bemaerkning"
    ),
    "retire": (
        "abandon abandons retired retirement retire ausfall ausgeschieden abandono ritiro "
        "ritirato opgave dnf"
    ),
    "distance": "distance distanz distancia distanza afstand avstand",
    "points": "points pts punkte pkt pkte punti puntos punten poeng poang pisteet body bodovi pont",
    "stage": (
        "es ss sp fe wp zr stage etape prova tramo run heat manche montee lauf split splits manga "
        "jizda przejazd gara rz os tc innl semifinale semifinal prefinale repechage qualif qualifs "
        "subida subidas "
        "superpole"
        # `M1`, `Temps M2`: a run (a montée, a manche) by its letter and number
        " m"
    ),
    "clock": "day timeofday passing passingtime daytime uhrzeit heure starttime trend validation",
    "formatted": "formatted format",
    # A record's own id, or the timing device it carried (a transponder).
    "id": "id uid transponder transponders transpondere transpondeur transpondeurs",
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
    # A rallycross joker lap, by the lap it was taken on (`T3`): neither class nor laps.
    "joker": "joker jokers jokerlap jokerlaps jokerrunde jkr",
}
# Greek, folded (no accents, final sigma as σ).
GREEK_WORDS: dict[str, str] = {
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
