"""Hosted mode: several server processes on one PostgreSQL store, coordinated through Redis (table
leases, hand-overs, lobby lists) behind HAProxy.  See docs/hosted.md.

Only :mod:`.errors` and :mod:`.haproxy` import without the ``hosted`` extra (the ``redis`` package)."""
