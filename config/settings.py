"""Podium settings. Every deployment knob comes from the environment (see .env.example)."""

from pathlib import Path

from csp.constants import NONE, SELF
from django.core.exceptions import ImproperlyConfigured

from config.env import (
    env_bool,
    env_choice,
    env_database,
    env_int,
    env_list,
    env_rate,
    env_str,
)

BASE_DIR = Path(__file__).resolve().parent.parent

DEBUG = env_bool("DEBUG", False)

_INSECURE_KEY = "django-insecure-podium-development-key-never-use-in-production"
SECRET_KEY = env_str("SECRET_KEY") or (_INSECURE_KEY if DEBUG else "")
if not DEBUG and not SECRET_KEY:
    # Sessions and password resets are signed with it: production never runs on a known key.
    raise ImproperlyConfigured(
        "SECRET_KEY is not set: give it at least 50 random characters, "
        "or set DEBUG=1 for development"
    )
if not DEBUG and SECRET_KEY.startswith("django-insecure"):
    raise ImproperlyConfigured("SECRET_KEY is a development key; production needs its own")
# 50, as Django's deploy check asks (security.W009): one number for the error, the check
# and the docs.
if len(SECRET_KEY) < 50:
    raise ImproperlyConfigured("SECRET_KEY must be at least 50 characters long")
# A long key of few characters (`aaaa…`, `abab…`) is long, not random: a generated key
# (`secrets.token_urlsafe(50)`, or even 64 hex digits) holds far more than this many.
SECRET_KEY_MIN_DISTINCT = 10
if len(set(SECRET_KEY)) < SECRET_KEY_MIN_DISTINCT:
    raise ImproperlyConfigured(
        f"SECRET_KEY has fewer than {SECRET_KEY_MIN_DISTINCT} different characters: "
        "generate a random one"
    )

ALLOWED_HOSTS = env_list("ALLOWED_HOSTS", ["127.0.0.1", "localhost", "testserver"])
CSRF_TRUSTED_ORIGINS = env_list("CSRF_TRUSTED_ORIGINS", [])
for _origin in CSRF_TRUSTED_ORIGINS:
    if "://" not in _origin:
        raise ImproperlyConfigured(
            f"CSRF_TRUSTED_ORIGINS entries need a scheme (https://example.org); got {_origin!r}"
        )

INSTALLED_APPS = [
    "django.contrib.admin",
    "django.contrib.auth",
    "django.contrib.contenttypes",
    "django.contrib.sessions",
    "django.contrib.messages",
    "django.contrib.staticfiles",
    "django_tables2",
    "rest_framework",
    "drf_spectacular",
    "drf_spectacular_sidecar",
    "corsheaders",
    "django_tasks",
    "django_tasks_db",
    "results",
]

MIDDLEWARE = [
    # First: a stored public page is served without the rest of the stack (see its checks).
    "results.http.caching.PageCacheMiddleware",
    "django.middleware.security.SecurityMiddleware",
    "whitenoise.middleware.WhiteNoiseMiddleware",
    # The API (`/api/`) is open to every origin, for reading only (see CORS_* below).
    "corsheaders.middleware.CorsMiddleware",
    "django.contrib.sessions.middleware.SessionMiddleware",
    "django.middleware.locale.LocaleMiddleware",
    "django.middleware.common.CommonMiddleware",
    # Before CSRF, which reads the body first: an oversize body is refused from its declared
    # size (PODIUM_MAX_BODY_KB, PODIUM_MAX_UPLOAD_MB on the upload pages), and an oversize
    # paste gets a page, not a bare 400.
    "results.middleware.RequestTooBigMiddleware",
    "django.middleware.csrf.CsrfViewMiddleware",
    "django.contrib.auth.middleware.AuthenticationMiddleware",
    # Public pages built for one client address (not served from a copy): PODIUM_RENDER_RATE.
    "results.http.renders.RenderThrottleMiddleware",
    # Sign-in and password-reset attempts per account and client address (see PODIUM_LOGIN_*).
    "results.http.throttle.SignInThrottleMiddleware",
    "results.http.idle.IdleSessionMiddleware",
    "django.contrib.messages.middleware.MessageMiddleware",
    "django.middleware.clickjacking.XFrameOptionsMiddleware",
    "csp.middleware.CSPMiddleware",
]

ROOT_URLCONF = "config.urls"

