"""English date formats for readers anywhere: `15 Jun 2024`, never the ambiguous `06/15/2024`.

Django's English defaults are American (`m/d/Y`); Podium's English pages are read by fans of
French and Belgian club events, to whom `06/07/2024` is the 6th of July.
"""

DATE_FORMAT = "j F Y"
SHORT_DATE_FORMAT = "j M Y"
