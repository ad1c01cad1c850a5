"""What a layer raises for the API's error answers (:mod:`compliance.api_errors`) to map.

The registry and the report signing raise these, or their subclasses, so that the error
answers know the kinds of refusal without importing the apps that refuse.
"""

from __future__ import annotations


class RecordConflict(Exception):
    """A write that a kept record refuses (an approved version changed, say): 409."""


class ServerNotSetUp(Exception):
    """The server's own configuration is missing or unreadable, not the caller's fault: 503.
    The message is for operators; the caller is told only what is not set up."""

    #: what the caller is told
    public = "this server is not set up for it"
