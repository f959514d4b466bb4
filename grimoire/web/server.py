"""``grimoire serve``: the players' town square as a web page, from one aiohttp process.

Every open page holds one server-sent-events stream; at each change of the game's files
(grimoire.web.table) the server makes the new state once and writes it to every stream, so a
phone costs a connection, not a process. Two kinds of address, each behind a random token:

- ``/<token>/``: the table's page (a TV, everyone's phone); the token is kept with the game
  (grimoire.store.seat_links), the same at each start, new for a new game. A server that
  follows the grimoire keeps the token of the game open as it starts until it stops.
- ``/s/<code>/``: one seat's page (grimoire.store.seat_links): the table as that seat, and
  during a vote one button to raise or lower that seat's hand; and, when the storyteller
  deals to phones or sends the night's cards to them, that seat's own cards
  (grimoire.web.phone_state), never another's. A seat's page is of one game: once another is
  shown (or its code is gone), its stream is told the game ended and closes, sent nothing of
  the new game. The only things any page may send are that hand (the grimoire shows it and
  the storyteller confirms it) and that one of its own cards was opened or seen (``card``).

Anything else is refused (403) before it is looked at. The page, its style and its script are
served from memory, with a policy that lets them load nothing from anywhere else.
"""

from __future__ import annotations

import asyncio
import hmac
import json
import os
import secrets
import time
from collections.abc import Awaitable, Callable
from pathlib import Path
from typing import Any

from aiohttp import web

from grimoire.console import echo
from grimoire.store import live_table, phone_cards, seat_links
from grimoire.store.live_table import PhoneHands
from grimoire.web.join import JOIN, JoinDesk
from grimoire.web.other_game import OtherReader, OtherShown
from grimoire.web.phone_state import cards_part
from grimoire.web.state import may_vote, notes_key, open_vote, page_state
from grimoire.web.table import Shown, Table, read_game

PAGE = Path(__file__).with_name("page")
FILES = {"": ("index.html", "text/html"), "page.css": ("page.css", "text/css"),
         "page.js": ("page.js", "text/javascript"), "phone_cards.js": ("phone_cards.js", "text/javascript"),
         "phone_cards.css": ("phone_cards.css", "text/css"), "votes.css": ("votes.css", "text/css"),
         "votes.js": ("votes.js", "text/javascript"), "join.js": ("join.js", "text/javascript"),
         "join.css": ("join.css", "text/css"), "mummy.html": ("mummy.html", "text/html"),
         "mummy.css": ("mummy.css", "text/css"), "mummy.js": ("mummy.js", "text/javascript")}
HEADERS = {
    # Nothing from anywhere else: no font, script or style (the table's wifi may have no internet).
    "Content-Security-Policy": "default-src 'none'; script-src 'self'; style-src 'self'; connect-src 'self'; "
                               "img-src 'self' data:; base-uri 'none'; form-action 'none'; frame-ancestors 'none'",
    "X-Content-Type-Options": "nosniff",
    "Referrer-Policy": "no-referrer",  # the address holds the token
    "Cache-Control": "no-store",
}
LOOK = 0.025  # seconds between two looks at the files (four stats): a key reaches the pages at once
PING = 15.0  # seconds: a comment on an idle stream, so that a dead connection is noticed
MAX_PAGES = 200  # open streams at once: more are refused (503), the storyteller's machine first
FRESH = 0.1  # seconds: how old the table's state may be when a timer runs (one change, every page)
HAND_BYTES = 256
HANDS_PER_SECOND = 5.0  # per seat: a finger on the button, not a script
CARD_WORDS = "Send {\"card\": \"<the card's id>\", \"did\": \"opened\"} or {..., \"did\": \"seen\"}."
SEAT = web.RequestKey[int | None]("seat")  # the seat whose page asks (None: the table's page)


def new_token() -> str:
    return secrets.token_urlsafe(18)  # 144 random bits, letters, digits, - and _ only


