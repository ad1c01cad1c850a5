"""The home page: what the service is (signed out), each role's work first (signed in)."""

from __future__ import annotations

from django.shortcuts import render

from audits.web.work import work_of


def home(request):
    """Signed out: what the service is and where to sign in; signed in: the user's work."""
    if not request.user.is_authenticated:
        return render(request, "home.html")
    return render(request, "web/dashboard.html", {"work": work_of(request.user)})
