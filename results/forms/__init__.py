"""Forms of the staff pages."""
