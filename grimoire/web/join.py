"""Joining by one code: the table's page shows one link (``/j/<join code>/``) and its QR code;
a phone that opens it sees the circle, taps its seat and sits down.

The phone is given a key of its own in a cookie (``HttpOnly``, for that link's path alone);
the server keeps which claim holds which seat beside the game, with the key only as a hash
(grimoire.store.join_desk), so that the phone keeps its seat across a reload, a restart of the
server and its own sleep. Until it holds a seat, its page is the table's (public) with the
seats taken marked, and nothing private; once it does, it is that seat's page (its hand, its
cards, its notes), as a seat's link is. A seat taken cannot be taken by another phone: only the
storyteller's release or move (events of the game's log, grimoire.core.seat_claims) frees it.
A join page belongs to its game: once another is shown, or the join code changed (a new game at
the same file), its stream is told the game ended and closes, as a seat's page is.
Pure of Textual and Rich.
"""

from __future__ import annotations

import asyncio
import hashlib
import hmac
import io
import secrets
from pathlib import Path
from typing import TYPE_CHECKING, Any

from aiohttp import web

from grimoire.core.seat_claims import Claim, Decisions, decisions, holders, is_join_code, seat_of_key
from grimoire.store.join_desk import MAX_CLAIMS, Desk, join_path, new_claim_id, new_join_code, read_desk, write_desk
from grimoire.store.watch import FileWatch
from grimoire.web.table import Shown

if TYPE_CHECKING:
    from grimoire.web.server import Page, SquareServer

COOKIE = "phone"
KEPT_FOR = 30 * 24 * 3600  # seconds a phone keeps its key: a long evening, and a game over several
CLAIM_WORDS = 'Send {"seat": <the seat\'s number>}.'
JOIN = web.RequestKey[str]("join")  # a join page's phone: its key's hash ("" before it has a key)


def key_hash(key: str) -> str:
    return hashlib.sha256(key.encode()).hexdigest()[:32]


def is_phone_key(text: str) -> bool:
    return 16 <= len(text) <= 64 and all(c.isascii() and (c.isalnum() or c in "-_") for c in text)


