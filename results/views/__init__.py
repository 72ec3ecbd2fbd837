"""Views: public pages (events, people, championships), staff pages (uploads, names), health."""
