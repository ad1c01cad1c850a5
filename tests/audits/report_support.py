"""A validated sample submission to build reports from (tests/audits/reports/)."""

from __future__ import annotations

import pytest

from audits.samples import generate_toss_one
from audits.submissions.storage import submission_store
from audits.submissions.submissions import submission_validate_now


@pytest.fixture
def validated(wa, tmp_path):
    """October 2026 at the demo venue: 1,200 rounds over four days, 5% of them faulty."""
    path = tmp_path / "october.jsonl"
    generate_toss_one(path, rounds=1200, start="2026-10-10", days=4, fault_rate=0.05, seed=9)
    with open(path, "rb") as stream:
        submission, _ = submission_store(stream, original_name=path.name, licensee=wa)
    return submission_validate_now(submission)


@pytest.fixture(scope="session")
def dev_identity_dir(tmp_path_factory):
    """A development CA and signing identity, made once per test run (key generation is slow)."""
    from audits.signing.dev_identity import create_dev_identity

    directory = tmp_path_factory.mktemp("signing")
    create_dev_identity(directory)
    return directory


@pytest.fixture
def signing(settings, dev_identity_dir):
    """Reports are signed with the test run's development identity, and verified against it."""
    settings.REPORT_SIGNING_PKCS12 = ""
    settings.REPORT_SIGNING_KEY = str(dev_identity_dir / "signer.key")
    settings.REPORT_SIGNING_CERT = str(dev_identity_dir / "signer.pem")
    settings.REPORT_SIGNING_CHAIN = str(dev_identity_dir / "ca.pem")
    settings.REPORT_TRUST_ROOTS = [str(dev_identity_dir / "ca.pem")]
    settings.REPORT_TSA_URL = ""
    return dev_identity_dir
