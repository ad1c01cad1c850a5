"""Routes of the registry API, under ``/api/registry/``."""

from django.urls import path
from rest_framework.routers import DefaultRouter

from . import views


class RegistryRouter(DefaultRouter):
    """Ids as ``<id:pk>`` (whole numbers the database holds; anything else is no route, a
    404); no ``.json`` format suffixes."""

    include_format_suffixes = False


router = RegistryRouter(use_regex_path=False)
router.register("jurisdictions", views.JurisdictionViewSet, basename="jurisdiction")
router.register("regulations", views.RegulationViewSet, basename="regulation")
router.register("limits", views.WagerLimitViewSet, basename="limit")
router.register("manufacturers", views.ManufacturerViewSet, basename="manufacturer")
router.register("games", views.GameViewSet, basename="game")
router.register("rule-versions", views.RuleVersionViewSet, basename="rule-version")
router.register("paytables", views.PaytableViewSet, basename="paytable")
router.register("approvals", views.ApprovalViewSet, basename="approval")
router.register("licensees", views.LicenseeViewSet, basename="licensee")
router.register("venues", views.VenueViewSet, basename="venue")
router.register("authorizations", views.AuthorizationViewSet, basename="authorization")

app_name = "registry"
urlpatterns = [
    path("rules-in-force/", views.RulesInForceView.as_view(), name="rules-in-force"),
    *router.urls,
]
