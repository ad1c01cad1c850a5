"""Investigations: cases opened on findings or deviations, answered by the licensee and
decided by the commission (:mod:`.cases`; who sees and may do what: :mod:`.case_access`)."""
