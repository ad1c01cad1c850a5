"""Routes of live rounds, under ``/api/live/``."""

from django.urls import path

from audits.live.api import views

app_name = "live"
urlpatterns = [
    path(
        "venues/<str:venue>/tables/<str:table>/rounds/",
        views.RoundsAppendView.as_view(),
        name="rounds-append",
    ),
    path("receipts/verify/", views.ReceiptsVerifyView.as_view(), name="receipts-verify"),
    path("receipts/keys/", views.ReceiptKeysView.as_view(), name="receipts-keys"),
    path(
        "receipts/consistency/",
        views.ReceiptConsistencyView.as_view(),
        name="receipts-consistency",
    ),
]
