"""A new person's slug base: the fast path for plain names is `slugify`'s answer."""

from django.utils.text import slugify
from hypothesis import given
from hypothesis import strategies as st

from results.services.resolving import slug_base
from results.text import fold

names = st.text(alphabet=st.characters(max_codepoint=0x17F), min_size=1, max_size=30)


@given(names, st.none() | names)
def test_the_slug_base_is_slugify_of_the_folded_name(surname, first_name):
    text = f"{first_name} {surname}" if first_name else surname
    assert slug_base(surname, first_name) == (slugify(fold(text))[:100].strip("-") or "person")


def test_a_name_with_accents_and_marks_gets_a_plain_slug():
    assert slug_base("LEFÈVRE-D'ARC", "Éric") == "eric-lefevre-darc"
    assert slug_base("!!!", None) == "person"
