from django.contrib import admin
from django.urls import include, path
from drf_spectacular.views import SpectacularAPIView, SpectacularSwaggerView

from compliance.views import healthz

urlpatterns = [
    path("", include("audits.web.urls")),
    path("registry/", include("games.web.urls")),
    path("accounts/", include("django.contrib.auth.urls")),
    path("healthz", healthz, name="healthz"),
    path("admin/", admin.site.urls),
    path("api/registry/", include("games.api.urls")),
    path("api/audits/", include("audits.api.urls")),
    path("api/schema/", SpectacularAPIView.as_view(), name="schema"),
    path("api/docs/", SpectacularSwaggerView.as_view(url_name="schema"), name="swagger-ui"),
]
