"""The read-only JSON API under `/api/v1/` (Django REST framework, drf-spectacular).

Anonymous, read-only and published-only: every caller is treated as an anonymous visitor,
every answer has an ETag from the site's data version (`results.http.conditional`), lists
are cursor-paginated, and the reads are the models' named QuerySet methods, as for the pages.
"""
