"""Staff pages for organisers: upload, preview, confirm, history (under /admin/podium/)."""

app_name = "uploads"

urlpatterns: list = []
