"""Common first names (French and European), to read names written without casing evidence.

Folded (lower case, no accents). Compound first names (`Jean-Marc`) are checked part by part.
"""

from __future__ import annotations

from functools import lru_cache

from results.parsing.text import fold

_MALE = """
adam adrien alain alan alban albert alexandre alexis alfred alphonse andre andrea andreas
andy anthony antoine antonin antonio armand arnaud arthur aubin augustin aurelien axel
baptiste barthelemy basile bastien benjamin benoit bernard bertrand blaise boris brice bruno
bryan camille cedric charles charly christian christophe claude clement colin corentin cyril
cyrille damien daniel david denis didier dimitri dimitry dominique dorian edouard edmond
emile emilien emmanuel enzo eric erick erik ernest etienne eugene fabien fabrice felix
fernand firmin florent florian francis franck francois frank franklin frederic frederick
gabriel gael gaetan gaston gauthier geoffrey georges gerald gerard ghislain gilbert gilles
gregoire gregory guillaume gustave guy harold henri herve hubert hugo hugues ignace igor
jacky jacques james jannick jean jeff jeoffrey jeremie jeremy jerome jessy jimmy joachim
joan joel joffrey johan johann john johnny jonathan jordan jose joseph josselin jules julien
justin karim kevin kamel killian kylian laurent leo leon leonard lionel loic louis luc lucas
lucien ludovic luis manuel marc marcel marco mario marius mark martial martin mathias
mathieu mathis matheo matthias matthieu maurice max maxence maxime michael michel mickael
mickael mike morgan nathan nicolas noe noel norbert olivier oscar pascal patrice patrick
paul paulo philippe pierre quentin raphael raymond raynald regis reginald remi remy renaud
rene richard robert robin rodolphe rodrigue roger roland romain romuald ronan ruben rudy
sacha samuel sebastien serge simon stephane steve steven stevie sylvain teddy theo
theophile thibault thibaud thibaut thierry thomas timothee tom tony tristan ulrich valentin
valery victor vincent virgile vivien william xavier yann yannick yoann yohan yves yvan
youssef zinedine joris jason lenny loris mael nolan sylvestre cyprien hector achille
wilfried wilfrid fredy freddy gino dino franco giovanni giuseppe luca marco matteo paolo
stefano hans jan jens jurgen karl klaus kurt lars peter piet stefan sven wim dirk geert
koen bart joost kris jasper pieter miguel pablo pedro carlos juan javier sergio diego
"""

_FEMALE = """
adele adeline agathe agnes alexandra alice aline alix amandine amelie anais andree angelique
anne annie anouk ariane audrey aurelie aurore axelle beatrice bernadette brigitte camille
carine carole caroline catherine cecile cecilia celia celine chantal charlene charlotte
chloe christelle christiane christine claire clara claudine clemence coline colette coralie
corinne cynthia delphine denise diane dominique edith edwige eliane elise elodie eloise
elsa emilie emma emmanuelle estelle eva evelyne fabienne fanny florence francine francoise
gaelle genevieve geraldine ghislaine gisele helene ines irene isabelle jacqueline jeanne
jeannine jessica josette josiane julia julie juliette justine karine laetitia laura laure
laurence lea leila lena liliane lina lisa louise lucie ludivine lydie madeleine maeva
magali manon marie marina marine marion marthe martine mathilde maud melanie melissa
michele micheline mireille monique morgane muriel myriam nadia nadine nathalie nelly
nicole noemie oceane odile odette pascale patricia pauline perrine rachel rebecca regine
renee rose sabine sabrina sandra sandrine sarah severine simone solene sonia sophie
stephanie suzanne sylvie tatiana valentine valerie vanessa veronique victoria virginie
yvette yvonne zoe aurelia elisa elena anna maria sara eva lucia giulia ingrid greta
heidi petra sabine sofia marta laure lou agathe clemence leane jade louna capucine
"""

#: Folded first names.
FIRST_NAMES: frozenset[str] = frozenset((_MALE + _FEMALE).split())


@lru_cache(maxsize=8192)
def is_first_name(token: str) -> bool:
    """True for a known first name, or a compound (`Jean-Marc`, `Jean Pierre`) of known ones."""
    key = fold(token).strip(".,")
    if key in FIRST_NAMES:
        return True
    parts = key.replace("-", " ").split()
    return len(parts) > 1 and all(p in FIRST_NAMES for p in parts)
