import gc
import os

from django.core.wsgi import get_wsgi_application

os.environ.setdefault("DJANGO_SETTINGS_MODULE", "config.settings")
django_application = get_wsgi_application()

from results.http.cache_front import PageCacheFront  # noqa: E402 (needs Django set up)

# Stored public pages are served before Django's handler runs (see results.http.cache_front).
application = PageCacheFront(django_application)

# Everything loaded so far lives as long as the process: moved out of the garbage
# collector's sight, it is never traversed again by a collection.
gc.freeze()
