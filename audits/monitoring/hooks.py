"""Monitoring's part in finishing a submission: its gaming days into the ledger once its
totals are merged, then the deviations they show; out again when it is withdrawn, back when
reinstated (:class:`~audits.submissions.finish.FinishHooks`).
The app's ``ready()`` imports this module in every process."""

from __future__ import annotations

from audits.monitoring.ledger import ledger_record
from audits.monitoring.month_tests import deviations_record
from audits.monitoring.withdrawals import monitoring_forget
from audits.submissions.finish import FINISH_HOOKS
from audits.submissions.withdrawal import WITHDRAWAL_HOOKS


def monitoring_hooks_register() -> None:
    """Register the ledger and the deviations, once."""
    if ledger_record not in FINISH_HOOKS.merged:
        FINISH_HOOKS.merged.append(ledger_record)
    if deviations_record not in FINISH_HOOKS.done:
        FINISH_HOOKS.done.append(deviations_record)
    if monitoring_forget not in WITHDRAWAL_HOOKS.withdrawn:
        WITHDRAWAL_HOOKS.withdrawn.append(monitoring_forget)
    if ledger_record not in WITHDRAWAL_HOOKS.reinstated:
        WITHDRAWAL_HOOKS.reinstated.append(ledger_record)
        WITHDRAWAL_HOOKS.reinstated.append(deviations_record)
