"""The registry's web pages: what is approved, where, from when, and the reviewers' actions.

Views stay thin: visibility comes from :mod:`games.access`, page data from
:mod:`games.pages` and :mod:`games.selectors`, changes from :mod:`games.services`.
"""
