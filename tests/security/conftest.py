"""The public pages' fixtures: the rally with every kind of entry, and its page."""

from tests.views.conftest import event_url, rally  # noqa: F401
