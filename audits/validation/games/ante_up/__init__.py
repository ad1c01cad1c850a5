"""Ante Up 21: the family's settlement and checks with the poker wagers (:mod:`.checks`),
its screen (:mod:`.screen`)."""