class JoinDesk:
    """The server's side of joining: the join code and the claims of the game shown."""

    def __init__(self, server: SquareServer) -> None:
        self.server = server
        self.path: Path | None = None
        self.desk = Desk()
        self.decided = Decisions()
        self._watch: FileWatch | None = None
        self._lock = asyncio.Lock()
        self._unkept: Path | None = None  # a game beside which no join code could be kept

    # --- following the file --------------------------------------------------------------------
    def read(self) -> bool:
        """Whether the join file changed (read again if so)."""
        path = self.server.table.path
        changed = False
        if path != self.path:
            self.path, self.desk, changed = path, Desk(), True
            self._watch = FileWatch(join_path(path)) if path is not None else None
        if self._watch is not None and self.path is not None and (
                self._watch.changed() or (self._watch.missing and self.desk != Desk())):
            self.desk, changed = read_desk(self.path), True
        return changed

    async def look(self, reread: bool) -> bool:
        """One look: the file, the storyteller's decisions (after the save was read again), and
        a join code made for a game that has none yet. Whether anything changed."""
        changed = self.read()
        if reread:
            game = self.server.table.follower.game
            decided = decisions(game.events) if game is not None else Decisions()
            changed = changed or decided != self.decided
            self.decided = decided
        path = self.path
        # (Another game played with phones, Night of the Mummy, has its own links: no join code.)
        if (path is not None and not self.desk.code and isinstance(self.server.table.game, tuple)
                and self._unkept != path):
            desk = Desk(new_join_code())
            try:
                await asyncio.to_thread(write_desk, path, desk)
            except OSError:
                self._unkept = path  # a folder that keeps nothing: no join code, the seat links still work
                return changed
            if path == self.path:
                self.desk, changed = desk, True
        return changed

    def held(self) -> dict[int, Claim]:
        shown = self.server.shown
        seats = [s.number - 1 for s in shown.view.seats] if isinstance(shown, Shown) else None
        return holders(self.desk.claims, self.decided, seats)

    def code_is(self, code: str) -> bool:
        return bool(self.desk.code) and hmac.compare_digest(code.encode(), self.desk.code.encode())

    # --- the gate --------------------------------------------------------------------------------
    def gate(self, request: web.Request, code: str) -> int | None:
        """The seat this phone holds (None: none yet); 403 if the code is not the game's now."""
        if not is_join_code(code) or not (self.code_is(code) or (self.read() and self.code_is(code))):
            raise web.HTTPForbidden(text="This join code is not the one of the game the storyteller has open now: "
                                         "scan the code on the table's page (the TV) again.")
        key = request.cookies.get(COOKIE, "")
        hashed = key_hash(key) if is_phone_key(key) else ""
        request[JOIN] = hashed
        return seat_of_key(self.held(), hashed) if hashed else None

    # --- what a join page is sent ---------------------------------------------------------------
    def still_its_game(self, page: Page) -> bool:
        return page.game == self.server.table.number and self.code_is(page.code)

    def state(self, page: Page) -> dict[str, Any]:
        """The seat's page once this phone holds one (its seat kept on ``page`` for its hand's
        news), else the table's, with the seats taken."""
        held = self.held()
        seat = seat_of_key(held, page.join) if page.join else None
        page.seat = seat
        server = self.server
        data = server.state_data(seat)
        if server.shown is None:
            return data
        if seat is not None:
            from grimoire.web.state import notes_key

            data["me"]["notes"] = notes_key(server.table.table_token or self.desk.code, held[seat].id)
            data["joined"] = True
        else:
            data["join"] = {"taken": sorted(s + 1 for s in held)}
        return data

    def invite(self) -> dict[str, str] | None:
        """What the table's page shows of the join code (the link is the page's own address's,
        or the server's on the network, ``base``)."""
        if not self.desk.code:
            return None
        return {"code": self.desk.code, "base": self.server.base}

    # --- sitting down ------------------------------------------------------------------------------
    async def claim(self, request: web.Request, holding: int | None) -> web.Response:
        """A phone sits down (``holding``: the seat it holds already, if any)."""
        server = self.server
        code = request.match_info["code"]
        if holding is not None:
            raise web.HTTPConflict(text="This phone holds a seat already: the storyteller can move it.")
        try:
            body = await request.json()
        except ValueError:
            raise web.HTTPBadRequest(text=CLAIM_WORDS) from None
        number = body.get("seat") if isinstance(body, dict) and set(body) == {"seat"} else None
        if not isinstance(number, int) or isinstance(number, bool):
            raise web.HTTPBadRequest(text=CLAIM_WORDS)
        shown, path = server.shown, self.path
        if shown is None or path is None:
            raise web.HTTPConflict(text="The storyteller has no game open yet: wait a moment.")
        if not isinstance(shown, Shown):
            raise web.HTTPConflict(text="This game's players each open their own link: the laptop shows it (L).")
        seat = next((s for s in shown.view.seats if s.number == number), None)
        if seat is None:
            raise web.HTTPNotFound(text=f"There is no seat {number} at this table.")
        async with self._lock:  # two phones tapping one seat at once: the first sits, the second is told
            fresh = await asyncio.to_thread(read_desk, path)
            if path != self.path or not fresh.code or not hmac.compare_digest(fresh.code.encode(), code.encode()):
                raise web.HTTPConflict(text="The storyteller has started another game: scan the code on the TV again.")
            self.desk = fresh
            if number - 1 in self.held():
                raise web.HTTPConflict(text=f"Seat {number} is taken by another phone: if it is yours, "
                                            "ask the storyteller to release it.")
            if len(fresh.claims) >= MAX_CLAIMS:
                raise web.HTTPConflict(text="Too many phones have sat down at this table: ask the storyteller.")
            key = secrets.token_urlsafe(18)
            made = Claim(new_claim_id({c.id for c in fresh.claims}), number - 1, key_hash(key))
            desk = Desk(fresh.code, (*fresh.claims, made))
            try:
                await asyncio.to_thread(write_desk, path, desk)
            except OSError:
                raise web.HTTPServiceUnavailable(text="The storyteller's laptop could not keep it: try again.") from None
            self.desk = desk
        for page in server.pages:
            if page.join is not None:
                page.news.set()  # the seat shows as taken on every join page
        response = web.json_response({"seat": number, "name": seat.name})
        response.set_cookie(COOKIE, key, path=f"/j/{code}", max_age=KEPT_FOR, httponly=True, samesite="Strict")
        return response

    async def qr(self, request: web.Request) -> web.Response:
        """The join link's QR code, for the table's page to show across the room."""
        import segno

        if not self.desk.code:
            raise web.HTTPNotFound(text="No join code yet.")
        base = self.server.base or f"{request.scheme}://{request.host}"
        out = io.BytesIO()
        qr = segno.make(f"{base}/j/{self.desk.code}/", error="m")
        qr.save(out, kind="svg", border=2, xmldecl=False, omitsize=True)  # a viewBox, no size: it scales
        return web.Response(body=out.getvalue(), content_type="image/svg+xml")

