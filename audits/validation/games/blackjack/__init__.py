"""The blackjack family's shared parts (Ante Up 21, the tie bonus game): its settlement
(:mod:`.settle`), checks (:mod:`.checks`), screen (:mod:`.screen`), and the engine's answers
the screen groups seats by (:mod:`.answers`, :mod:`.split_keys`, :mod:`.cards`)."""
