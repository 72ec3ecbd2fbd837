"""The filters' `<select>`, written in Python, is Django's markup (whitespace aside)."""

import re

from django import forms

from results.forms.fast_select import FastSelect

CHOICES = [
    ("", "Toutes"),
    ("a&b", 'Rallye "<Côte>" d\'Or'),
    ("2024", "2024"),
    ("Groupes", [("n", "N"), ("fn", "FN")]),
]


def squeezed(html: str) -> str:
    return re.sub(r">\s+<", "><", str(html)).strip()


def test_it_writes_what_django_s_select_writes_selected_and_escaped():
    for value in ("", "a&b", "fn", "nope"):
        fast = FastSelect(choices=CHOICES).render("season", value, {"id": "id_season"})
        slow = forms.Select(choices=CHOICES).render("season", value, {"id": "id_season"})
        assert squeezed(fast) == squeezed(slow)
    html = FastSelect(choices=CHOICES).render("season", "a&b", {"id": "x", "disabled": True})
    assert (
        '<option value="a&amp;b" selected>Rallye &quot;&lt;Côte&gt;&quot; d&#x27;Or</option>'
        in html
    )
    assert '<select name="season" id="x" disabled>' in html
    assert '<optgroup label="Groupes">' in html
