"""Writes: importing sheets, the data version. Reads live in the models' QuerySets."""
