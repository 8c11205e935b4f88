"""Pictionary: how long a stroke takes from the picturist's mouse to another browser's paper (loopback).

A real server process (SQLite, every step committed before it is sent), three chromium pages: the
picturist (team A), a guesser of team A and a spectator.  The picturist draws ``--strokes`` strokes of
``--points`` points with the mouse, one pointer move every ``--every`` ms (a hand on a 60 Hz screen
moves about every 16 ms).  For each point: the time just before Playwright moves the mouse, and the time
the guesser's (and the spectator's) page has drawn that point on its canvas (the screen's ``pc-drawn``
event); both clocks are this machine's wall clock.  The path measured is the whole one: pointer event,
the page's 30 ms batching, the WebSocket, the referee (rules, record, store commit), the frames to
every seat, the other page's parsing and drawing.

Baseline in the same run: a ping to the same server over a table's WebSocket (``{"type": "ping"}`` →
``pong``), the floor of any message there and back.

    .venv/bin/python -m bench.pictionary_strokes [--strokes 25] [--points 12] [--every 16]

writes bench/results/pictionary_strokes.json.
"""

from __future__ import annotations

import argparse
import json
import statistics
import tempfile
import time
from pathlib import Path
from typing import Any

from bench.machine import machine, save_results

CHROMIUM = "/usr/bin/chromium"
ARGS = ["--headless", "--no-sandbox", "--disable-gpu", "--no-first-run", "--disable-background-networking"]
SEED = 5  # team A wins the roll-off, the first word is All Play


def pct(values: list[float]) -> dict[str, float]:
    xs = sorted(values)
    if not xs:
        return {}

    def q(p: float) -> float:
        return round(xs[min(len(xs) - 1, int(p * len(xs)))], 2)

    return {"n": len(xs), "p50": q(0.5), "p95": q(0.95), "p99": q(0.99), "max": round(xs[-1], 2),
            "mean": round(statistics.fmean(xs), 2)}