TEMPLATES = [
    {
        "BACKEND": "django.template.backends.django.DjangoTemplates",
        "DIRS": [BASE_DIR / "templates"],
        "APP_DIRS": True,
        "OPTIONS": {
            "context_processors": [
                "django.template.context_processors.request",
                "django.template.context_processors.i18n",
                "django.contrib.auth.context_processors.auth",
                "django.contrib.messages.context_processors.messages",
            ],
        },
    },
]

WSGI_APPLICATION = "config.wsgi.application"

DATABASES = {"default": env_database("DATABASE_URL", sqlite_path=BASE_DIR / "db.sqlite3")}

# One shared Redis for every web worker in production; each process's own memory otherwise.
# Page keys include the data version stored in the database, so neither serves a stale page.
REDIS_URL = env_str("REDIS_URL")
CACHES = {
    "default": (
        {
            "BACKEND": "django.core.cache.backends.redis.RedisCache",
            "LOCATION": REDIS_URL,
            # Sites sharing one Redis keep apart by their prefix.
            "KEY_PREFIX": env_str("CACHE_KEY_PREFIX", "podium"),
            # A Redis that stops answering costs a page a fraction of a second, not a worker.
            "OPTIONS": {"socket_connect_timeout": 0.2, "socket_timeout": 0.2},
        }
        if REDIS_URL
        else {
            "BACKEND": "django.core.cache.backends.locmem.LocMemCache",
            "OPTIONS": {"MAX_ENTRIES": 2000},
        }
    )
}
# How long a rendered standings, person or championship page is kept; 0 turns the cache off.
PODIUM_PAGE_CACHE_SECONDS = env_int("PODIUM_PAGE_CACHE_SECONDS", 86400)
# What this deployment is (a commit, say): part of every page's cache key and ETag. Unset, a
# digest of the code, templates, translations and static files stands for it.
PODIUM_RELEASE = env_str("PODIUM_RELEASE")
# How long the page cache's front trusts the data version it read last (results/http/
# version_memo.py): another process's write is seen within this many milliseconds; 0 reads it
# on every hit.
PODIUM_VERSION_TRUST_MS = env_int("PODIUM_VERSION_TRUST_MS", 250)
# Each worker's own copies of the pages it served last, in front of the shared cache.
PODIUM_PAGE_CACHE_LOCAL_MB = env_int("PODIUM_PAGE_CACHE_LOCAL_MB", 32)

# The read API (`/api/v1/`, `results/api/`): JSON only, anonymous only, read only.
REST_FRAMEWORK = {
    "DEFAULT_RENDERER_CLASSES": ["rest_framework.renderers.JSONRenderer"],
    "DEFAULT_PARSER_CLASSES": [],
    # Every caller is anonymous: a staff session never shows the API an unpublished event.
    "DEFAULT_AUTHENTICATION_CLASSES": [],
    "DEFAULT_PERMISSION_CLASSES": [],
    "UNAUTHENTICATED_USER": "django.contrib.auth.models.AnonymousUser",
    "DEFAULT_THROTTLE_CLASSES": ["results.api.throttling.AddressThrottle"],
    "DEFAULT_SCHEMA_CLASS": "drf_spectacular.openapi.AutoSchema",
    "EXCEPTION_HANDLER": "results.api.errors.exception_handler",
    # The client address is the last one the proxy in front appended to X-Forwarded-For
    # (`PODIUM_PROXIES=0` without a proxy: the connection's address).
    "NUM_PROXIES": env_int("PODIUM_PROXIES", 1),
}
# Rates per client address, `<n>/<second|minute|hour|day>`, both counted by
# `results.ratelimit` in the cache: API requests, and the public pages' renders (a request
# the page cache could not answer from a stored copy; copies are never limited).
PODIUM_API_RATE = env_rate("PODIUM_API_RATE", "120/minute")
PODIUM_RENDER_RATE = env_rate("PODIUM_RENDER_RATE", "120/minute")
SPECTACULAR_SETTINGS = {
    "TITLE": "Podium API",
    "DESCRIPTION": "Club-motorsport results: events, classifications, people, championships.",
    "VERSION": "1",
    "SERVE_INCLUDE_SCHEMA": False,
    # Swagger UI's files are static files of this site: the CSP allows no other origin.
    "SWAGGER_UI_DIST": "SIDECAR",
    "SWAGGER_UI_FAVICON_HREF": "SIDECAR",
    "REDOC_DIST": "SIDECAR",
}
CORS_URLS_REGEX = r"^/api/"
CORS_ALLOW_ALL_ORIGINS = True
CORS_ALLOW_METHODS = ("GET", "HEAD", "OPTIONS")
CORS_ALLOW_HEADERS = ("accept", "if-none-match", "origin", "user-agent")
CORS_EXPOSE_HEADERS = ("ETag", "Retry-After")
CORS_PREFLIGHT_MAX_AGE = 86400