def kept_token(save: Path | None) -> str:
    """The table's token kept with the game served (or, following the grimoire, the game open
    as the server starts), so that a TV's address comes back after a restart; a new one if
    there is no game yet or its folder cannot keep it."""
    game = save
    if game is None:
        from grimoire.store.open_game import read_open

        opened = read_open()
        game = opened.path if opened is not None else None
    if game is not None and game.is_file():  # nothing is written beside a file that is gone
        try:
            return seat_links.table_token(game)
        except OSError:
            pass
    return new_token()


ENDED = b'data: {"v":1,"ended":true}\n\n'  # a seat's page whose game is over: the last it is sent


class Page:
    """One open stream: which seat (None: the table's page) of which game, and whether it has news."""

    def __init__(self, seat: int | None, code: str = "", game: int = 0, join: str | None = None) -> None:
        self.seat = seat
        self.join = join  # a join page's phone (grimoire.web.join: its key's hash, "" none yet); None: no join page
        self.code = code  # the seat's code it opened with: checked again before every state it is sent
        self.game = game  # Table.number as it opened: a seat's page belongs to that game alone
        self.news = asyncio.Event()
        self.news.set()  # the state as it is, first
        self.sent = b""  # the last state written to it: the same again is not sent (a card for
        # another seat changes nothing here, and every page drawing it again slowed the one it was for)


