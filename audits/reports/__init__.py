"""Audit reports: what a report covers, its figures, its PDF, and its life (request to issue).

Modules: :mod:`.periods` (``2026-10``, ``2026-Q3``), :mod:`.scope` (which
submissions a report judges), :mod:`.figures` (the JSON twin: every
figure the PDF shows), :mod:`.render` and :mod:`.charts` (ReportLab),
:mod:`.lifecycle` (request, generate, fail, reissue).
"""
