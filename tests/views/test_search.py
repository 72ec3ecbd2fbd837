import importlib
import re

import pytest

from results.views.search import PEOPLE_LIMIT, query_words, search_people
from tests.services.sheets import letters

pytestmark = pytest.mark.django_db


def found(client, text: str, **params: str) -> list[str]:
    html = client.get("/fr/search/", {"q": text, **params}).content.decode()
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


def postgres_index(name: str, why: str) -> str:
    """The definition of the Postgres index `name` (the test skips elsewhere: `why`)."""
    from django.db import connection

    if connection.vendor != "postgresql":
        pytest.skip(why)
    with connection.cursor() as cursor:
        cursor.execute("SELECT indexdef FROM pg_indexes WHERE indexname = %s", [name])
        (definition,) = cursor.fetchone()
    return definition


def test_postgres_has_a_trigram_index_on_the_folded_key(db):
    definition = postgres_index("person_search_key_trgm", "trigram indexes are a Postgres feature")
    assert "gin_trgm_ops" in definition and "search_key" in definition


def sheet_event(n: int, rows: list[str], *, published: bool = True):
    import datetime

    from results.models import Classification, Event
    from results.services.importing import apply_import, preview_import
    from tests.services.sheets import pipe_sheet

    event = Event.objects.create(
        name=f"Ronde {n}", slug=f"ronde-{n}", date=datetime.date(2024, 5, n), published=published
    )
    table = Classification.objects.create(event=event, slug="general")
    data = pipe_sheet(*rows)
    apply_import(preview_import(classification=table, data=data, source_name="r.txt"))
    return event


def crews(names: list[str]) -> list[str]:
    return [
        f"| {i} | {i} | {name}/COPILOTE{letters(i)} Zoé | Peugeot 306 | N4 | 05:{i % 60:02d},0 | |"
        for i, name in enumerate(names, 1)
    ]


def test_the_search_page_costs_the_same_queries_for_few_or_many_matches(
    client, car_makes, django_assert_max_num_queries
):
    sheet_event(1, crews([f"MARTIN {letters(i)}" for i in range(3)]))
    with django_assert_max_num_queries(6) as few:
        assert len(found(client, "martin")) == 3
    sheet_event(2, crews([f"MARTIN {letters(i)}" for i in range(3, 160)]))
    # The candidates, the people with a published result, their summaries, the events:
    # whatever the number of matches (the site's version and session reads aside).
    with django_assert_max_num_queries(len(few.captured_queries)):
        assert len(found(client, "martin")) == PEOPLE_LIMIT


def next_page(client, text: str, after: str | None = None) -> str | None:
    params = {"q": text} | ({"after": after} if after else {})
    html = client.get("/fr/search/", params).content.decode()
    link = re.search(r'<a href="\?([^"]+)" rel="next">', html)
    return link and dict(re.findall(r"([a-z]+)=([^&]+)", link[1].replace("&amp;", "&")))["after"]


