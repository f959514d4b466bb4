"""Benchmark (not a test): the players' web page, served by ``grimoire serve`` to real pages.

    .venv/bin/python tests/bench/bench_web.py [--pages 20] [--keys 15]

``grimoire serve SAVE`` (the real command, in its own process) on a 15-seat game at its first
day, and ``--pages`` pages of it open in one headless Chromium (the system's, driven by
Playwright). Three figures, each against its budget:

1. Memory: the server and every process it started (none: a page is a connection), resident,
   with all the pages open and after every key. Budget: under 80 MiB for 20 pages.
2. A storyteller's key to every page: the game changed and saved as the grimoire saves it
   (``save_game``, atomically), ``--keys`` times (a death, a revival, a nomination ...); the
   time from just before the save to each page's next drawing (a mutation observer installed
   in every page records the moment the page's render counter moves, on the same clock).
   Median and 90th percentile over every page and key. Budget: median under 200 ms.
3. Weight: the bytes of the page and everything it loads (the responses a fresh page gets
   before its first drawing, the first state included). Budget: under 150 KB.

And a night card sent to a phone, shown on it (budget 300 ms); a phone joining by the table's
one code: open the link, tap a seat, "Sit here", the seat's page drawn (budget 1 s); Ctrl+C
with every page open (budget 1 s).
"""

from __future__ import annotations

import argparse
import os
import re
import signal
import statistics
import subprocess
import sys
import tempfile
import time
import urllib.request
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
sys.path.insert(0, str(ROOT))

from tests.web.browser import ARGS, LAUNCH_TIMEOUT_MS, chromium_path  # noqa: E402

# In every page, before its own script: the wall-clock time of each drawing (the page counts
# its drawings in <html data-renders>), for the bench to read.
TIMES = """
window.__drawn = [];
new MutationObserver(() => window.__drawn.push(Date.now()))  // the document: <html> is not made yet
  .observe(document, {attributes: true, subtree: true, attributeFilter: ["data-renders"]});
"""


def first_day(players: int = 15):  # type: ignore[no-untyped-def]
    import random

    from grimoire.core import events as ev
    from grimoire.game import Game
    from grimoire.simulate import random_answer, random_table

    game = Game(random_table(players, seed=2, script="phantom"))
    game.apply(ev.StartNight())
    rng = random.Random(2)
    while game.prompt is not None:
        game.answer(random_answer(game.prompt, game, rng))
    return game


def keys(game):  # type: ignore[no-untyped-def]
    """The storyteller's keys, as events: a seat dies and comes back, one by one round the table."""
    from grimoire.core import events as ev

    g = game.state
    for seat in [s.index for s in g.seats if s.alive]:
        yield ev.SetAlive(seat, False)
        yield ev.SetAlive(seat, True)


def start_serve(save: Path, env: dict[str, str]) -> tuple[subprocess.Popen[str], str]:
    """``grimoire serve SAVE`` on a port of its own, and what it printed up to its Ctrl+C line."""
    server = subprocess.Popen([sys.executable, "-m", "grimoire", "serve", str(save), "--port", "0"],
                              stdout=subprocess.PIPE, stderr=subprocess.STDOUT, text=True, env=env)
    assert server.stdout is not None
    printed = ""
    while "Ctrl+C" not in printed:
        line = server.stdout.readline()
        if not line:
            server.kill()
            raise SystemExit("grimoire serve ended:\n" + printed)
        printed += line
    return server, printed


def resident_mib(pid: int) -> float:
    """The resident memory of ``pid`` and every process under it."""
    total = 0
    for line in Path(f"/proc/{pid}/status").read_text().splitlines():
        if line.startswith("VmRSS:"):
            total += int(line.split()[1])
    children = Path(f"/proc/{pid}/task/{pid}/children")
    if children.exists():
        for child in children.read_text().split():
            total += int(resident_mib(int(child)) * 1024)
    return total / 1024


def children_of(pid: int) -> list[str]:
    path = Path(f"/proc/{pid}/task/{pid}/children")
    return path.read_text().split() if path.exists() else []


