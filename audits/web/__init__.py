"""Server-rendered pages for casino compliance staff and commission reviewers.

Thin views over the same services and selectors as the API: what a user
sees is decided by :mod:`audits.submissions.access` (another licensee's submission is a
404, as over the API), and every change goes through a service.
"""
