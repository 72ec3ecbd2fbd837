"""The admin site, one module per aggregate."""

from django.contrib import admin

from results.admin import cars, championships, clubs, events, people

admin.site.site_header = "Podium"
admin.site.site_title = "Podium"
admin.site.index_title = "Administration"

__all__ = ["cars", "championships", "clubs", "events", "people"]
