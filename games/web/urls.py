"""Routes of the registry pages, under /registry/."""

from django.urls import path

from . import actions, views

urlpatterns = [
    path("", views.registry_home, name="registry"),
    path("jurisdictions/<slug:code>/", views.jurisdiction_detail, name="registry-jurisdiction"),
    path("jurisdictions/<slug:code>/limits/new/", actions.limit_new, name="registry-limit-new"),
    path("games/", views.game_list, name="registry-games"),
    path("rule-versions/<id:pk>/", views.rule_version_detail, name="registry-rule-version"),
    path("paytables/<id:pk>/", views.paytable_detail, name="registry-paytable"),
    path("paytables/<id:pk>/versions/", actions.paytable_new_version, name="registry-paytable-new"),
    path("paytables/<id:pk>/submit/", actions.paytable_submit, name="registry-paytable-submit"),
    path("approvals/", views.approval_list, name="registry-approvals"),
    path("approvals/<id:pk>/", views.approval_detail, name="registry-approval"),
    path("approvals/<id:pk>/move/", actions.approval_move, name="registry-approval-move"),
    path("venues/", views.venue_list, name="registry-venues"),
    path("documents/", views.document_list, name="registry-documents"),
    path("documents/<str:file>/", views.document_detail, name="registry-document"),
]
