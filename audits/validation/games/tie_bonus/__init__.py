"""The tie bonus game: the family's settlement and checks with the tie wagers
(:mod:`.checks`), its screen (:mod:`.screen`)."""