def no_browser() -> str | None:
    """Why the pages cannot be opened here, or None."""
    try:
        import playwright.sync_api  # noqa: F401
    except ImportError:
        return "no playwright (pip install -e '.[test]'; make bench does it)"
    if chromium_path() is None:
        return "no chromium (apt-get install chromium, or GRIMOIRE_CHROMIUM names one)"
    return None


def phone_cards(browser, url: str, save: Path, game, cards: int = 8) -> list[float]:  # type: ignore[no-untyped-def]
    """Milliseconds from the grimoire saving a night card sent to a seat (an event of the log,
    as ``grimoire.tui`` sends one with ``f``) to that seat's page showing it, one card at a time."""
    from grimoire.core import events as ev
    from grimoire.store.phone_cards import new_card_id
    from grimoire.store.saves import save_game
    from grimoire.store.seat_links import seat_codes

    code = seat_codes(save, [0])[0]
    origin = url.split("/", 3)
    page = browser.new_page(viewport={"width": 390, "height": 844})
    page.goto(f"{origin[0]}//{origin[2]}/s/{code}/")
    page.wait_for_selector("html[data-renders]", state="attached")
    if not game.state.phones.night:
        game.apply(ev.PhonesChoice(night=True))
    latencies = []
    for n in range(cards):
        game.apply(ev.CardSent(new_card_id(), 0, "text", f"Card {n}", ["text"], [f"Bench card {n}"]))
        t0 = time.monotonic()
        save_game(game, save)
        deadline = t0 + 10
        while page.evaluate("() => document.querySelectorAll('#phone-cards-list .pc').length") <= n:
            if time.monotonic() > deadline:
                raise SystemExit(f"card {n}: the seat's page never showed it")
            time.sleep(0.002)
        latencies.append((time.monotonic() - t0) * 1000)
    page.close()
    return latencies


