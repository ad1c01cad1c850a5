"""Files handed to a person as downloads: the same answer from the API and from the pages."""

from __future__ import annotations

from django.http import FileResponse, Http404
from django.utils.http import content_disposition_header

from audits.investigations import cases as service
from audits.investigations.models import Case, CaseEvidence


def evidence_response(case: Case, evidence_pk: int) -> FileResponse:
    """The file as it was sent, as a download (never shown inline: it is someone's upload)."""
    found = CaseEvidence.objects.filter(pk=evidence_pk, step__case=case).first()
    if found is None:
        raise Http404("no such evidence in this case")  # a 404 in the API and on pages alike
    response = FileResponse(
        service.evidence_path(found).open("rb"), content_type="application/octet-stream"
    )
    response["Content-Disposition"] = content_disposition_header(True, found.name)
    response["X-Content-Type-Options"] = "nosniff"
    response["X-Evidence-SHA256"] = found.sha256
    return response
