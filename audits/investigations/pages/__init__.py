"""The case pages: the list, opening a case, a case's thread with its answer and decision
forms, evidence downloads (:mod:`.views`)."""
