"""Monitoring's part in finishing a submission: its gaming days into the ledger once its
totals are merged, then the deviations they show (:class:`~audits.submissions.finish.FinishHooks`).
The app's ``ready()`` imports this module in every process."""

from __future__ import annotations

from audits.monitoring.deviations import deviations_record
from audits.monitoring.ledger import ledger_record
from audits.submissions.finish import FINISH_HOOKS


def monitoring_hooks_register() -> None:
    """Register the ledger and the deviations, once."""
    if ledger_record not in FINISH_HOOKS.merged:
        FINISH_HOOKS.merged.append(ledger_record)
    if deviations_record not in FINISH_HOOKS.done:
        FINISH_HOOKS.done.append(deviations_record)
