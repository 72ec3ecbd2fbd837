"""The API's docs page in a real browser, under the site's Content Security Policy."""


def test_the_api_docs_page_lists_every_endpoint_and_breaks_no_csp_rule(
    page, live_server, db, artifacts
):
    messages: list[str] = []
    page.on("console", lambda message: messages.append(message.text))
    page.on("pageerror", lambda error: messages.append(str(error)))
    response = page.goto(live_server.url + "/api/v1/docs/")
    assert "script-src 'self'" in response.headers["content-security-policy"]
    page.wait_for_selector(".opblock-summary-path")
    paths = page.locator(".opblock-summary-path").all_inner_texts()
    assert "/api/v1/events/{event_slug}/classifications/{slug}/" in paths
    assert len(paths) == 8
    page.screenshot(path=str(artifacts / "api-docs.png"))
    assert not [m for m in messages if "Content Security Policy" in m], messages
