"""Staff pages for organisers: upload, preview, confirm, history (under /admin/podium/uploads/).

Every view is wrapped in `admin.site.admin_view` (login, staff) and checks the upload
permission and the event's club (403 otherwise).
"""

from results.views.uploads.decisions import decisions, retire
from results.views.uploads.history import download_source, history, reapply_import
from results.views.uploads.jobs import job
from results.views.uploads.preview import (
    cancel,
    confirm_import,
    fix_cell,
    preview,
    reparse_import,
)
from results.views.uploads.revisions import compare, official
from results.views.uploads.scope import rescope_import
from results.views.uploads.upload import upload

__all__ = [
    "cancel",
    "compare",
    "confirm_import",
    "decisions",
    "download_source",
    "fix_cell",
    "history",
    "job",
    "official",
    "preview",
    "reapply_import",
    "reparse_import",
    "rescope_import",
    "retire",
    "upload",
]
