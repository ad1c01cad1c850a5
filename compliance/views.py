from functools import wraps

from django.conf import settings
from django.http import HttpRequest, JsonResponse
from django.views import defaults
from django.views.decorators.cache import never_cache
from django.views.decorators.http import require_GET

from compliance.client_address import client_ip
from compliance.health import health_report
from compliance.rates import Rate, rate_hit


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
    if _api(request):
        return JsonResponse({"message": "no such endpoint or record", "field": None}, status=404)
    return defaults.page_not_found(request, exception)


def bad_request(request: HttpRequest, exception=None):
    """400 (a request Django refuses before any view: a host not served, a malformed body)."""
    if _api(request):
        return JsonResponse({"message": "the request is malformed", "field": None}, status=400)
    return defaults.bad_request(request, exception)


def permission_denied(request: HttpRequest, exception=None):
    if _api(request):
        return JsonResponse({"message": "you may not do this", "field": None}, status=403)
    return defaults.permission_denied(request, exception)


def server_error(request: HttpRequest):
    """500: JSON under /api/ in production too; the error itself is in the log, with the
    request id the answer carries."""
    if _api(request):
        message = "the server failed to answer: the error is logged; try again or report it"
        return JsonResponse({"message": message, "field": None}, status=500)
    return defaults.server_error(request)


def _api(request: HttpRequest) -> bool:
    return request.path.startswith("/api/")


def limited_per_address(rate_setting: str, methods=("POST",)):
    """A page's requests (of ``methods``) per client address within the rate the setting
    names (``"30/m"``), counted by :mod:`compliance.rates`; past it, :func:`rate_limited`."""

    def decorate(view):
        @wraps(view)
        def limited(request, *args, **kwargs):
            if request.method in methods:
                rate = Rate.parse(getattr(settings, rate_setting))
                verdict = rate_hit(f"page:{view.__name__}:{client_ip(request)}", rate)
                if not verdict.allowed:
                    return rate_limited(request, retry_after=verdict.retry_after)
            return view(request, *args, **kwargs)

        return limited

    return decorate


def rate_limited(request: HttpRequest, exception=None, retry_after: int = 60):
    """429 for a page over its rate, saying when to try again."""
    from django.shortcuts import render

    minutes = max(1, round(retry_after / 60))
    wait = "a minute" if minutes == 1 else f"{minutes} minutes"
    message = f"too many requests from this address: wait {wait} and try again"
    response = render(request, "rate_limited.html", {"message": message}, status=429)
    response["Retry-After"] = str(retry_after)
    return response
