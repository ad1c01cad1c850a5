"""``check --deploy``'s own checks (compliance/checks.py): the receipt key is refused when the
processes cannot read it (the one-process cache is tested in test_shared_rate_limits.py)."""

from __future__ import annotations

from compliance.checks import receipt_key


def test_a_deployment_without_its_receipt_key_is_refused(settings, tmp_path):
    settings.LIVE_RECEIPT_KEY = str(tmp_path / "missing.pem")
    (error,) = receipt_key(None)
    assert error.id == "compliance.E002" and "missing.pem" in error.msg
    assert "create_receipt_key" in error.hint
    (tmp_path / "here.pem").write_text("a key")
    settings.LIVE_RECEIPT_KEY = str(tmp_path / "here.pem")
    assert receipt_key(None) == []
