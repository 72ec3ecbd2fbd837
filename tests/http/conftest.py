"""The pages the HTTP tests cache and revalidate are the views' own: their fixtures too."""

from tests.views.conftest import event_url, rally

__all__ = ["event_url", "rally"]
