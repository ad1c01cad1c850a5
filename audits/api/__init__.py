"""The audits REST API (``/api/audits/``): hand-log submissions, their progress and findings."""
