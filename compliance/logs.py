"""Structured logs: every record carries the ids of what is being worked on.

``log_context(submission=..., report=...)`` sets ids for the code it wraps
(a request, a Celery task, a command); :class:`ContextFilter` copies them onto
each record a handler emits, so a JSON line reads
``{"message": "chunk validated", "submission": "3f2c…", "chunk": 4, ...}``.
Context variables follow threads and tasks without being passed along.
"""

from __future__ import annotations

import contextlib
import logging
import uuid
from collections.abc import Iterator
from contextvars import ContextVar

_ids: ContextVar[dict[str, object]] = ContextVar("log_ids", default={})  # noqa: B039

#: the ids a record may carry, in the order a text line shows them
FIELDS = ("request_id", "task_id", "submission", "chunk", "report")


@contextlib.contextmanager
def log_context(**ids: object) -> Iterator[None]:
    """Add ``ids`` (None values dropped) to every log record emitted inside the block."""
    token = _ids.set({**_ids.get(), **{k: str(v) for k, v in ids.items() if v is not None}})
    try:
        yield
    finally:
        _ids.reset(token)


def current_ids() -> dict[str, object]:
    return dict(_ids.get())


class ContextFilter(logging.Filter):
    """Copies the current ids onto the record (every field present, empty when unknown)."""

    def filter(self, record: logging.LogRecord) -> bool:
        ids = _ids.get()
        for name in FIELDS:
            if not hasattr(record, name):
                setattr(record, name, ids.get(name, ""))
        return True


class RequestIdMiddleware:
    """A request id (the client's ``X-Request-ID`` or a new one) in its logs and response."""

    def __init__(self, get_response):
        self.get_response = get_response

    def __call__(self, request):
        given = request.headers.get("X-Request-ID", "")
        request_id = given if 0 < len(given) <= 64 and given.isprintable() else uuid.uuid4().hex
        with log_context(request_id=request_id):
            response = self.get_response(request)
        response["X-Request-ID"] = request_id
        return response


def json_formatter() -> logging.Formatter:
    """One JSON object per line: time, level, logger, message and the ids."""
    from pythonjsonlogger.json import JsonFormatter

    return JsonFormatter(
        "%(asctime)s %(levelname)s %(name)s %(message)s " + " ".join(f"%({f})s" for f in FIELDS),
        rename_fields={"asctime": "time", "levelname": "level", "name": "logger"},
    )


def logging_config(fmt: str, level: str) -> dict:
    """The LOGGING setting: one stream handler, JSON lines or text, with the ids."""
    text = "%(asctime)s %(levelname)s %(name)s [" + " ".join(
        f"{f}=%({f})s" for f in FIELDS
    ) + "] %(message)s"  # fmt: skip
    formatters = {"json": {"()": "compliance.logs.json_formatter"}, "text": {"format": text}}
    return {
        "version": 1,
        "disable_existing_loggers": False,
        "filters": {"ids": {"()": "compliance.logs.ContextFilter"}},
        "formatters": formatters,
        "handlers": {
            "stream": {
                "class": "logging.StreamHandler",
                "formatter": fmt if fmt in formatters else "json",
                "filters": ["ids"],
            }
        },
        "root": {"handlers": ["stream"], "level": level},
        "loggers": {
            "django.db.backends": {"level": "WARNING"},
            "celery": {"level": "INFO"},
            "axes.apps": {"level": "WARNING"},  # its start-up banner, in every command
        },
    }