AUTH_PASSWORD_VALIDATORS = [
    {"NAME": "django.contrib.auth.password_validation.UserAttributeSimilarityValidator"},
    # 12 characters at least (OWASP ASVS level 2, 2.1.1).
    {
        "NAME": "django.contrib.auth.password_validation.MinimumLengthValidator",
        "OPTIONS": {"min_length": 12},
    },
    {"NAME": "django.contrib.auth.password_validation.CommonPasswordValidator"},
    {"NAME": "django.contrib.auth.password_validation.NumericPasswordValidator"},
]

LANGUAGE_CODE = "fr"
LANGUAGES = [("fr", "Français"), ("en", "English")]
LOCALE_PATHS = [BASE_DIR / "locale"]
# English dates as `15 Jun 2024`, not the American `06/15/2024` (config/formats/en).
FORMAT_MODULE_PATH = ["config.formats"]
TIME_ZONE = "Europe/Paris"
USE_I18N = True
USE_TZ = True

STATIC_URL = "static/"
STATIC_ROOT = BASE_DIR / "staticfiles"
STATICFILES_DIRS = [BASE_DIR / "static"]
STORAGES = {
    "default": {"BACKEND": "django.core.files.storage.FileSystemStorage"},
    "staticfiles": {
        "BACKEND": (
            "django.contrib.staticfiles.storage.StaticFilesStorage"
            if DEBUG
            else "whitenoise.storage.CompressedManifestStaticFilesStorage"
        )
    },
}

DEFAULT_AUTO_FIELD = "django.db.models.BigAutoField"

DJANGO_TABLES2_TEMPLATE = "django_tables2/bootstrap4-responsive.html"

# Uploads: the form enforces PODIUM_MAX_UPLOAD_MB for files and pastes alike; Django's own
# request limit sits above it so an oversize paste reaches the form's friendly error.
PODIUM_MAX_UPLOAD_MB = env_int("PODIUM_MAX_UPLOAD_MB", 5, minimum=1)
DATA_UPLOAD_MAX_MEMORY_SIZE = (PODIUM_MAX_UPLOAD_MB + 1) * 1024 * 1024
FILE_UPLOAD_MAX_MEMORY_SIZE = DATA_UPLOAD_MAX_MEMORY_SIZE
# Every other path refuses a body declared larger than this (413), before anything reads it.
PODIUM_MAX_BODY_KB = env_int("PODIUM_MAX_BODY_KB", 64, minimum=1)
# Previews nobody confirmed are deleted by `manage.py purge_previews` after this many hours.
PODIUM_PREVIEW_MAX_AGE_HOURS = env_int("PODIUM_PREVIEW_MAX_AGE_HOURS", 72, minimum=1)

# Background imports (results/services/jobs.py): a sheet over PODIUM_BACKGROUND_UPLOAD_KB is
# read, and a preview of more than PODIUM_BACKGROUND_CONFIRM_ROWS results applied, by the
# worker (`manage.py import_worker`, its queue in the database) while the page shows progress;
# smaller ones are read and applied within the request, as they take well under a second.
PODIUM_BACKGROUND_UPLOAD_KB = env_int("PODIUM_BACKGROUND_UPLOAD_KB", 256)
PODIUM_BACKGROUND_CONFIRM_ROWS = env_int("PODIUM_BACKGROUND_CONFIRM_ROWS", 2000)
#: Rows of the preview page, doubts first.
PODIUM_PREVIEW_ROWS_PER_PAGE = env_int("PODIUM_PREVIEW_ROWS_PER_PAGE", 200, minimum=10)
TASKS = {"default": {"BACKEND": "django_tasks_db.DatabaseBackend", "QUEUES": ["default"]}}
#: A job whose worker has not said it is alive for this long is run again by the next worker
#: to start (a worker stopped mid-job: its transaction was rolled back).
PODIUM_JOB_STALE_SECONDS = env_int("PODIUM_JOB_STALE_SECONDS", 120)

