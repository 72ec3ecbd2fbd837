"""URL modules, one per area: public pages, championships, staff uploads, staff name fixes."""
