from django.http import HttpRequest, HttpResponse
from django.views.decorators.http import require_GET


@require_GET
def healthz(request: HttpRequest) -> HttpResponse:
    """For the load balancer and the container healthcheck: answers without the database."""
    return HttpResponse("ok", content_type="text/plain")
