"""Toss One 21: its settlement (:mod:`.settle`), checks (:mod:`.checks`) and screen
(:mod:`.screen`)."""
