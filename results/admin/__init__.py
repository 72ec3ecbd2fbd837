"""The admin site, one module per aggregate."""

from django.contrib import admin
from django.utils.translation import gettext_lazy as _

from results.admin import auth, cars, championships, clubs, events, people

admin.site.site_header = "Podium"
admin.site.site_title = "Podium"
admin.site.index_title = _("Administration")

__all__ = ["auth", "cars", "championships", "clubs", "events", "people"]
