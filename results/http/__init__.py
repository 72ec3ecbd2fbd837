"""HTTP infrastructure apart from the pages: conditional GET, the page cache and its WSGI front.

`version` reads the site's data version (through the database driver, once per request);
`conditional` makes ETags from it; `copies` names the stored copies of public pages (reading
the request's host and scheme as Django does) and keeps them; `caching` is the middleware that
stores and serves them, with the `shared_page` decorator the views mark their pages with;
`cache_front` wraps the WSGI application to serve them before Django's handler runs, trusting
the version it read for a bounded time (`version_memo`), and `revalidation` answers its
`If-None-Match` as Django would. `renders` limits, per client address, the public pages built
rather than served from a copy; `throttle` the sign-ins and password resets; `idle` ends idle
sessions.
"""
