"""The embedded demo: its accounts, one of each role (:mod:`audits.demo.accounts`, planned
by :mod:`audits.demo.accounts_planned`, written to and read from var/demo/accounts.txt by
:mod:`audits.demo.accounts_file`)."""