def main() -> None:
    ap = argparse.ArgumentParser()
    ap.add_argument("--strokes", type=int, default=25)
    ap.add_argument("--points", type=int, default=12)
    ap.add_argument("--every", type=float, default=16.0, help="ms between two pointer moves")
    ap.add_argument("--pings", type=int, default=200)
    args = ap.parse_args()
    import os

    load = [round(x, 2) for x in os.getloadavg()]

    from playwright.sync_api import sync_playwright
    from websockets.sync.client import connect

    from tablesport.server.process import ServerProcess

    tmp = Path(tempfile.mkdtemp())
    srv = ServerProcess(tmp / "web.sqlite3").start()
    try:
        t = srv.create("pictionary-event", [{"kind": "person"}] * 6, seed=SEED)
        seats: list[dict[str, Any]] = t["seats"]  # type: ignore[assignment]
        tid = str(t["id"])
        idle = {k: connect(f"{srv.ws_url}/ws/{tid}?token={seats[k]['token']}", ping_interval=None)
                for k in (2, 3, 4, 5)}

        def send(k: int, action: Any) -> None:
            last = None
            while True:
                try:
                    f = json.loads(idle[k].recv(timeout=0.3))
                except TimeoutError:
                    break
                if f.get("seq") is not None:
                    last = f
            assert last is not None
            idle[k].send(json.dumps({"type": "act", "seq": last["seq"], "action": action}))

        with sync_playwright() as p:
            browser = p.chromium.launch(executable_path=CHROMIUM, args=ARGS, headless=True)
            pages = {}
            frame_bytes: list[int] = []
            for role, url in (("picturist", seats[0]["url"]), ("guesser", seats[1]["url"]),
                              ("spectator", f"/watch/{tid}")):
                pg = browser.new_context(viewport={"width": 1280, "height": 1000}).new_page()
                if role == "guesser":
                    pg.on("websocket", lambda ws: ws.on("framereceived",
                                                        lambda data: frame_bytes.append(len(data))))
                pg.goto(srv.url + url + "?lang=en")
                pg.wait_for_selector("#table[data-connected='1']")
                pg.evaluate("window.__drawn = []; document.addEventListener('pc-drawn', "
                            "(e) => window.__drawn.push(e.detail))")
                pages[role] = pg
            pic = pages["picturist"]
            pic.wait_for_selector("button.pc-act[data-act='roll']").click()
            pic.wait_for_function("!document.querySelector(\"#pc-controls button[data-act='roll']\")")
            send(3, "roll")
            pic.wait_for_selector("button.pc-act[data-act='ready']").click()
            send(3, "ready")
            pic.wait_for_selector("#pc[data-phase='draw'] canvas.pc-paper.live")
            frame_bytes.clear()
            pic.evaluate("window.__moves = []; for (const k of ['pointerdown', 'pointermove']) "
                         "document.addEventListener(k, (e) => { if (e.buttons) "
                         "window.__moves.push(Date.now()); }, true)")
            box = pic.locator("canvas.pc-paper[data-team='A']").bounding_box()
            assert box is not None
            sent: list[tuple[int, int, float]] = []  # (stroke, point, ms)
            every = args.every / 1000
            for k in range(args.strokes):
                x = box["x"] + 20 + (k % 5) * 90
                y = box["y"] + 20 + (k // 5) * 60
                pic.mouse.move(x, y)
                sent.append((k, 0, time.time() * 1000))
                pic.mouse.down()
                for i in range(1, args.points):
                    time.sleep(every)
                    sent.append((k, i, time.time() * 1000))
                    pic.mouse.move(x + 6 * i, y + 3 * i)
                pic.mouse.up()
                time.sleep(every)
            n_ops = args.strokes
            moves = pic.evaluate("window.__moves")
            out: dict[str, Any] = {}
            for role in ("guesser", "spectator"):
                pg = pages[role]
                pg.wait_for_function(f"window.__drawn.some((d) => d.team === 'A' && d.ops >= {n_ops} && "
                                     f"d.points >= {args.points})", timeout=30000)
                drawn = [d for d in pg.evaluate("window.__drawn") if d["team"] == "A"]
                lat, lat_event = [], []
                for n, (k, i, at) in enumerate(sent):
                    shown = next((d["at"] for d in drawn
                                  if d["ops"] > k + 1 or (d["ops"] == k + 1 and d["points"] >= i + 1)),
                                 None)
                    if shown is not None:
                        lat.append(shown - at)
                        if len(moves) == len(sent):
                            lat_event.append(shown - moves[n])
                out[role] = pct(lat)
                out[role + "_event"] = pct(lat_event)
            browser.close()
        pongs = []
        with connect(f"{srv.ws_url}/ws/{tid}") as ws:
            ws.recv()
            for _ in range(args.pings):
                t0 = time.perf_counter()
                ws.send('{"type": "ping"}')
                while json.loads(ws.recv()).get("type") != "pong":
                    pass
                pongs.append((time.perf_counter() - t0) * 1000)
        for c in idle.values():
            c.close()
    finally:
        srv.stop()
    ping = pct(pongs)
    result = {
        "what": "ms from the picturist's mouse move to the point drawn on another browser's paper (loopback)",
        "goal_ms": 100,
        "strokes": args.strokes, "points_per_stroke": args.points, "pointer_every_ms": args.every,
        "stroke_to_guesser_ms": out["guesser"],  # from the harness's mouse move (Playwright's call included)
        "stroke_to_spectator_ms": out["spectator"],
        "pointer_event_to_guesser_ms": out["guesser_event"],
        "pointer_event_to_spectator_ms": out["spectator_event"],
        "load_average_at_start": load,
        "baseline_ping_rtt_ms": ping,
        "ratio_p50_to_ping": round(out["guesser"]["p50"] / ping["p50"], 1) if ping.get("p50") else None,
        "frames_to_guesser": len(frame_bytes),
        "mean_frame_bytes": round(statistics.fmean(frame_bytes)) if frame_bytes else 0,
        "max_frame_bytes": max(frame_bytes) if frame_bytes else 0,
        "machine": machine(),
    }
    print(json.dumps(result, indent=2))
    save_results("pictionary_strokes", result)


if __name__ == "__main__":
    main()
