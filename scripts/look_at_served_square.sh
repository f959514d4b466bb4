#!/usr/bin/env bash
# Load the players' town square (grimoire serve) in headless Chromium and save screenshots:
#   scripts/look_at_served_square.sh [OUT_PREFIX]   -> OUT_PREFIX-tv.png and OUT_PREFIX-phone.png
# (a 1280x720 window, and a 412x915 one at twice the pixels, as a phone held upright)
# A sample game (day 1: a nomination counted, another under way) is made in a private home;
# the server listens on 127.0.0.1 on a free port and is stopped at the end. Chromium is driven
# over its DevTools websocket (aiohttp, which textual-serve brings): a plain --screenshot is
# taken before the square has drawn. Needs chromium (Debian's package) or CHROMIUM=path.
set -euo pipefail
cd "$(dirname "$0")/.."
PREFIX="$(realpath -m "${1:-served-square}")"
PY="${PYTHON:-python3}"
[ -z "${PYTHON:-}" ] && [ -x .venv/bin/python ] && PY=.venv/bin/python
CHROMIUM="${CHROMIUM:-$(command -v chromium || command -v chromium-browser || true)}"
[ -n "$CHROMIUM" ] || { echo "no chromium: install Debian's chromium package or set CHROMIUM"; exit 1; }
WORK="$(mktemp -d)"
export GRIMOIRE_HOME="$WORK/home" PYTHONPATH="$PWD${PYTHONPATH:+:$PYTHONPATH}"
SERVER="" BROWSER=""
cleanup() {
  [ -n "$BROWSER" ] && kill "$BROWSER" 2>/dev/null && wait "$BROWSER" 2>/dev/null
  [ -n "$SERVER" ] && kill "$SERVER" 2>/dev/null && wait "$SERVER" 2>/dev/null
  rm -rf "$WORK"
}
trap cleanup EXIT

"$PY" - "$WORK/game.toml" <<'PYTHON'
import random, sys
from pathlib import Path
from grimoire.core import events as ev
from grimoire.game import Game
from grimoire.simulate import random_answer, random_table
from grimoire.store.saves import save_game

game = Game(random_table(9, seed=4))
game.apply(ev.StartNight())
rng = random.Random(4)
while game.prompt is not None:
    game.answer(random_answer(game.prompt, game, rng))
alive = [s.index for s in game.state.seats if s.alive]
game.apply(ev.Nominate(alive[0], alive[1]))
game.apply(ev.Vote(alive[1], tuple(alive[:5])))
game.apply(ev.Nominate(alive[2], alive[3]))
save_game(game, Path(sys.argv[1]))
PYTHON

"$PY" -m grimoire serve "$WORK/game.toml" --port 0 > "$WORK/serve.log" 2>&1 &
SERVER=$!
URL=""
for _ in $(seq 200); do
  URL="$(grep -o 'http://127\.0\.0\.1:[0-9]*/[A-Za-z0-9_-]*/' "$WORK/serve.log" | head -1 || true)"
  [ -n "$URL" ] && break
  kill -0 "$SERVER" 2>/dev/null || { cat "$WORK/serve.log"; exit 1; }
  sleep 0.1
done
[ -n "$URL" ] || { echo "grimoire serve printed no address"; cat "$WORK/serve.log"; exit 1; }
echo "serving $URL"

# One browser per size (a window of that size, as a TV's or a phone's), driven over DevTools.
for SHOT in tv:1280,720:1 phone:412,915:2; do
  NAME="${SHOT%%:*}" REST="${SHOT#*:}"
  SIZE="${REST%%:*}" SCALE="${REST#*:}"
  rm -rf "$WORK/chromium"
  "$CHROMIUM" --headless --no-sandbox --disable-gpu --disable-quic --no-first-run \
    --disable-background-networking --disable-component-update --disable-sync \
    --user-data-dir="$WORK/chromium" --window-size="$SIZE" --force-device-scale-factor="$SCALE" \
    --remote-debugging-port=0 about:blank 2>"$WORK/chromium.log" &
  BROWSER=$!
  for _ in $(seq 200); do
    [ -s "$WORK/chromium/DevToolsActivePort" ] && break
    sleep 0.1
  done
  "$PY" - "$(head -1 "$WORK/chromium/DevToolsActivePort")" "$URL" "$PREFIX-$NAME.png" <<'PYTHON'
import asyncio, base64, itertools, json, sys, time
import aiohttp

PORT, URL, OUT = sys.argv[1], sys.argv[2], sys.argv[3]


async def main() -> None:
    ids = itertools.count(1)
    async with aiohttp.ClientSession() as http:
        async with http.get(f"http://127.0.0.1:{PORT}/json/list") as r:
            page = next(t for t in await r.json() if t["type"] == "page")
        async with http.ws_connect(page["webSocketDebuggerUrl"], max_msg_size=0) as ws:
            async def call(method, **params):
                n = next(ids)
                await ws.send_json({"id": n, "method": method, "params": params})
                async for msg in ws:
                    data = json.loads(msg.data)
                    if data.get("id") == n:
                        if "error" in data:
                            raise RuntimeError(f"{method}: {data['error']}")
                        return data.get("result", {})
            await call("Page.navigate", url=URL)
            deadline = time.monotonic() + 60
            drawn = "document.body && document.body.classList.contains('-first-byte')"
            while not (await call("Runtime.evaluate", expression=drawn))["result"].get("value"):
                if time.monotonic() > deadline:
                    raise SystemExit("the square never drew in the page")
                await asyncio.sleep(0.2)
            await asyncio.sleep(2)  # the page fades the square in; then it has settled
            shot = await call("Page.captureScreenshot", format="png")
            with open(OUT, "wb") as f:
                f.write(base64.b64decode(shot["data"]))
            print("screenshot:", OUT)

asyncio.run(main())
PYTHON
  kill "$BROWSER" 2>/dev/null; wait "$BROWSER" 2>/dev/null || true
  BROWSER=""
done
