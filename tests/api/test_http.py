"""What every endpoint shares: ETags and 304s, CORS for reading, 405s, 429s, JSON errors,
the schema and the docs page."""

import json
import re

import pytest
from django.db import connection
from django.test.utils import CaptureQueriesContext
from drf_spectacular.validation import validate_schema

from tests.api.conftest import get_json
from tests.views.conftest import import_rows

pytestmark = pytest.mark.django_db

ENDPOINTS = [
    "/api/v1/",
    "/api/v1/events/",
    "/api/v1/events/rallye-des-tests-2024/",
    "/api/v1/events/rallye-des-tests-2024/classifications/general/",
    "/api/v1/people/",
    "/api/v1/people/?q=dupont",
    "/api/v1/people/jean-dupont/",
    "/api/v1/championships/",
    "/api/v1/championships/coupe-fc-2024/",
]


@pytest.mark.parametrize("url", ENDPOINTS)
def test_a_matching_etag_is_a_304_after_one_query(client, rally, url):
    first = client.get(url)
    assert first.status_code == 200
    etag = first["ETag"]
    with CaptureQueriesContext(connection) as queries:
        again = client.get(url, headers={"if-none-match": etag})
    assert again.status_code == 304 and again["ETag"] == etag
    assert len(queries) == 1
    assert again.content == b""


def test_a_write_changes_every_etag(client, rally):
    url = "/api/v1/events/rallye-des-tests-2024/classifications/general/"
    etag = client.get(url)["ETag"]
    import_rows(
        rally.classifications.get(), "| 1 | 1 | NOUVEAU Jean/AUTRE Paul | BMW M3 | A7 | 9:00,0 | |"
    )
    fresh = client.get(url, headers={"if-none-match": etag})
    assert fresh.status_code == 200 and fresh["ETag"] != etag
    assert [e["number"] for e in fresh.json()["results"]] == ["1"]


def test_the_etag_differs_by_query_string(client, rally):
    assert (
        client.get("/api/v1/events/")["ETag"] != client.get("/api/v1/events/?season=2024")["ETag"]
    )


def test_a_staff_session_changes_nothing(client, rally, hidden, superuser):
    anonymous = client.get("/api/v1/events/")
    client.force_login(superuser)
    staff = client.get("/api/v1/events/")
    assert staff.content == anonymous.content and staff["ETag"] == anonymous["ETag"]


def test_any_origin_may_read(client, rally):
    response = client.get("/api/v1/events/", headers={"origin": "https://club.example"})
    assert response["Access-Control-Allow-Origin"] == "*"
    assert "ETag" in response["Access-Control-Expose-Headers"]


def test_a_preflight_allows_reading_only(client, rally):
    response = client.options(
        "/api/v1/events/",
        headers={
            "origin": "https://club.example",
            "access-control-request-method": "GET",
            "access-control-request-headers": "if-none-match",
        },
    )
    assert response.status_code == 200
    assert response["Access-Control-Allow-Origin"] == "*"
    assert set(response["Access-Control-Allow-Methods"].split(", ")) == {"GET", "HEAD", "OPTIONS"}
    assert "if-none-match" in response["Access-Control-Allow-Headers"]


def test_the_site_pages_get_no_cors_headers(client, rally):
    response = client.get("/fr/events/", headers={"origin": "https://club.example"})
    assert "Access-Control-Allow-Origin" not in response


@pytest.mark.parametrize("method", ["post", "put", "patch", "delete"])
@pytest.mark.parametrize("url", ENDPOINTS)
def test_there_is_no_write_endpoint(client, rally, method, url):
    response = getattr(client, method)(url, data="{}", content_type="application/json")
    assert response.status_code == 405
    assert response.json()["error"]["code"] == "method_not_allowed"
    assert response["Allow"] == "GET, HEAD, OPTIONS"


def test_too_many_requests_from_one_address_are_a_429_saying_when_to_retry(client, rally, settings):
    settings.PODIUM_API_RATE = "3/minute"
    for _ in range(3):
        assert client.get("/api/v1/events/").status_code == 200
    response = client.get("/api/v1/events/")
    assert response.status_code == 429
    body = response.json()["error"]
    assert (body["status"], body["code"]) == (429, "throttled")
    assert "Request was throttled" in body["detail"]
    assert 0 < int(response["Retry-After"]) <= 60
    # Another address has its own count.
    assert client.get("/api/v1/events/", REMOTE_ADDR="10.0.0.9").status_code == 200


def test_behind_the_proxy_the_address_it_appended_is_the_one_counted(client, rally, settings):
    settings.PODIUM_API_RATE = "2/minute"
    for spoofed in ("1.1.1.1", "2.2.2.2"):
        client.get("/api/v1/", headers={"x-forwarded-for": f"{spoofed}, 203.0.113.5"})
    response = client.get("/api/v1/", headers={"x-forwarded-for": "3.3.3.3, 203.0.113.5"})
    assert response.status_code == 429


@pytest.mark.parametrize(
    "url",
    [
        "/api/v1/nothing/",
        "/api/v1/events/no-such-event/",
        "/api/v1/people/nobody/",
        "/api/v1/championships/none/",
        "/api/v1/events/a/b/c/",
    ],
)
def test_a_missing_resource_is_a_json_404(client, rally, url):
    response, body = get_json(client, url)
    assert response.status_code == 404
    assert body["error"]["status"] == 404 and body["error"]["code"] == "not_found"


