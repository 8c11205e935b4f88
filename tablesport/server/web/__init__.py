"""The web plumbing: sessions and roles, errors, the API document, languages, what the routes are given."""
