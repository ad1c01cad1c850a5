from django.http import HttpRequest, JsonResponse
from django.views.decorators.cache import never_cache
from django.views.decorators.http import require_GET

from compliance.health import health_report


@never_cache
@require_GET
def healthz(request: HttpRequest) -> JsonResponse:
    """200 when the database, the broker and storage all work; 503 naming what does not."""
    healthy, checks = health_report()
    return JsonResponse(
        {"status": "ok" if healthy else "unavailable", "checks": checks},
        status=200 if healthy else 503,
    )
