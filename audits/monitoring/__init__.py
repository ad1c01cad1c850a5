"""Monitoring: each table's gaming days (:mod:`.ledger`), hold against par and the deviations
found over days, months and quarters (:mod:`.deviations`), each dealer's and seat's figures
(:mod:`.dealers`).  Recorded when a submission is merged (:mod:`audits.submissions.finish`
calls the hooks this room registers)."""
