"""The monitoring API: a venue's ledger (:mod:`.ledger`), dealers and seats
(:mod:`.dealers`), deviations (:mod:`.deviations`)."""
