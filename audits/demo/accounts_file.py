"""The demo's accounts file, var/demo/accounts.txt: who each account is and its password.

Written whole and readable by its owner only (mode 0600); read back so that a second
``make demo`` prints the same passwords (:mod:`audits.demo.accounts`).
"""

from __future__ import annotations

import os
import re
import tempfile
import textwrap
from pathlib import Path

RESET_COMMAND = ".venv/bin/python manage.py create_demo_accounts --reset-passwords"
_PASSWORD = re.compile(r"[A-Za-z0-9_-]{16,}")


def _wrap(text: str, indent: str) -> str:
    return textwrap.fill(
        text,
        width=96,
        initial_indent=indent,
        subsequent_indent=indent + "  ",
        break_long_words=False,
        break_on_hyphens=False,
    )


def demo_accounts_listing(accounts) -> str:
    """Per account its name and password on one line, then, indented, who it is and what
    to look at first."""
    width = max(len(a.username) for a in accounts)
    blocks = []  # one per account, a blank line between
    for account in accounts:
        password = account.password or "(password unknown)"
        text = [
            _wrap(account.description, "    "),
            _wrap(f"look first at: {account.first_look}", "    "),
        ]
        blocks.append("\n".join([f"{account.username.ljust(width)}  {password}", *text]))
    return "\n\n".join(blocks) + "\n"


def demo_accounts_render(accounts, login_url: str) -> str:
    """The file: a header saying what it is, where to sign in, then the listing."""
    header = [
        "# The demo accounts (`manage.py create_demo_accounts`, run by `make demo`): for the",
        "# embedded demo only. Never commit this file; var/ is git-ignored.",
        f"# New passwords for all of them: {RESET_COMMAND}",
        f"# Sign in at {login_url}",
        "",
    ]
    return "\n".join(header) + "\n" + demo_accounts_listing(accounts)


def demo_accounts_read(path: Path) -> dict[str, str]:
    """The passwords the file holds, by user name (none when there is no file)."""
    try:
        text = Path(path).read_text()
    except FileNotFoundError:
        return {}
    passwords = {}
    for line in text.splitlines():
        if not line or line.startswith(("#", " ", "\t")):
            continue
        username, _, rest = line.partition(" ")
        password = rest.strip()
        if _PASSWORD.fullmatch(password):
            passwords[username] = password
    return passwords


def demo_accounts_write(path: Path, text: str) -> None:
    """Write the file readable by its owner only (mode 0600), replacing it whole."""
    path = Path(path)
    path.parent.mkdir(parents=True, exist_ok=True)
    handle, temporary = tempfile.mkstemp(dir=path.parent, prefix=".accounts-", text=True)
    try:
        os.fchmod(handle, 0o600)
        with os.fdopen(handle, "w") as out:
            out.write(text)
        os.replace(temporary, path)
    except BaseException:
        Path(temporary).unlink(missing_ok=True)
        raise
    os.chmod(path, 0o600)