def test_errors_are_in_english_whatever_the_browser_asks(client, rally):
    response = client.get("/api/v1/events/?season=x", headers={"accept-language": "fr"})
    assert response.json()["error"]["detail"] == {"season": ["Enter a whole number."]}


def test_the_schema_is_valid_openapi_naming_every_endpoint(client):
    response = client.get("/api/v1/schema/?format=json")
    assert response.status_code == 200
    schema = json.loads(response.content)
    validate_schema(schema)
    assert set(schema["paths"]) == {
        "/api/v1/",
        "/api/v1/events/",
        "/api/v1/events/{slug}/",
        "/api/v1/events/{event_slug}/classifications/{slug}/",
        "/api/v1/people/",
        "/api/v1/people/{slug}/",
        "/api/v1/championships/",
        "/api/v1/championships/{slug}/",
    }
    for path in schema["paths"].values():
        assert set(path) == {"get"}
    entry = schema["components"]["schemas"]["Entry"]["properties"]
    assert {"time_ms", "time_text", "gap_text", "class", "crew", "car", "status"} <= set(entry)


def test_the_docs_page_runs_under_the_sites_csp(client, settings):
    settings.DEBUG = False
    response = client.get("/api/v1/docs/")
    assert response.status_code == 200
    html = response.content.decode()
    policy = response["Content-Security-Policy"]
    assert "script-src 'self'" in policy and "style-src 'self'" in policy
    # No inline script or style, and every script and stylesheet from this site.
    assert not re.search(r"<script(?![^>]*\bsrc=)[^>]*>", html)
    assert "<style" not in html and " style=" not in html
    sources = re.findall(r'(?:src|href)="([^"]+)"', html)
    assert sources and all(src.startswith("/") for src in sources)
    for src in sources:
        assert client.get(src).status_code == 200, src
    script = client.get("/api/v1/docs/?script=")
    assert script["Content-Type"].startswith("application/javascript")
    assert b"/api/v1/schema/" in script.content


def test_head_answers_as_get_does_and_every_answer_speaks_english(client, rally):
    got = client.get("/api/v1/events/", headers={"accept-language": "fr"})
    head = client.head("/api/v1/events/", headers={"accept-language": "fr"})
    assert head.status_code == 200 and head["ETag"] == got["ETag"]
    assert got["Content-Language"] == "en"
    error = client.get("/api/v1/events/?season=x", headers={"accept-language": "fr"})
    assert error["Content-Language"] == "en"


def conforms(schema: dict, node: dict, value, where: str = "$") -> None:
    """`value` has exactly the keys `node` (an OpenAPI schema) declares, all the way down."""
    if "$ref" in node:
        node = schema["components"]["schemas"][node["$ref"].rsplit("/", 1)[-1]]
    if value is None:
        assert node.get("nullable"), f"{where} is null"
    elif node.get("type") == "array":
        assert isinstance(value, list), where
        for index, item in enumerate(value):
            conforms(schema, node["items"], item, f"{where}[{index}]")
    elif "properties" in node:
        assert set(value) == set(node["properties"]), where
        for key, item in value.items():
            conforms(schema, node["properties"][key], item, f"{where}.{key}")


@pytest.mark.parametrize("url", ENDPOINTS[1:])
def test_every_answer_is_what_the_schema_says(client, rally, url):
    schema = json.loads(client.get("/api/v1/schema/?format=json").content)
    path = url.split("?")[0]
    [matched] = [
        pattern
        for pattern in schema["paths"]
        if re.fullmatch(re.sub(r"\{[^}]+\}", "[^/]+", pattern), path)
    ]
    declared = schema["paths"][matched]["get"]["responses"]["200"]["content"]
    conforms(schema, declared["application/json"]["schema"], client.get(url).json())


def test_a_cache_that_stops_answering_lets_requests_through(client, rally, settings):
    settings.PODIUM_API_RATE = "1/minute"
    settings.CACHES = {
        "default": {
            "BACKEND": "django.core.cache.backends.redis.RedisCache",
            "LOCATION": "redis://127.0.0.1:1/0",
            "OPTIONS": {"socket_connect_timeout": 0.1, "socket_timeout": 0.1},
        }
    }
    from django.core.cache import caches

    assert "Redis" in type(caches["default"]).__name__
    assert [client.get("/api/v1/events/").status_code for _ in range(3)] == [200] * 3


def test_the_api_counts_in_the_sites_one_rate_limit_store(client, rally, settings):
    """The API's throttle is `results.ratelimit`, as the sign-in and render limits are: the
    same keys in the same cache, so one Redis (and one behaviour when it is down) for all."""
    from results import ratelimit

    settings.PODIUM_API_RATE = "5/hour"
    for _ in range(3):
        client.get("/api/v1/events/")
    assert ratelimit.count("api", "127.0.0.1") == 3
    assert ratelimit.count("api", "10.0.0.9") == 0
    # Its Retry-After is what is left of the window, not the whole of it.
    ratelimit.hit("api", "127.0.0.1", ratelimit.Rate(5, 3600))
    ratelimit.hit("api", "127.0.0.1", ratelimit.Rate(5, 3600))
    response = client.get("/api/v1/events/")
    assert response.status_code == 429
    assert 3590 <= int(response["Retry-After"]) <= 3600
