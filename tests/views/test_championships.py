import datetime

import pytest

from results.models import Championship, Event, Round


@pytest.mark.django_db
def test_the_championship_page_lists_its_rounds_in_order(client):
    championship = Championship.objects.create(
        name="Coupe Lozère", slug="coupe-lozere", season=2024
    )
    for order, name in ((2, "Rallye du Gévaudan"), (1, "Rallye de la Lozère")):
        event = Event.objects.create(
            name=name, slug=name.lower().replace(" ", "-"), date=datetime.date(2024, order, 1)
        )
        Round.objects.create(championship=championship, event=event, order=order)
    html = client.get("/championships/coupe-lozere/").content.decode()
    assert html.index("Rallye de la Lozère") < html.index("Rallye du Gévaudan")


@pytest.mark.django_db
def test_an_unknown_championship_is_a_404(client):
    assert client.get("/championships/nope/").status_code == 404
