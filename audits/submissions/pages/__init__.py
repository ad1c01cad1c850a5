"""The submission pages: list, upload, a submission with its findings (:mod:`.views`), a
round as read and re-settled, and the progress fragment (:mod:`.rounds`), the published
hand-log format (:mod:`.handlog`)."""