# E-mail (password resets): printed on the console unless an SMTP host is given.
EMAIL_HOST = env_str("EMAIL_HOST")
EMAIL_BACKEND = (
    "django.core.mail.backends.smtp.EmailBackend"
    if EMAIL_HOST
    else "django.core.mail.backends.console.EmailBackend"
)
EMAIL_PORT = env_int("EMAIL_PORT", 587, minimum=1)
EMAIL_HOST_USER = env_str("EMAIL_HOST_USER")
EMAIL_HOST_PASSWORD = env_str("EMAIL_HOST_PASSWORD")
EMAIL_USE_TLS = env_bool("EMAIL_USE_TLS", True)
EMAIL_TIMEOUT = env_int("EMAIL_TIMEOUT", 10, minimum=1)
DEFAULT_FROM_EMAIL = env_str("DEFAULT_FROM_EMAIL", "Podium <podium@localhost>")
SERVER_EMAIL = DEFAULT_FROM_EMAIL
# Staff sign in through the admin; the password reset pages link back to it.
LOGIN_URL = "admin:login"
# Failed sign-ins allowed per account in PODIUM_LOGIN_LOCK_MINUTES (three times as many per
# client address); past them every attempt gets a 429 until the window ends.
PODIUM_LOGIN_FAILURES = env_int("PODIUM_LOGIN_FAILURES", 10, minimum=1)
PODIUM_LOGIN_LOCK_MINUTES = env_int("PODIUM_LOGIN_LOCK_MINUTES", 15, minimum=1)
# Password-reset requests per e-mail address in an hour (four times as many per client).
PODIUM_PASSWORD_RESETS_PER_HOUR = env_int("PODIUM_PASSWORD_RESETS_PER_HOUR", 5, minimum=1)
# A session idle this long ends (results.http.idle): staff sign in again. Whatever the
# activity, a session ends PODIUM_SESSION_MAX_HOURS after sign-in.
PODIUM_SESSION_IDLE_MINUTES = env_int("PODIUM_SESSION_IDLE_MINUTES", 60, minimum=1)
SESSION_COOKIE_AGE = env_int("PODIUM_SESSION_MAX_HOURS", 12, minimum=1) * 3600
# Who gets a mail for every server error (500): comma-separated addresses; unset, nobody.
ADMINS = [("Podium admin", address) for address in env_list("ADMINS", [])]
for _name, _address in ADMINS:
    if "@" not in _address:
        raise ImproperlyConfigured(f"ADMINS must list e-mail addresses; got {_address!r}")

# Behind a TLS-terminating proxy.
SECURE_PROXY_SSL_HEADER = ("HTTP_X_FORWARDED_PROTO", "https")
SECURE_CONTENT_TYPE_NOSNIFF = True
SECURE_REFERRER_POLICY = "same-origin"
X_FRAME_OPTIONS = "DENY"
if not DEBUG:
    SECURE_SSL_REDIRECT = env_bool("SECURE_SSL_REDIRECT", True)
    SECURE_HSTS_SECONDS = env_int("SECURE_HSTS_SECONDS", 31536000)
    SECURE_HSTS_INCLUDE_SUBDOMAINS = True
    SECURE_HSTS_PRELOAD = True
    SESSION_COOKIE_SECURE = True
    CSRF_COOKIE_SECURE = True
SECURE_REDIRECT_EXEMPT = [r"^healthz$"]

# No inline script or style anywhere: every script and stylesheet is a static file.
CONTENT_SECURITY_POLICY = {
    "DIRECTIVES": {
        "default-src": [SELF],
        "script-src": [SELF],
        "style-src": [SELF],
        "img-src": [SELF, "data:"],
        "font-src": [SELF],
        "connect-src": [SELF],
        "object-src": [NONE],
        "base-uri": [SELF],
        "form-action": [SELF],
        "frame-ancestors": [NONE],
        **({"report-uri": [env_str("CSP_REPORT_URI")]} if env_str("CSP_REPORT_URI") else {}),
    }
}
if env_bool("CSP_REPORT_ONLY", False):
    # Trying a policy out: browsers report what it would block and block nothing.
    CONTENT_SECURITY_POLICY_REPORT_ONLY = CONTENT_SECURITY_POLICY
    CONTENT_SECURITY_POLICY = {}

LOGGING = {
    "version": 1,
    "disable_existing_loggers": False,
    "handlers": {"console": {"class": "logging.StreamHandler"}},
    "root": {
        "handlers": ["console"],
        "level": env_choice("LOG_LEVEL", "INFO", ["DEBUG", "INFO", "WARNING", "ERROR", "CRITICAL"]),
    },
}
