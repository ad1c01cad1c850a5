from django.http import HttpRequest, JsonResponse
from django.views.decorators.cache import never_cache
from django.views.decorators.http import require_GET
from django.views.defaults import page_not_found

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


def not_found(request: HttpRequest, exception=None):
    """404: JSON under /api/ (the ApiError shape), the HTML page elsewhere."""
    if request.path.startswith("/api/"):
        return JsonResponse({"message": "no such endpoint or record", "field": None}, status=404)
    return page_not_found(request, exception)


def rate_limited(request: HttpRequest, exception=None):
    """429 for a page over its rate (django-ratelimit's ``RATELIMIT_VIEW``)."""
    from django.shortcuts import render

    response = render(
        request,
        "rate_limited.html",
        {"message": "too many requests from this address: wait a minute and try again"},
        status=429,
    )
    response["Retry-After"] = "60"
    return response
