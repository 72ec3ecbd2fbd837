import re

import pytest

from results.views.search import query_words, search_people

pytestmark = pytest.mark.django_db


def found(client, text: str) -> list[str]:
    html = client.get("/fr/search/", {"q": text}).content.decode()
    people = html.split('id="people-title"', 1)[1].split("</section>", 1)[0]
    return re.findall(r'<a href="/fr/people/[^"]+">([^<]+)</a>', people)


@pytest.mark.parametrize(
    ("typed", "expected"),
    [
        ("andre", "ANDRÉ Gérard"),
        ("ANDRÉ gérard", "ANDRÉ Gérard"),
        ("soeur", "SŒUR Christian"),
        ("sainte opp", "DE SAINTE OPPORTUNE Eric"),
        ("opportune eric", "DE SAINTE OPPORTUNE Eric"),
        ("  Dupont   JEAN ", "DUPONT Jean"),
    ],
)
def test_search_folds_case_and_accents_and_matches_word_starts(client, rally, typed, expected):
    assert found(client, typed) == [expected]


def test_a_word_must_start_a_name_word(client, rally):
    # `pont` is inside DUPONT, but starts no word of any name.
    assert found(client, "pont") == []


def test_search_finds_events_by_name_and_place(client, rally):
    html = client.get("/fr/search/", {"q": "vesoul"}).content.decode()
    assert '<a class="event-name" href="/fr/events/rallye-des-tests-2024/">' in html
    html = client.get("/fr/search/", {"q": "rallye tests"}).content.decode()
    assert "/fr/events/rallye-des-tests-2024/" in html


def test_people_only_in_unpublished_events_are_not_found(client, rally):
    rally.published = False
    rally.save()
    assert found(client, "dupont") == []


def test_search_runs_on_the_stored_folded_key(rally):
    sql = str(search_people("andre").query).lower()
    assert "search_key" in sql
    assert "unaccent" not in sql


def test_query_words_are_folded_and_bounded():
    assert query_words("  SŒUR   Ça ") == ["soeur", "ca"]
    assert len(query_words("a " * 500)) == 6
    assert query_words("\x00\x01") == []


def test_postgres_has_a_trigram_index_on_the_folded_key(db):
    from django.db import connection

    if connection.vendor != "postgresql":
        pytest.skip("trigram indexes are a Postgres feature")
    with connection.cursor() as cursor:
        cursor.execute("SELECT indexdef FROM pg_indexes WHERE indexname = 'person_search_key_trgm'")
        (definition,) = cursor.fetchone()
    assert "gin_trgm_ops" in definition and "search_key" in definition
