"""The admin site, one module per aggregate."""

from results.admin import cars, championships, events, people

__all__ = ["cars", "championships", "events", "people"]
