"""Three-letter country codes as results sheets print nationalities (IOC and ISO 3166 alpha-3,
both where they differ: `GER` and `DEU`, `SUI` and `CHE`)."""

from __future__ import annotations

COUNTRY_CODES: frozenset[str] = frozenset(
    """
    ALB AND ARG AUS AUT BEL BIH BLR BRA BUL BGR CAN CHE CHI CHL CHN CRO CYP CZE DEN DEU DNK ESP
    EST FIN FRA GBR GER GRC GRE HRV HUN IRL ISL ISR ITA JPN KAZ LAT LIE LTU LUX LVA MAR MCO MDA
    MEX MKD MLT MNE MON NED NLD NOR NZL POL POR PRT QAT ROU RSA RUS SLO SMR SRB SUI SVK SVN SWE
    TUR UAE UKR USA ZAF
    """.split()
)


def is_country_code(text: str) -> bool:
    """`CZE`, `GER`, `SUI`: a nationality as sheets print it."""
    return text in COUNTRY_CODES
