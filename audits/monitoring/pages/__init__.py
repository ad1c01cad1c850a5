"""The monitoring pages: the venues one may see and a venue's ledger with its hold chart
(:mod:`.views`, :mod:`.charts`)."""
