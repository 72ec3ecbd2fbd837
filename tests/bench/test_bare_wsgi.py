"""The load test's ceiling answers the cached page's own response: its headers, in order."""

from __future__ import annotations

from bench.bare_wsgi import page_headers

SAVED = (
    "HTTP/1.1 301 Moved Permanently\r\nLocation: /fr/events/x/\r\n\r\n"
    "HTTP/1.1 200 OK\r\n"
    "Server: gunicorn\r\n"
    "Date: Thu, 03 Dec 2026 00:00:00 GMT\r\n"
    "Connection: close\r\n"
    "Content-Type: text/html; charset=utf-8\r\n"
    "Content-Length: 999\r\n"
    'ETag: "v12"\r\n'
    "Content-Security-Policy: default-src 'self'\r\n"
    "\r\n"
)


def test_the_last_response_s_headers_are_kept_in_order_less_gunicorn_s_own():
    assert page_headers(SAVED, b"<p>page</p>") == [
        ("Content-Type", "text/html; charset=utf-8"),
        ("Content-Length", "11"),
        ("ETag", '"v12"'),
        ("Content-Security-Policy", "default-src 'self'"),
    ]


def test_without_saved_headers_the_body_gets_a_type_and_its_length():
    assert page_headers("", b"abc") == [
        ("Content-Type", "text/html; charset=utf-8"),
        ("Content-Length", "3"),
    ]
