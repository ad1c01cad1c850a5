"""Exit 0 when PostgreSQL accepts a connection, 1 otherwise.

Usage: python scripts/pg_available.py [URL]  (default postgresql://postgres@127.0.0.1:5432/postgres)
"""

import sys

DEFAULT_URL = "postgresql://postgres@127.0.0.1:5432/postgres"


def main(argv: list[str]) -> int:
    url = argv[1] if len(argv) > 1 else DEFAULT_URL
    try:
        import psycopg

        with psycopg.connect(url, connect_timeout=2) as conn:
            conn.execute("SELECT 1")
    except Exception as exc:  # any failure means "not available"
        print(f"PostgreSQL not available at {url}: {exc}", file=sys.stderr)
        return 1
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv))
