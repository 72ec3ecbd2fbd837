from results.models import Event


def test_the_home_page_lists_the_events_in_a_real_browser(page, live_server, db, artifacts):
    Event.objects.create(
        name="Rallye de la Lozère", slug="rallye-lozere", date="2024-05-12", published=True
    )
    page.goto(live_server.url + "/")
    assert "Rallye de la Lozère" in page.inner_text("body")
    page.screenshot(path=str(artifacts / "home.png"))
