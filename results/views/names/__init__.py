"""Staff pages for fixing names (under /admin/podium/names/): merge, split, anonymise, undo,
duplicate suggestions, car merges.

Every view is wrapped in `admin.site.admin_view` (login, staff) and checks the
`results.fix_names` permission (403 otherwise). GET only shows; every change is a POST.
"""

from results.views.names.cars import merge_cars_view
from results.views.names.people import anonymise, merge, split, undo
from results.views.names.suggestions import merge_pair, not_same, suggestions

__all__ = [
    "anonymise",
    "merge",
    "merge_cars_view",
    "merge_pair",
    "not_same",
    "split",
    "suggestions",
    "undo",
]