def test_the_people_pages_follow_one_another_to_the_exact_answer(client, car_makes):
    # More matches than a page, some only in an unpublished event: page after page, the
    # next link walks the exact answer, every published match once, then stops.
    names = [f"MARTIN {letters(i)}" for i in range(2 * PEOPLE_LIMIT + 5)]
    sheet_event(1, crews(names[::2]))
    sheet_event(2, crews(names[1::2]), published=False)
    sheet_event(3, crews([f"MARTIN {letters(i)}" for i in range(1, 12, 2)]))
    from results.models import Person

    exact = [str(person) for person in Person.objects.published_matching(["martin"])]
    assert len(exact) > PEOPLE_LIMIT
    shown, after, pages = [], None, 0
    while pages < 5:  # bounded: a pager that loops fails here, it does not hang
        shown += found(client, "martin", **({"after": after} if after else {}))
        pages += 1
        after = next_page(client, "martin", after)
        if after is None:
            break
    assert shown == exact
    assert pages == -(-len(exact) // PEOPLE_LIMIT)


@pytest.mark.parametrize("after", ["", "0", "-3", "abc", "9" * 30, "١٢", "12.5"])
def test_an_after_that_names_nobody_gives_the_first_page(client, rally, after):
    response = client.get("/fr/search/", {"q": "dupont", "after": after})
    assert response.status_code == 200
    assert found(client, "dupont") == ["DUPONT Jean"]
    assert "DUPONT Jean" in response.content.decode()


def test_the_first_matches_are_the_exact_query_even_behind_many_unpublished_people(car_makes):
    from results.models import Person

    # 150 people who sort first are known only from an unpublished event: the first
    # candidates all fail, and the answer still is the first published ones.
    sheet_event(1, crews([f"MARTINA{letters(i)} Jean" for i in range(150)]), published=False)
    sheet_event(2, crews([f"MARTINB{letters(i)} Jean" for i in range(60)]))
    first = Person.objects.first_published_matching(["martin"], 50)
    exact = list(Person.objects.published_matching(["martin"])[:50])
    assert first == exact and len(first) == 50
    assert all(person.search_key.startswith("martinb") for person in first), first[:3]
    assert Person.objects.first_published_matching(["martinbc", "jean"], 50) == list(
        Person.objects.published_matching(["martinbc", "jean"])
    )
    assert Person.objects.first_published_matching([], 50) == []


def test_a_person_found_shows_their_results_count_and_latest_event(client, car_makes):
    sheet_event(1, crews(["DUPONT Jean"]))
    sheet_event(2, crews(["DUPONT Jean"]))
    sheet_event(3, crews(["DUPONT Jean"]), published=False)
    html = client.get("/fr/search/", {"q": "dupont"}).content.decode()
    summary = html.split('class="person-summary">', 1)[1].split("</span></li>", 1)[0]
    assert "2 résultats" in summary and "Ronde 2" in summary and "Ronde 3" not in summary


def test_events_are_found_on_their_stored_key_kept_by_every_save(client, car_makes):
    from results.models import Event

    event = sheet_event(1, crews(["DUPONT Jean"]))
    event.place = "Château-Chinon"
    event.save(update_fields=["place"])
    assert Event.objects.get(pk=event.pk).search_key == "ronde 1 chateau chinon"
    html = client.get("/fr/search/", {"q": "chinon"}).content.decode()
    assert "/fr/events/ronde-1/" in html
    event.name = "Rallye d'Épinal"
    event.save()
    assert "/fr/events/ronde-1/" in client.get("/fr/search/", {"q": "epinal"}).content.decode()
    assert "/fr/events/ronde-1/" not in client.get("/fr/search/", {"q": "ronde"}).content.decode()
    listed = client.get("/fr/events/", {"q": "rallye chat"}).content.decode()
    assert "/fr/events/ronde-1/" in listed


def test_events_made_in_bulk_and_before_the_key_existed_are_found(db):
    import datetime

    from django.apps import apps

    from results.models import Event

    Event.objects.bulk_create(
        [Event(name="Slalom de Dole", slug="dole", date=datetime.date(2024, 1, 1), published=True)]
    )
    assert list(Event.objects.matching(["dole"]).values_list("slug", flat=True)) == ["dole"]
    # As the migration found the events of an archive: no key yet; it fills them.
    Event.objects.update(search_key="")
    assert not Event.objects.matching(["dole"]).exists()
    fill_keys = importlib.import_module("results.migrations.0015_search_key").fill_keys
    fill_keys(apps, None)
    assert Event.objects.get(slug="dole").search_key == "slalom de dole"


def test_the_people_rows_are_the_templates_markup_escaped(car_makes, settings):
    from django.template import engines
    from django.utils import translation

    from results.models import Person
    from results.models.people import summarise
    from results.views.search import people_rows

    sheet_event(1, crews(["<b>DUPONT</b> Jean"]))
    sheet_event(2, crews(["<b>DUPONT</b> Jean", "MARTIN Paul"]))
    Person.objects.create(surname="SEUL", first_name=None, slug="seul", search_key="seul")
    people = summarise(list(Person.objects.order_by("pk")))
    template = engines["django"].from_string(
        "{% load i18n %}{% for person in people %}<li><a href=\"{% url 'results:person_detail' "
        'slug=person.slug %}">{{ person }}</a>\n      <span class="person-summary">'
        "{% blocktranslate count counter=person.results_count|default:0 %}{{ counter }} result"
        "{% plural %}{{ counter }} results{% endblocktranslate %}{% if person.last_event %} · "
        '{% translate "latest:" %} {{ person.last_event }}, <time datetime="'
        '{{ person.last_date|date:\'Y-m-d\' }}">{{ person.last_date|date:"SHORT_DATE_FORMAT" }}'
        "</time>{% endif %}{% if person.last_car %} · {{ person.last_car }}{% endif %}"
        "{% if person.last_club %} · {{ person.last_club }}{% endif %}</span></li>\n    "
        "{% endfor %}"
    )
    for language in ("fr", "en"):
        with translation.override(language):
            assert people_rows(people) == template.render({"people": people})
    assert "&lt;b&gt;DUPONT" in people_rows(people) and "<b>" not in people_rows(people)


def test_a_stale_flag_shows_nobody_unpublished_and_hides_nobody_published(client, car_makes):
    from results.models import Person
    from results.services.listing import _refresh_words

    # People known only from an unpublished event, flagged as published by an edit made
    # outside the write services (with their search words): they sort first.
    sheet_event(1, crews([f"MARTINA{letters(i)} Jean" for i in range(3)]), published=False)
    sheet_event(2, crews([f"MARTINB{letters(i)} Jean" for i in range(PEOPLE_LIMIT + 2)]))
    stale = Person.objects.filter(search_key__startswith="martina")
    stale.update(has_published_result=True)
    _refresh_words(list(stale.values_list("pk", flat=True)))
    exact = [str(person) for person in Person.objects.published_matching(["martin"])]
    assert found(client, "martin") == exact[:PEOPLE_LIMIT]
    assert not any(name.startswith("MARTINA") for name in found(client, "martin"))
    assert next_page(client, "martin") is not None


def test_a_word_typed_whole_and_the_longer_words_it_starts_merge_in_name_order(client, car_makes):
    from results.models import Person

    # JEAN (the word typed whole) and JEANNE, JEANNOT (longer words it starts), interleaved
    # by surname: each page is the exact answer's, in its order.
    firsts = ["Jean", "Jeanne", "Jean", "Jeannot"]
    sheet_event(1, crews([f"{letters(i)}ZZ {firsts[i % 4]}" for i in range(3 * PEOPLE_LIMIT)]))
    exact = list(Person.objects.published_matching(["jean"]))
    for limit in (1, 3, PEOPLE_LIMIT):
        assert Person.objects.first_published_matching(["jean"], limit) == exact[:limit]
    after = (exact[6].search_key, exact[6].pk)
    assert Person.objects.first_published_matching(["jean"], 5, after) == exact[7:12]
    assert found(client, "jean") == [str(person) for person in exact[:PEOPLE_LIMIT]]


def test_postgres_reads_a_words_people_from_its_index_in_name_order(db):
    definition = postgres_index("person_word_prefix", "a pattern index is a Postgres feature")
    assert "(word varchar_pattern_ops, order_key, person_id) INCLUDE (spelling)" in definition
