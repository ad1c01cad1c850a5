"""Path converters: a record id or line number is a whole number the database can hold.

Django's ``int`` converter takes any digits, and a number past 2**63 - 1 then fails in the
database (a 500). ``<id:...>`` takes 1 to 19 digits up to that bound; anything else is no
route (404), like an id that does not exist.
"""

from __future__ import annotations

from compliance.dates import MAX_ID


class IdConverter:
    regex = "[0-9]{1,19}"

    def to_python(self, value: str) -> int:
        number = int(value)
        if not 1 <= number <= MAX_ID:
            raise ValueError(f"{value} is not an id")  # Django: no match, so a 404
        return number

    def to_url(self, value) -> str:
        return str(int(value))