class SquareServer:
    def __init__(self, save: Path | None, token: str | None = None, look: float = LOOK,
                 say: Callable[[str], None] | None = None, others: tuple[OtherReader, ...] = ()) -> None:
        self.token = token or kept_token(save)
        self.say = say or (lambda line: echo(line, err=True))  # to the storyteller's terminal
        self._troubled = False  # a trouble following the game was said, and is not over yet
        self.table = Table(save, others)
        self.look_every = look
        self.pages: set[Page] = set()
        self.shown: Shown | OtherShown | None = None
        self._table_json = b""
        self._table_made = 0.0  # time.monotonic() when _table_json was made
        self._files = {name: ((PAGE / file).read_bytes(), kind) for name, (file, kind) in FILES.items()}
        self._last_hand: dict[int, float] = {}
        self._last_card: dict[int, float] = {}
        self._hands: PhoneHands | None = None
        self._looking: asyncio.Task[None] | None = None
        self.closing = False
        self.base = ""  # where phones reach this server on the network, once it listens (grimoire.web.serve)
        self.join = JoinDesk(self)

    @property
    def prefix(self) -> str:
        return f"/{self.token}"

    # --- the app --------------------------------------------------------------------------
    def runner(self, **options: Any) -> web.AppRunner:
        """The app's runner. A page that goes away ends its stream's handler at once, and its
        place among the MAX_PAGES with it (by default the handler would learn it only at its
        next write, a PING later)."""
        return web.AppRunner(self.make_app(), handler_cancellation=True, **options)

    def make_app(self) -> web.Application:
        app = web.Application(middlewares=[self._gate], client_max_size=HAND_BYTES)
        for base in (self.prefix, "/s/{code}", "/j/{code}"):
            app.add_routes([
                web.get(base, self._to_page),
                web.get(base + "/", self._file),
                web.get(base + "/{file:(?:page|phone_cards|votes|join|mummy)\\.(?:css|js)}", self._file),
                web.get(base + "/events", self._events),
            ])
        for base in ("/s/{code}", "/j/{code}"):
            app.add_routes([web.post(base + "/hand", self._hand), web.post(base + "/card", self._card)])
        app.add_routes([web.post("/j/{code}/claim", self._claim),
                        web.get(self.prefix + "/join.svg", self.join.qr)])
        app.on_startup.append(self._start_looking)
        app.on_shutdown.append(self._end_streams)  # before the server waits for its handlers
        app.on_cleanup.append(self._stop_looking)
        return app

    @web.middleware
    async def _gate(self, request: web.Request, handler: Callable[[web.Request], Awaitable[Any]]) -> Any:
        """The table's token, or a seat's code of the game shown now; else 403 at once."""
        parts = request.rel_url.raw_path.split("/")
        first = parts[1] if len(parts) > 1 else ""
        if hmac.compare_digest(first.encode(), self.token.encode()):
            request[SEAT] = None
        elif first == "s" and len(parts) > 2 and self._seat(parts[2]) is not None:
            request[SEAT] = self._seat(parts[2])
        elif first == "j" and len(parts) > 2:  # the table's join code: a phone's seat, if it holds one
            request[SEAT] = self.join.gate(request, parts[2])
        elif first == "s":  # a seat's link of a game before (or none at all)
            raise web.HTTPForbidden(text="This seat's link is not one of the game the storyteller has open now: "
                                         "ask them for your seat's link (its QR code is in the grimoire, key L).")
        else:
            raise web.HTTPForbidden(text="This address needs the town square's token: ask the storyteller.")
        response = await handler(request)
        response.headers.update(HEADERS)
        return response

    def _seat(self, code: str) -> int | None:
        if not seat_links.is_code(code):
            return None
        seat = seat_links.seat_of_code(self.table.codes, code)
        if seat is None and self.table.look_at_codes():
            seat = seat_links.seat_of_code(self.table.codes, code)
        return seat

    async def _to_page(self, request: web.Request) -> web.StreamResponse:
        raise web.HTTPFound(request.rel_url.path + "/")

    async def _file(self, request: web.Request) -> web.Response:
        name = request.match_info.get("file", "")
        if not name and isinstance(self.shown, OtherShown):  # another game's own page
            name = self.shown.game.page + ".html"
        body, kind = self._files[name]
        return web.Response(body=body, content_type=kind, charset="utf-8")

    # --- following the game ------------------------------------------------------------------
    async def _start_looking(self, app: web.Application) -> None:
        self._looking = asyncio.create_task(self._keep_looking())

    async def _end_streams(self, app: web.Application) -> None:
        """At the stop, every open stream ends at once: the server would otherwise wait out its
        grace for them, and a Ctrl+C would take seconds."""
        self.closing = True
        for page in list(self.pages):
            page.news.set()  # each stream sees that it is the end

    async def _stop_looking(self, app: web.Application) -> None:
        await self._end_streams(app)
        if self._looking is not None:
            self._looking.cancel()
            try:
                await self._looking
            except (asyncio.CancelledError, Exception):  # noqa: BLE001  a stop says nothing more (never a traceback)
                pass

    async def _keep_looking(self) -> None:
        while True:
            try:
                await self.look()
            except Exception as error:  # noqa: BLE001  a bad look is one look: the next one follows the game again
                self._trouble(f"grimoire serve: the game could not be followed just now ({type(error).__name__}); "
                              "the pages keep what they show, and the server keeps looking.")
            await asyncio.sleep(self.look_every)

    async def look(self) -> None:
        reread, small = self.table.look()
        if reread and self.table.path is not None:
            path = self.table.path
            game = await asyncio.to_thread(read_game, path, self.table.follower, self.table.others)
            if path != self.table.path:
                return  # the grimoire opened another game meanwhile: the next look reads it
            if game is None:
                # Half written, damaged, not UTF-8 (what is wrong may name a character: not said).
                self._trouble(f"grimoire serve: {path} cannot be read as a game just now; the pages keep "
                              "what they show, and follow it again once it reads.")
                if self.table.game is not None:
                    return  # the pages keep the last good state
            elif self._troubled:
                self._troubled = False
                self.say(f"grimoire serve: {path} reads again: the pages follow it.")
            self.table.game = game
            await self.join.look(True)  # the storyteller's releases and moves are the save's
        elif not (await self.join.look(False) or small):
            return  # nothing changed (a running timer too: the pages count it down themselves)
        self._show(self.table.shown())

    def _trouble(self, line: str) -> None:
        """Said once, however many looks find it again, until the game reads again."""
        if not self._troubled:
            self._troubled = True
            self.say(line)

    def _show(self, shown: Shown | OtherShown | None) -> None:
        self.shown = shown
        if isinstance(shown, Shown) and (vote := open_vote(shown.view, shown.live)) is not None:
            if self._hands is None or self._hands.key != vote.key:
                self._hands = PhoneHands(vote.key)
        else:
            self._hands = None
        self._table_json = self._state(None)
        self._table_made = time.monotonic()
        for page in self.pages:
            page.news.set()

    def _table_state(self) -> bytes:
        """The table's state, made once for every page at a change; made again when a timer runs
        and it is older than a moment (its time left is of when it was made, and a page that
        opens or comes back later must start from the time left now)."""
        shown = self.shown
        timer = shown.live.timer if isinstance(shown, Shown) else None
        if timer is not None and timer.running and time.monotonic() - self._table_made > FRESH:
            self._table_json = self._state(None)
            self._table_made = time.monotonic()
        return self._table_json

    def _state(self, seat: int | None) -> bytes:
        return message(self.state_data(seat))

    def state_data(self, seat: int | None) -> dict[str, Any]:
        shown = self.shown
        if shown is None:
            data: dict[str, Any] = {"v": 1, "waiting": True}
        elif isinstance(shown, OtherShown):  # its own state, a seat's own cards on its own page only
            data = shown.game.state(seat, shown.seen)
            if seat is not None and isinstance(data.get("me"), dict):
                data["me"]["notes"] = self._notes_key(seat)
        else:
            data = page_state(shown.view, shown.live, shown.script, me=seat, hands=self._hands,
                              rehearsal=shown.rehearsal, visitors=shown.visitors,
                              notes=self._notes_key(seat))
            if seat is not None:  # a seat's own cards, on its own page only
                data["cards"] = cards_part(shown.cards.get(seat, ()), shown.seen)
            else:  # the table's page can show the join code (grimoire.web.join)
                data["invite"] = self.join.invite()
        return data

    def _notes_key(self, seat: int | None) -> str:
        """A seat's notes key, from the codes as last read (the gate reads them as a link opens)."""
        if seat is None:
            return ""
        return notes_key(self.table.table_token, self.table.codes.get(seat, ""))

    # --- the pages' streams ------------------------------------------------------------------
    async def _events(self, request: web.Request) -> web.StreamResponse:
        if len(self.pages) >= MAX_PAGES:
            raise web.HTTPServiceUnavailable(text="Too many pages are open on this town square.")
        page = Page(request[SEAT], request.match_info.get("code", ""), self.table.number, request.get(JOIN))
        response = web.StreamResponse(headers={"Content-Type": "text/event-stream", **HEADERS})
        await response.prepare(request)
        self.pages.add(page)
        try:
            while True:
                try:
                    await asyncio.wait_for(page.news.wait(), PING)
                except TimeoutError:
                    await response.write(b": still here\n\n")
                    continue
                page.news.clear()
                if self.closing:
                    break
                if not self._still_its_game(page):
                    await response.write(ENDED)  # and nothing of the game shown now
                    break
                if page.join is not None:  # a join page: the seat its phone holds now, or the table's
                    state = message(self.join.state(page))
                else:
                    state = self._table_state() if page.seat is None else self._state(page.seat)
                if state != page.sent:
                    page.sent = state
                    await response.write(state)
        except ConnectionError:
            pass  # the page went away; gone at once when its connection closed (runner)
        finally:
            self.pages.discard(page)
        return response

    def _still_its_game(self, page: Page) -> bool:
        """A seat's page is sent nothing once the game it opened on is no longer the one shown:
        another game opened in the grimoire, or its seat's code gone (a new game at the same
        file). The table's page is public and follows whatever game is shown; a join page is of
        its join code's game (grimoire.web.join)."""
        if page.join is not None:
            return self.join.still_its_game(page)
        if page.seat is None:
            return True
        return page.game == self.table.number and seat_links.seat_of_code(self.table.codes, page.code) == page.seat

    async def _claim(self, request: web.Request) -> web.Response:
        return await self.join.claim(request, request[SEAT])  # a phone sits down (grimoire.web.join)

    # --- a seat's hand -------------------------------------------------------------------------
    async def _hand(self, request: web.Request) -> web.Response:
        seat = request[SEAT]
        if seat is None:
            raise web.HTTPForbidden(text="Only a seat's own link raises its hand.")
        try:
            body = await request.json()
        except ValueError:
            raise web.HTTPBadRequest(text="Send {\"up\": true} or {\"up\": false}.") from None
        if not isinstance(body, dict) or set(body) != {"up"} or not isinstance(body["up"], bool):
            raise web.HTTPBadRequest(text="Send {\"up\": true} or {\"up\": false}.")
        shown, hands = self.shown, self._hands
        vote = open_vote(shown.view, shown.live) if isinstance(shown, Shown) else None
        path = self.table.path
        if not isinstance(shown, Shown) or vote is None or hands is None or path is None:
            raise web.HTTPConflict(text="No vote is being counted now.")
        if vote.hidden:
            raise web.HTTPConflict(text="This vote is secret: raise your hand for the storyteller, eyes closed.")
        if not may_vote(shown.view, seat):
            raise web.HTTPConflict(text="You have no vote left: the dead vote once.")
        now = time.monotonic()
        if now - self._last_hand.get(seat, 0.0) < 1.0 / HANDS_PER_SECOND:
            raise web.HTTPTooManyRequests(text="One moment: your hand was just sent.")
        self._last_hand[seat] = now
        self._hands = hands.with_hand(seat, body["up"])
        await asyncio.to_thread(live_table.write_hands, path, self._hands)
        self._table_json = self._state(None)
        self._table_made = time.monotonic()
        for page in self.pages:
            if page.seat == seat:
                page.news.set()  # its button shows the hand at once; the grimoire shows it too
        return web.Response(status=204)


    # --- a seat's cards ----------------------------------------------------------------------------
    async def _card(self, request: web.Request) -> web.Response:
        """A seat's phone says it opened one of its own cards, or that the player has seen it."""
        seat = request[SEAT]
        if seat is None:
            raise web.HTTPForbidden(text="Only a seat's own link opens its cards.")
        try:
            body = await request.json()
        except ValueError:
            raise web.HTTPBadRequest(text=CARD_WORDS) from None
        if (not isinstance(body, dict) or set(body) != {"card", "did"} or not phone_cards.is_card_id(body["card"])
                or body["did"] not in (phone_cards.OPENED, phone_cards.SEEN)):
            raise web.HTTPBadRequest(text=CARD_WORDS)
        shown, path = self.shown, self.table.path
        if isinstance(shown, OtherShown):
            own = shown.game.card_ids(seat)
        else:
            own = frozenset(c.id for c in shown.cards.get(seat, ())) if shown is not None else frozenset()
        if shown is None or path is None or body["card"] not in own:
            raise web.HTTPNotFound(text="This seat has no such card (the storyteller may have taken it back).")
        now = time.monotonic()
        if now - self._last_card.get(seat, 0.0) < 1.0 / HANDS_PER_SECOND:
            raise web.HTTPTooManyRequests(text="One moment: your card was just sent.")
        self._last_card[seat] = now
        seen = dict(self.table.seen)
        if seen.get(body["card"]) == phone_cards.SEEN:
            return web.Response(status=204)  # seen stays seen: opening it again says nothing new
        seen[body["card"]] = body["did"]
        try:
            await asyncio.to_thread(phone_cards.write_seen, path, seen)
        except OSError:
            raise web.HTTPServiceUnavailable(text="The storyteller's laptop could not keep it: try again.") from None
        self.table.seen = seen
        self._show(self.table.shown())  # the table's page is the same: only this seat's changes
        return web.Response(status=204)


def message(data: dict[str, Any]) -> bytes:
    return b"data: " + json.dumps(data, ensure_ascii=True, separators=(",", ":")).encode() + b"\n\n"


def served_record(token: str, url: str) -> seat_links.Served:
    base = url.split(f"/{token}/", 1)[0]
    return seat_links.Served(base, token, os.getpid())
