"""What every room's doors share, below the rooms: the API's base (pagination, export
negotiation, a venue's days from the query, error shapes, the role permission:
:mod:`.api`) and the pages' (the role decorator and context processor, a list's page
length, a form's status: :mod:`.pages`).  The routes that gather the rooms' doors are
above them, in :mod:`audits.api.urls` and :mod:`audits.web.urls`."""
