"""Benchmark (not a test): Night of the Mummy's pages, served by ``grimoire serve`` to real pages.

    .venv/bin/python tests/bench/bench_mummy_web.py [--pages 20] [--cards 8]

``grimoire serve`` (the real command, in its own process) on an 8-player game's autosave played
with phones, and ``--pages`` pages open in one headless Chromium (the seats' own pages, round
the table, and the table's). The same budgets as the grimoire's page (bench_web.py):

1. Memory: the server, resident, with all the pages open. Budget: under 80 MiB for 20 pages.
2. A card on a phone: the time from the table saving a whisper sent to a seat (as the table
   screen saves it) to that seat's page showing it, ``--cards`` times. Budget: 300 ms.
3. Weight: a seat's page and everything it loads, its first state included. Budget: 150 KB.
"""

from __future__ import annotations

import argparse
import os
import random
import re
import statistics
import sys
import tempfile
import time
import urllib.request
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
sys.path.insert(0, str(ROOT))

from tests.bench.bench_web import no_browser, resident_mib, start_serve  # noqa: E402
from tests.web.browser import ARGS, LAUNCH_TIMEOUT_MS, chromium_path  # noqa: E402

NAMES = ("Ann", "Ben", "Cy", "Di", "Ed", "Flo", "Gus", "Hal")


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--pages", type=int, default=20)
    parser.add_argument("--cards", type=int, default=8)
    args = parser.parse_args(argv)
    missing = no_browser()
    if missing is not None:
        print(f"Night of the Mummy's pages: not measured: {missing}")
        return 2 if os.environ.get("GRIMOIRE_BROWSER_TESTS") == "required" else 0
    from playwright.sync_api import sync_playwright

    from grimoire.games import persist
    from grimoire.games.mummy import phones as ph
    from grimoire.games.mummy import rules, save
    from grimoire.store import seat_links

    folder = Path(tempfile.mkdtemp(prefix="bench-mummy-"))
    home = folder / "home"
    os.environ["GRIMOIRE_HOME"] = str(home)  # persist writes the autosave here, as the table does
    rng = random.Random(3)
    game = rules.MasqueradeGame(rules.deal(NAMES, rules.random_choice(8, rng), rng), turn=0)
    phones = ph.new_phones(game, "0123456789abcdef")
    path = persist.write(save.KEY, save.to_dict(save.Party(game, (), (), phones)))
    codes = seat_links.seat_codes(path, range(8))
    env = {**os.environ, "PYTHONPATH": str(ROOT)}
    server, printed = start_serve(path, env)
    try:
        found = re.search(r"(http://127\.0\.0\.1:\d+)/[A-Za-z0-9_-]+/", printed)
        assert found, printed
        base, table = found.group(1), found.group(0)
        with sync_playwright() as p:
            browser = p.chromium.launch(executable_path=chromium_path(), args=ARGS, timeout=LAUNCH_TIMEOUT_MS)
            weights: list[int] = []
            first = browser.new_page(viewport={"width": 390, "height": 844})
            first.on("response", lambda r: weights.append(len(r.body())) if "/events" not in r.url else None)
            first.goto(f"{base}/s/{codes[0]}/")
            first.wait_for_selector("html[data-renders='1']", state="attached")
            first.close()
            with urllib.request.urlopen(f"{base}/s/{codes[0]}/events", timeout=10) as stream:
                message = stream.readline() + stream.readline()
            weight = sum(weights) + len(message)
            pages = []
            for n in range(args.pages):
                page = browser.new_page(viewport={"width": 390, "height": 844})
                page.goto(f"{base}/s/{codes[n % 8]}/" if n % 9 != 8 else table)
                page.wait_for_selector("html[data-renders]", state="attached")
                pages.append(page)
            time.sleep(0.5)
            peak = resident_mib(server.pid)
            phone = pages[1]  # Ben's
            latencies = []
            for n in range(args.cards):
                before = phone.evaluate("() => document.querySelectorAll('#cards .card').length")
                phones = phones.add((1, "whisper", f"Whisper {n}", [f"The whisper: {n}"], ()))
                t0 = time.monotonic()
                persist.write(save.KEY, save.to_dict(save.Party(game, (), (), phones)))
                deadline = t0 + 10
                while phone.evaluate("() => document.querySelectorAll('#cards .card').length") <= before:
                    if time.monotonic() > deadline:
                        raise SystemExit(f"card {n}: the seat's page never showed it")
                    time.sleep(0.002)
                latencies.append((time.monotonic() - t0) * 1000)
                peak = max(peak, resident_mib(server.pid))
            browser.close()
    finally:
        server.terminate()
        server.wait(timeout=10)
    verdict = "ok" if peak < 80 else "OVER"
    print(f"Night of the Mummy, server memory with {args.pages} pages open: {peak:.1f} MiB resident "
          f"(budget 80 MiB: {peak / 80:.2f}x) {verdict}")
    verdict = "ok" if max(latencies) < 300 else "OVER"
    print(f"Night of the Mummy, a card on a phone ({len(latencies)} cards): {statistics.median(latencies):.0f} ms "
          f"median (slowest {max(latencies):.0f} ms; budget 300 ms: {max(latencies) / 300:.2f}x) {verdict}")
    verdict = "ok" if weight < 150 * 1024 else "OVER"
    print(f"Night of the Mummy, a seat's page and all it loads: {weight / 1024:.1f} KB (first state "
          f"{len(message) / 1024:.1f} KB; budget 150 KB: {weight / (150 * 1024):.2f}x) {verdict}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
