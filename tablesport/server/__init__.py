"""The web app, by what each part does: ``live/`` (the tables in play), ``content/`` (what the pages say),
``web/`` (sessions, errors, the API document), ``routes/``; ``app.py`` assembles them (docs/server.md)."""
