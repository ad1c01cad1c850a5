from celery import shared_task


@shared_task
def ping() -> str:
    """Trivial task used to check that Celery is wired up."""
    return "pong"
