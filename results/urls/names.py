"""Staff pages for fixing people's names: merge, split, suggestions, undo (under /admin/podium/)."""

app_name = "names"

urlpatterns: list = []
