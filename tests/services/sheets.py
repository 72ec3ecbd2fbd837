"""Small sheets for import tests, in the pipe format of the samples."""


def pipe_sheet(*rows: str) -> bytes:
    """A pipe table like the samples, with the header of sample 001."""
    header = "| Cl. | N° | Pilote/ Copilote | Voiture | Gr/Cl | Temps | Ecart |"
    return "\n".join([header, *rows, ""]).encode()


SURNAMES = ["MARTIN", "BERNARD", "DUBOIS", "THOMAS", "ROBERT", "RICHARD", "PETIT", "DURAND"]
FIRST_NAMES = ["Jean", "Marie", "Pierre", "Julie", "Luc", "Anne", "Paul", "Claire"]


def letters(n: int) -> str:
    """A distinct letter tag per number, to keep generated surnames apart: 0 → A, 27 → BB."""
    tag = ""
    while True:
        n, rest = divmod(n, 26)
        tag = chr(ord("A") + rest) + tag
        if n == 0:
            return tag


def generated_rows(count: int, *, offset: int = 0) -> list[str]:
    """`count` plausible distinct crews, cars and classes, one second apart."""
    groups = ["N2", "N3", "A7", "F2-14", "R2", "FN2"]
    cars = ["Peugeot 106 S16", "Citroën Saxo VTS", "Renault Clio Williams", "BMW M3 E30"]
    rows = []
    for i in range(count):
        n = offset + i + 1
        driver = f"{SURNAMES[n % 8]}{letters(n)} {FIRST_NAMES[n % 8]}"
        codriver = f"{SURNAMES[(n + 3) % 8]}{letters(n)} {FIRST_NAMES[(n + 5) % 8]}"
        crew = f"{driver}/{codriver}"
        time = 300 + i
        rows.append(
            f"| {i + 1} | {n} | {crew} | {cars[i % len(cars)]} | {groups[i % len(groups)]} "
            f"| {time // 60:02d}:{time % 60:02d},0 | |"
        )
    return rows
