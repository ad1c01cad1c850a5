"""Inputs an adversary or a careless user sends: gzip bombs, lines that break a check, formula
cells, out-of-range paths and filters, huge anonymous bodies, bad cron fields, odd file names
and a byte order mark. Each case through the real API or page."""

from __future__ import annotations

import gzip
import io
import json
from pathlib import Path

import pytest
from django.test import Client
from django_celery_beat.models import PeriodicTask

from audits.submissions.models import Submission
from audits.submissions.run import expansion, media_path
from tests.audits.conftest import ROUND, round_line

# ruff: noqa: F811 (the fixtures imported from submissions_support are test arguments)
from tests.audits.submissions_support import API, client, log, people, post_raw, submit  # noqa: F401


def accepted(response) -> Submission:
    assert response.status_code == 202, response.content
    return Submission.objects.get(uuid=response.json()["id"])


def codes(submission) -> list[tuple[int, str]]:
    return list(submission.findings.order_by("line", "code").values_list("line", "code"))


def stored_files() -> list[Path]:
    root = media_path("")
    return [p for p in root.rglob("*") if p.is_file()] if root.exists() else []


# ---------------------------------------------------------------------- gzip bombs (3)


def bomb(size: int) -> bytes:
    """``size`` bytes of one repeated line, compressed: a ratio of about 1,000."""
    line = round_line() + b"\n"
    return gzip.compress(line * (size // len(line)), compresslevel=9)


def test_a_gzip_over_the_expanded_cap_is_refused_and_nothing_is_kept(people, submit, settings):
    settings.AUDITS_MAX_EXPANDED_BYTES = 1 << 20
    packed = bomb(4 << 20)
    assert len(packed) < 64 << 10  # a small upload...
    response = submit(post_raw, client(people.staff), packed, content_type="application/gzip")
    assert response.status_code == 413  # ...refused while it expands
    assert "AUDITS_MAX_EXPANDED_BYTES" in response.json()["message"]
    assert not Submission.objects.exists() and stored_files() == []


def test_a_gzip_past_the_ratio_is_refused_whatever_the_cap(people, submit, settings, monkeypatch):
    monkeypatch.setattr(expansion, "RATIO_FLOOR", 1 << 20)
    settings.AUDITS_MAX_GZIP_RATIO = 50
    response = submit(
        post_raw, client(people.staff), bomb(8 << 20), content_type="application/gzip"
    )
    assert response.status_code == 413 and "50 times" in response.json()["message"]
    assert stored_files() == []


def test_the_web_upload_refuses_a_bomb_too(people, settings):
    from django.core.files.uploadedfile import SimpleUploadedFile

    settings.AUDITS_MAX_EXPANDED_BYTES = 1 << 20
    web = Client()
    web.force_login(people.staff)
    form = {
        "file": SimpleUploadedFile("bomb.jsonl.gz", bomb(4 << 20)),
        "licensee": people.licensee.pk,
    }
    response = web.post("/submissions/new/", form)
    assert response.status_code == 413 and b"AUDITS_MAX_EXPANDED_BYTES" in response.content
    assert not Submission.objects.exists()


def test_a_compressed_log_within_the_limits_is_taken(people, submit):
    lines = log(*(round_line(round=f"r{i}") for i in range(50)))
    s = accepted(
        submit(
            post_raw, client(people.staff), gzip.compress(lines), content_type="application/gzip"
        )
    )
    s.refresh_from_db()
    assert (s.status, s.rounds_total, s.clean_rounds) == ("done", 50, 50)


def test_concatenated_gzip_members_are_read_as_one_file(people, submit):
    first, second = log(round_line(round="a")), log(round_line(round="b"))
    packed = gzip.compress(first) + gzip.compress(second)
    s = accepted(submit(post_raw, client(people.staff), packed, content_type="application/gzip"))
    s.refresh_from_db()
    assert (s.rounds_total, s.clean_rounds, s.findings.count()) == (2, 2, 0)


# ------------------------------------------------------------- every line its own fate (5)

ODD_TIMES = ["9999-12-31T23:59:59-23:59", "0001-01-01T00:00:00+23:59"]


@pytest.mark.parametrize("when", ODD_TIMES)
def test_a_time_outside_the_calendar_rejects_that_line_only(people, submit, when):
    content = log(
        round_line(round="a"), round_line(round="b", played_at=when), round_line(round="c")
    )
    s = accepted(submit(post_raw, client(people.staff), content))
    s.refresh_from_db()
    assert s.status == "done" and (s.rounds_total, s.clean_rounds, s.rejected_lines) == (2, 2, 1)
    bad = s.findings.get()
    assert (bad.line, bad.code) == (2, "bad_time") and "out of range" in bad.message


def test_options_nested_a_thousand_deep_reject_that_line_only(people, submit):
    deep = round_line(round="b").replace(
        b'"options": {"blackjack_pays": "3:2", "lucky3_paytable": "1"}',
        b'"options": {"blackjack_pays": ' + b"[" * 1000 + b"]" * 1000 + b"}",
    )
    s = accepted(submit(post_raw, client(people.staff), log(round_line(round="a"), deep)))
    s.refresh_from_db()
    assert s.status == "done" and codes(s) == [(2, "field_invalid")]
    assert "$.options" in s.findings.get().message


def test_a_line_that_breaks_a_check_is_rejected_and_the_file_goes_on(people, submit, monkeypatch):
    from audits.submissions.run import chunk_run

    real = chunk_run.check_round

    def fragile(parsed, rules):
        if parsed.round == "boom":
            raise ArithmeticError("a check went wrong")
        return real(parsed, rules)

    monkeypatch.setattr(chunk_run, "check_round", fragile)
    content = log(round_line(round="a"), round_line(round="boom", seats__0__results__main="1"),
                  round_line(round="c"))  # fmt: skip
    s = accepted(submit(post_raw, client(people.staff), content))
    s.refresh_from_db()
    assert s.status == "done" and (s.rounds_total, s.clean_rounds, s.rejected_lines) == (2, 2, 1)
    bad = s.findings.get()
    assert (bad.line, bad.code) == (2, "line_not_checked") and "ArithmeticError" in bad.message


def test_a_truncated_gzip_over_the_api_validates_up_to_the_cut(people, submit):
    lines = log(*(round_line(round=f"r{i}") for i in range(300)))
    packed = gzip.compress(lines)
    s = accepted(
        submit(post_raw, client(people.staff), packed[: len(packed) * 2 // 3],
               content_type="application/gzip")
    )  # fmt: skip
    s.refresh_from_db()
    assert s.status == "done" and 100 < s.rounds_total < 300
    assert s.findings.filter(code="file_truncated").count() == 1


def test_a_round_in_the_future_or_the_distant_past_is_rejected_with_a_finding(people, submit):
    content = log(
        round_line(round="future", played_at="9999-06-01T12:00:00-07:00"),
        round_line(round="past", played_at="1900-06-01T12:00:00-08:00"),
    )
    s = accepted(submit(post_raw, client(people.staff), content))
    s.refresh_from_db()
    found = dict(codes(s))
    assert found[1] == "played_in_future"
    assert found[2] == "played_before_records"  # nothing was approved, or authorized, in 1900
    assert (s.rounds_total, s.rejected_lines, s.clean_rounds) == (0, 2, 0)


# --------------------------------------------------------------- formula injection (6)


def test_the_csv_export_neutralizes_formulas(people, submit):
    sneaky = round_line(round='=HYPERLINK("http://evil.example","x")', seats__0__results__main="1")
    extra = json.loads(round_line(round="+r2"))
    extra["seats"][0]["wagers"]["@cmd"] = "5"
    content = log(sneaky, json.dumps(extra).encode())
    s = accepted(submit(post_raw, client(people.staff), content))
    response = client(people.staff).get(f"{API}{s.uuid}/findings/?format=csv")
    text = b"".join(response.streaming_content).decode()
    rows = text.splitlines()[1:]
    assert rows and all(not cell.startswith(("=", "+", "@")) for r in rows for cell in r.split(","))
    assert "'=HYPERLINK" in text and "'+r2" in text and "'@cmd" in text
    assert ",-1.00," in text or ",37.50," in text  # amounts stay numbers


# ---------------------------------------------------------- out-of-range parameters (7)

HUGE = "18446744073709551616"


def test_out_of_range_ids_in_paths_are_404(people, submit):
    s = accepted(submit(post_raw, client(people.staff), log(round_line())))
    web = Client()
    web.force_login(people.staff)
    assert web.get(f"/submissions/{s.uuid}/lines/{HUGE}/").status_code == 404
    assert web.get(f"/submissions/{s.uuid}/lines/0/").status_code == 404
    api = client(people.staff)
    for path in (f"/api/registry/venues/{HUGE}/", f"/api/audits/schedules/{HUGE}/",
                 f"/api/registry/approvals/{2**63}/"):  # fmt: skip
        assert api.get(path).status_code == 404, path


@pytest.mark.parametrize("name", ["submitted_after", "submitted_before"])
@pytest.mark.parametrize("when", ODD_TIMES)
def test_submission_filters_at_the_calendars_edges_are_400(people, name, when):
    response = client(people.staff).get(API, {name: when})
    assert response.status_code == 400 and response.json()["field"] == name


@pytest.mark.parametrize("name", ["played_after", "played_before"])
@pytest.mark.parametrize("when", ODD_TIMES)
def test_finding_filters_at_the_calendars_edges_are_400(people, submit, name, when):
    s = accepted(submit(post_raw, client(people.staff), log(round_line())))
    response = client(people.staff).get(f"{API}{s.uuid}/findings/", {name: when})
    assert response.status_code == 400 and response.json()["field"] == name


# -------------------------------------------------------- open verification doors (9)


class CountingStream(io.BytesIO):
    """A request body that counts what is read of it."""

    read_bytes = 0

    def read(self, size=-1):
        data = super().read(size)
        self.read_bytes += len(data)
        return data

    def readline(self, size=-1):
        data = super().readline(size)
        self.read_bytes += len(data)
        return data


@pytest.mark.parametrize("path", ["/api/audits/reports/verify/", "/reports/verify/"])
def test_a_huge_anonymous_body_is_refused_before_it_is_read(path, db):
    body = CountingStream(b"x" * 1024)
    response = Client().generic(
        "POST", path, b"", content_type="multipart/form-data; boundary=b",
        CONTENT_LENGTH=str(300 << 20), **{"wsgi.input": body},
    )  # fmt: skip
    assert response.status_code == 413 and body.read_bytes == 0


def test_the_verify_page_is_rate_limited(db, settings):
    settings.VERIFY_PAGE_RATE = "3/m"
    web = Client()
    statuses = [web.post("/reports/verify/").status_code for _ in range(4)]
    assert statuses[:3] == [400, 400, 400] and statuses[3] == 429
    assert web.get("/reports/verify/").status_code == 200  # reading the page is not limited


# ------------------------------------------------------------------- schedules (10)

GOOD = {"name": "oct", "kind": "venue", "scope": "WA-CR-0042", "period": "2026-10"}


@pytest.mark.parametrize(
    "field, value",
    [("minute", "*/0"), ("hour", "99"), ("hour", "1" * 20), ("day_of_month", "0"),
     ("month_of_year", "13"), ("day_of_week", "someday")],
)  # fmt: skip
def test_schedules_refuse_cron_fields_celery_rejects(people, field, value):
    response = client(people.reviewer).post(
        "/api/audits/schedules/", {**GOOD, field: value}, format="json"
    )
    assert response.status_code == 400 and response.json()["field"] == field
    assert not PeriodicTask.objects.filter(name="wa-wsgc: oct").exists()


def test_a_schedule_name_taken_is_a_409_and_the_schedule_is_unchanged(people):
    api = client(people.reviewer)
    assert api.post("/api/audits/schedules/", GOOD, format="json").status_code == 201
    before = PeriodicTask.objects.get(name="wa-wsgc: oct")
    other = {**GOOD, "scope": "WA-TC-0007", "period": "2026-09"}
    response = api.post("/api/audits/schedules/", other, format="json")
    assert response.status_code == 409 and response.json()["field"] == "name"
    after = PeriodicTask.objects.get(name="wa-wsgc: oct")
    assert (after.kwargs, after.crontab_id) == (before.kwargs, before.crontab_id)


def test_the_schedules_page_says_so_too(people):
    web = Client()
    web.force_login(people.reviewer)
    form = {**GOOD, "minute": "*/0", "hour": "6", "day_of_month": "2", "month_of_year": "*"}
    page = web.post("/schedules/", form)
    assert page.status_code == 400 and b"minute" in page.content
    assert not PeriodicTask.objects.filter(name="wa-wsgc: oct").exists()


# -------------------------------------------------------------------- smaller (11)


def test_file_names_lose_control_and_bidirectional_characters(people, submit):
    name = "report\u202egpj.jsonl\u0007"
    s = accepted(submit(post_raw, client(people.staff), log(round_line()), name=name))
    assert s.original_name == "reportgpj.jsonl"
    raw = client(people.staff).get(f"{API}{s.uuid}/raw/")
    assert (
        "\u202e" not in raw["Content-Disposition"]
        and "reportgpj.jsonl" in raw["Content-Disposition"]
    )


def test_a_leading_byte_order_mark_is_accepted(people, submit):
    content = b"\xef\xbb\xbf" + log(round_line(round="a"), round_line(round="b"))
    s = accepted(submit(post_raw, client(people.staff), content))
    s.refresh_from_db()
    assert (s.rounds_total, s.clean_rounds, s.rejected_lines) == (2, 2, 0)
    web = Client()
    web.force_login(people.staff)
    page = web.get(f"/submissions/{s.uuid}/lines/1/")
    assert page.status_code == 200 and page.context["round"].rejected == ""
    assert page.context["round"].parsed.round == "a"


def test_an_unknown_wager_key_is_one_finding(people, submit):
    odd = json.loads(json.dumps(ROUND))
    odd["seats"][0]["wagers"]["side"] = "5"
    odd["seats"][0]["results"]["side"] = "-5"
    s = accepted(submit(post_raw, client(people.staff), log(json.dumps(odd).encode())))
    assert list(s.findings.filter(code="unknown_wager").values_list("wager_key", flat=True)) == [
        "side"
    ]
