from django.contrib import admin
from django.templatetags.static import static
from django.urls import include, path
from django.views.generic import RedirectView
from drf_spectacular.views import SpectacularAPIView, SpectacularSwaggerSplitView

from compliance import openapi, tokens  # noqa: F401  (openapi: the schema's extensions)
from compliance.password_reset import password_reset
from compliance.views import healthz

urlpatterns = [
    path("", include("audits.web.urls")),
    path("registry/", include("games.web.urls")),
    path("accounts/password_reset/", password_reset, name="password_reset"),  # limited
    path("accounts/", include("django.contrib.auth.urls")),
    path("healthz", healthz, name="healthz"),
    path("favicon.ico", RedirectView.as_view(url=static("img/favicon.svg"), permanent=True)),
    path("admin/", admin.site.urls),
    path("api/auth/token/", tokens.TokenIssue.as_view(), name="token-issue"),
    path("api/auth/token/revoke/", tokens.TokenRevoke.as_view(), name="token-revoke"),
    path("api/auth/token/revoke-all/", tokens.TokenRevokeAll.as_view(), name="token-revoke-all"),
    path("api/registry/", include("games.api.urls")),
    path("api/audits/", include("audits.api.urls")),
    path("api/live/", include("audits.live.api.urls")),
    path("api/schema/", SpectacularAPIView.as_view(), name="schema"),
    path("api/docs/", SpectacularSwaggerSplitView.as_view(url_name="schema"), name="swagger-ui"),
]

handler400 = "compliance.views.bad_request"
handler403 = "compliance.views.permission_denied"
handler404 = "compliance.views.not_found"
handler500 = "compliance.views.server_error"
