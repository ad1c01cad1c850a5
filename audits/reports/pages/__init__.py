"""The report pages: ask, list, verify (anyone), and the reviewers' schedules (:mod:`.views`)."""
