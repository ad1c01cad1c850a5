"""The reports API: ask for, list, read and download reports, verify a PDF (:mod:`.views`);
the reviewers' report schedules (:mod:`.schedules`)."""
