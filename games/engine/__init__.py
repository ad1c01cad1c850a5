"""The rules engine: pure Python, no Django, Celery or DRF.

Everything here is deterministic and every decision it makes names its source
(a seed document and rule number, a regulation, or a named rule-version
parameter) so that a finding can cite it.
"""
