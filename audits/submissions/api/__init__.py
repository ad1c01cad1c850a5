"""The submissions API (under ``/api/audits/``): upload a hand log, read a submission, its
progress, totals and findings (:mod:`.views`, :mod:`.findings`); the upload's streaming
parsers (:mod:`.uploads`); filters and serializers."""
