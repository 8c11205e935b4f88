"""`make run`: the web server with the embedded SQLite store, or the terminal game without it."""

from __future__ import annotations

import os
import sys

from tablesport import extras


def main() -> None:
    if not extras.missing("server"):
        from tablesport.server.app import serve

        serve(host=os.environ.get("TABLESPORT_HOST", "127.0.0.1"),
              port=int(os.environ.get("TABLESPORT_PORT", "8000")))
        return
    from tablesport.cli import main as cli_main

    sys.argv = ["tablesport", "play", os.environ.get("TABLESPORT_PRESET", "goofspiel-2p"), "--seat", "0"]
    cli_main()


if __name__ == "__main__":
    main()
