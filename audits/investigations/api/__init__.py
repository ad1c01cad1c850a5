"""The investigations API: cases, their answers, decisions and evidence (:mod:`.views`)."""