def joins(browser, url: str, save: Path, phones: int = 5) -> list[float]:  # type: ignore[no-untyped-def]
    """Milliseconds for a phone to join by the table's one code: from opening the link (a fresh
    browser, no cookie) to its seat's page drawn, the tap on a seat and on "Sit here" included."""
    from grimoire.store.join_desk import read_desk

    code = read_desk(save).code
    if not code:
        raise SystemExit("grimoire serve made no join code beside the game")
    origin = url.split("/", 3)
    latencies = []
    for n in range(1, phones + 1):
        context = browser.new_context(viewport={"width": 390, "height": 844})
        page = context.new_page()
        t0 = time.monotonic()
        page.goto(f"{origin[0]}//{origin[2]}/j/{code}/")
        page.click(f"#seats li[data-n='{n}'] .seat-box", timeout=10_000)
        page.click("#join-sit", timeout=10_000)
        page.wait_for_selector(f"#seats li.me[data-n='{n}']", state="attached", timeout=10_000)
        latencies.append((time.monotonic() - t0) * 1000)
        context.close()
    return latencies


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--pages", type=int, default=20)
    parser.add_argument("--keys", type=int, default=15)
    args = parser.parse_args(argv)
    missing = no_browser()
    if missing is not None:
        # The other benches' figures still count: say what was not measured, and finish, unless
        # this machine must measure it (as it must run the browser tests).
        print(f"players' page: not measured: {missing}")
        return 2 if os.environ.get("GRIMOIRE_BROWSER_TESTS") == "required" else 0
    from playwright.sync_api import sync_playwright

    from grimoire.store.saves import save_game

    chromium = chromium_path()
    assert chromium is not None
    folder = Path(tempfile.mkdtemp(prefix="bench-web-"))
    save = folder / "game.toml"
    game = first_day()
    save_game(game, save)
    env = {**os.environ, "GRIMOIRE_HOME": str(folder / "home"), "PYTHONPATH": str(ROOT)}
    server, printed = start_serve(save, env)
    try:
        found = re.search(r"http://127\.0\.0\.1:\d+/[A-Za-z0-9_-]+/", printed)
        assert found, printed
        url = found.group(0)
        idle = resident_mib(server.pid)
        with sync_playwright() as p:
            browser = p.chromium.launch(executable_path=chromium, args=ARGS, timeout=LAUNCH_TIMEOUT_MS)
            weights: list[int] = []
            first = browser.new_page()
            first.on("response", lambda r: weights.append(len(r.body())) if "/events" not in r.url else None)
            first.goto(url)
            first.wait_for_selector("html[data-renders='1']", state="attached")
            first.close()
            # The first state, as sent (the stream's first message): its response has no end.
            with urllib.request.urlopen(url + "events", timeout=10) as stream:
                message = stream.readline() + stream.readline()
            weight = sum(weights) + len(message)
            pages = []
            for _ in range(args.pages):
                context = browser.new_context(viewport={"width": 390, "height": 844})
                context.add_init_script(TIMES)
                page = context.new_page()
                page.goto(url)
                page.wait_for_selector("html[data-renders]", state="attached")
                pages.append(page)
            time.sleep(0.5)
            peak = resident_mib(server.pid)
            latencies: list[float] = []
            for n, event in zip(range(args.keys), keys(game)):
                counts = [p.evaluate("() => window.__drawn.length") for p in pages]
                game.apply(event)
                t0 = time.time() * 1000
                save_game(game, save)
                deadline = time.monotonic() + 10
                for page, count in zip(pages, counts):
                    while page.evaluate("() => window.__drawn.length") <= count:
                        if time.monotonic() > deadline:
                            drawn = page.evaluate("() => [window.__drawn.length, document.documentElement.dataset.renders]")
                            raise SystemExit(f"key {n}: a page never drew the change ({drawn}, before {count})")
                        time.sleep(0.005)
                    latencies.append(page.evaluate(f"() => window.__drawn[{count}]") - t0)
                peak = max(peak, resident_mib(server.pid))
            card_latencies = phone_cards(browser, url, save, game)
            join_latencies = joins(browser, url, save)
            extra = children_of(server.pid)
            # Ctrl+C with every page still open: the storyteller waits for this.
            stop_started = time.monotonic()
            server.send_signal(signal.SIGINT)
            server.wait(timeout=30)
            stopped = time.monotonic() - stop_started
            browser.close()
    finally:
        if server.poll() is None:
            server.terminate()
            server.wait(timeout=10)
    median = statistics.median(latencies)
    p90 = statistics.quantiles(latencies, n=10)[-1]
    verdict = "ok" if peak < 80 else "OVER"
    print(f"server memory with {args.pages} pages open: {peak:.1f} MiB resident (idle {idle:.1f} MiB), "
          f"{len(extra)} processes started (budget 80 MiB: {peak / 80:.2f}x) {verdict}")
    verdict = "ok" if p90 < 200 else "OVER"
    print(f"storyteller's key to every page ({args.pages} pages, {len(latencies) // max(args.pages, 1)} keys): "
          f"{median:.0f} ms median (90th percentile {p90:.0f} ms, slowest {max(latencies):.0f} ms; "
          f"budget 200 ms at the 90th percentile: {p90 / 200:.2f}x) {verdict}")
    card_median = statistics.median(card_latencies)
    verdict = "ok" if max(card_latencies) < 300 else "OVER"
    print(f"a night card sent to a phone, shown on it ({len(card_latencies)} cards): {card_median:.0f} ms median "
          f"(slowest {max(card_latencies):.0f} ms; budget 300 ms: {max(card_latencies) / 300:.2f}x) {verdict}")
    verdict = "ok" if max(join_latencies) < 1000 else "OVER"
    print(f"a phone joining by one code, seated ({len(join_latencies)} phones): "
          f"{statistics.median(join_latencies):.0f} ms median (slowest {max(join_latencies):.0f} ms; "
          f"budget 1 s: {max(join_latencies) / 1000:.2f}x) {verdict}")
    verdict = "ok" if stopped < 1.0 else "OVER"
    print(f"Ctrl+C of serve with {args.pages} pages open: {stopped:.2f} s (budget 1 s: {stopped:.2f}x) {verdict}")
    verdict = "ok" if weight < 150 * 1024 else "OVER"
    print(f"the page and all it loads: {weight / 1024:.1f} KB (first state {len(message) / 1024:.1f} KB; "
          f"budget 150 KB: {weight / (150 * 1024):.2f}x) {verdict}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
