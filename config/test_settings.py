"""Test settings: the real settings, made fast and deterministic."""

import os

# Tests run with nothing set: give the real settings a key before they check for one.
os.environ.setdefault("SECRET_KEY", "podium-tests-only-" + "k" * 40)

from config.settings import *  # noqa: F403
from config.settings import STORAGES

PASSWORD_HASHERS = ["django.contrib.auth.hashers.MD5PasswordHasher"]
CACHES = {"default": {"BACKEND": "django.core.cache.backends.locmem.LocMemCache"}}
STORAGES = {
    **STORAGES,
    "staticfiles": {"BACKEND": "django.contrib.staticfiles.storage.StaticFilesStorage"},
}
SECURE_SSL_REDIRECT = False
EMAIL_BACKEND = "django.core.mail.backends.locmem.EmailBackend"
# Serve static files from the finders: tests never run collectstatic.
WHITENOISE_AUTOREFRESH = True
WHITENOISE_USE_FINDERS = True
# Background jobs run within the request, through the same task and job code as the worker's;
# the tests that start a real worker (tests/worker.py) queue them in the database, and the
# worker they start reads this file with PODIUM_TEST_TASKS=database.
if os.environ.get("PODIUM_TEST_TASKS") != "database":
    TASKS = {"default": {"BACKEND": "django_tasks.backends.immediate.ImmediateBackend"}}
