"""The demo registry (Washington and the fictional demo venues) and a private MEDIA_ROOT."""

from tests.audits.conftest import media, wa  # noqa: F401  (fixtures)
