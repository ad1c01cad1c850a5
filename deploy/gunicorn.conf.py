"""gunicorn settings for `make serve` (every value can be overridden from the environment)."""

import multiprocessing
import os

bind = os.environ.get("GUNICORN_BIND", "127.0.0.1:8000")
workers = int(os.environ.get("GUNICORN_WORKERS") or multiprocessing.cpu_count() * 2 + 1)
threads = int(os.environ.get("GUNICORN_THREADS") or 4)
# uploads of large hand logs stream to disk; give them time
timeout = int(os.environ.get("GUNICORN_TIMEOUT") or 300)
graceful_timeout = 30
accesslog = "-"
errorlog = "-"
# the request id (X-Request-ID) appears in the access log beside the application's JSON lines
access_log_format = '%(h)s "%(r)s" %(s)s %(b)s %(M)sms id=%({x-request-id}o)s'
forwarded_allow_ips = os.environ.get("GUNICORN_FORWARDED_ALLOW_IPS", "127.0.0.1")
