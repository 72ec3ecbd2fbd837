"""The admin site, one module per aggregate."""

from django.contrib import admin
from django.utils.translation import gettext_lazy as _
from django_tasks_db.models import DBTaskResult

from results.admin import auth, cars, championships, clubs, events, people

# The job runner's queue is internal (its jobs are shown, in words, on the upload pages):
# not in the admin, where its English-only pages would invite editing it by hand.
if admin.site.is_registered(DBTaskResult):
    admin.site.unregister(DBTaskResult)

admin.site.site_header = "Podium"
admin.site.site_title = "Podium"
admin.site.index_title = _("Administration")

__all__ = ["auth", "cars", "championships", "clubs", "events", "people"]
