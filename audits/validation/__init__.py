"""Hand-log validation: parse each line, re-settle each round, report findings.

The modules here import no Django; :mod:`audits.submissions` feeds them the
rules in force from the registry and stores what they find.
"""
