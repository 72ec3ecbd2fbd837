"""Staff pages never answer 500 to junk in a query string or a form."""

import pytest

pytestmark = pytest.mark.django_db

JUNK = ["²", "1²", "١٢", "-1", "99999999999999999999999", "%00", "\x00", "1,²", "<b>", ""]
PAGES = [
    "/admin/podium/uploads/?event={}",
    "/admin/podium/names/merge/?ids={}",
    "/admin/podium/names/merge/?ids=1,{}",
    "/admin/podium/names/suggestions/?page={}",
]


@pytest.mark.parametrize("page", PAGES)
@pytest.mark.parametrize("value", JUNK)
def test_staff_pages_survive_junk_query_strings(client, superuser, page, value):
    client.force_login(superuser)
    response = client.get(page.format(value))
    assert response.status_code < 500


@pytest.mark.parametrize("value", JUNK)
def test_staff_forms_survive_junk_ids(client, superuser, classification, value):
    client.force_login(superuser)
    for url, data in [
        ("/admin/podium/names/suggestions/merge/", {"keep": value, "drop": value}),
        ("/admin/podium/names/suggestions/not-same/", {"a": value, "b": value}),
        ("/admin/podium/names/merge/", {"ids": value, "keep": value}),
    ]:
        assert client.post(url, data).status_code < 500
