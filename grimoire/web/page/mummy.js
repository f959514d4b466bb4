/* Night of the Mummy on the players' phones: draws the state the server pushes (server-sent
   events). The table's page shows only what is face-up; a player's own page adds their own
   cards (closed until tapped; opening one and "seen it" are told to the laptop) and their
   deduction grid. Every text goes in as text (textContent), never as markup. */
(() => {
  "use strict";

  const $ = (id) => document.getElementById(id);
  const root = document.documentElement;

  function el(tag, cls, text) {
    const e = document.createElement(tag);
    if (cls) e.className = cls;
    if (text !== undefined && text !== null) e.textContent = String(text);
    return e;
  }

  function nameEl(name) {
    const e = el("span", "nm", name);
    e.dir = "auto";
    return e;
  }

  // ---- the player's own hunches on the grid: in this browser only ---------------------------
  const HUNCH_PREFIX = "grimoire-mummy:";
  const NEXT = { "": "?", "?": "✓", "✓": "✗", "✗": "" };
  let hunchKey = "";
  let hunches = {};

  function useHunches(key) {
    key = typeof key === "string" && /^[0-9A-Za-z_-]{1,64}$/.test(key) ? key : "";
    if (key === hunchKey) return;
    hunchKey = key;
    hunches = {};
    if (!key) return;
    try {
      const raw = JSON.parse(localStorage.getItem(HUNCH_PREFIX + key) || "{}");
      if (raw && typeof raw === "object") {
        for (const [k, v] of Object.entries(raw)) {
          if (/^[0-9]{1,2}:[0-9]{1,2}$/.test(k) && (v === "?" || v === "✓" || v === "✗")) hunches[k] = v;
        }
      }
      for (let i = localStorage.length - 1; i >= 0; i--) {  // an earlier game's hunches go
        const k = localStorage.key(i);
        if (k && k.startsWith(HUNCH_PREFIX) && k !== HUNCH_PREFIX + key) localStorage.removeItem(k);
      }
    } catch (e) { /* no storage: kept until the page closes */ }
  }

  function setHunch(cell, mark) {
    if (mark) hunches[cell] = mark; else delete hunches[cell];
    try { localStorage.setItem(HUNCH_PREFIX + hunchKey, JSON.stringify(hunches)); } catch (e) { /* not kept */ }
  }

  // ---- cards --------------------------------------------------------------------------------
  const open = new Set();
  let msgTimer = 0;
  const wait = (ms) => new Promise((r) => setTimeout(r, ms));

  function message(text) {
    $("cards-msg").textContent = text;
    clearTimeout(msgTimer);
    msgTimer = setTimeout(() => { $("cards-msg").textContent = ""; }, 5000);
  }

  async function tell(card, did) {
    try {
      for (let tries = 0; ; tries++) {
        const reply = await fetch("card", {
          method: "POST",
          headers: { "Content-Type": "application/json" },
          body: JSON.stringify({ card: card.id, did: did }),
        });
        if (reply.status === 204 || reply.ok) return;
        if (reply.status === 429 && tries < 4) { await wait(300); continue; }
        message((await reply.text()).slice(0, 200) || "Not accepted (" + reply.status + ").");
        return;
      }
    } catch (e) {
      message("Not sent: no connection to the laptop.");
    }
  }

  const STATE = { new: "new", opened: "opened", seen: "read" };

  function cardEl(card) {
    const box = el("article", "card" + (card.state === "new" ? " new" : ""));
    box.dataset.card = card.id;
    box.dataset.kind = card.kind;
    const head = el("p", "card-head");
    head.append(el("span", "card-title", card.title), el("span", "card-state", STATE[card.state] || card.state));
    box.append(head);
    if (!open.has(card.id)) {
      const tap = el("button", "tap", card.state === "seen" ? "Read again" : "Tap to read");
      tap.type = "button";
      tap.addEventListener("click", () => {
        open.add(card.id);
        draw();
        if (card.state === "new") tell(card, "opened");
      });
      box.append(tap);
      return box;
    }
    for (const text of card.lines) {
      const p = el("p", "line", text);
      p.dir = "auto";
      box.append(p);
    }
    const done = el("button", "done", card.state === "seen" ? "Hide" : "Seen it · hide");
    done.type = "button";
    done.addEventListener("click", () => {
      open.delete(card.id);
      draw();
      if (card.state !== "seen") tell(card, "seen");
    });
    box.append(done);
    return box;
  }

  // ---- drawing ------------------------------------------------------------------------------
  let state = null;

  function drawCards(me) {
    // The guest held now first (the last dealt or swapped), then the rest newest first.
    const guests = me.cards.filter((c) => c.kind === "guest" || (c.kind === "swap" && c.title === "Your new guest"));
    const held = guests.length ? [guests[guests.length - 1]] : [];
    const rest = me.cards.filter((c) => !held.includes(c)).reverse();
    $("cards").replaceChildren(...[...held, ...rest].map(cardEl));
    const known = new Set(me.cards.map((c) => c.id));
    for (const id of [...open]) if (!known.has(id)) open.delete(id);
  }

  function drawGrid(grid) {
    const table = $("grid");
    const head = el("thead");
    const top = el("tr");
    top.append(el("th"));
    grid.columns.forEach((c, i) => {
      const th = el("th", null, grid.short[i]);
      th.title = c;
      top.append(th);
    });
    head.append(top);
    const body = el("tbody");
    grid.rows.forEach((place, r) => {
      const tr = el("tr");
      const th = el("th", "place");
      th.append(nameEl(place));
      tr.append(th);
      Array.from(grid.marks[r]).forEach((mark, c) => {
        const key = r + ":" + c;
        const sure = mark !== "·";
        const shown = sure ? mark : (hunches[key] || "");
        const td = el("td", (sure ? "sure " : "mine ") + (shown === "✓" ? "o" : shown === "✗" ? "x" : ""), shown);
        td.title = grid.columns[c] + " · " + place;
        if (!sure) {
          td.addEventListener("click", () => {
            setHunch(key, NEXT[hunches[key] || ""]);
            drawGrid(grid);
          });
        }
        tr.append(td);
      });
      body.append(tr);
    });
    table.replaceChildren(head, body);
  }

  function drawTable(s) {
    $("players").replaceChildren(...s.players.map((p) => {
      const li = el("li", p.turn ? "turn" : "");
      li.value = p.n;
      if (p.turn) li.append("▶ ");
      li.append(nameEl(p.name));
      if (p.me) li.append(el("span", "you", "you"));
      if (p.guest) li.append(" — ", el("span", "guest", p.guest + (p.revealed ? " (revealed)" : "")));
      if (p.winner) li.append(" ★ wins");
      return li;
    }));
    $("mystery").replaceChildren(...s.mystery.map((m) => el("li", null,
      "Mystery Guest " + m.n + " — " + (m.guest || "face-down"))));
    $("guests").replaceChildren(...s.guests.map((g) => {
      const d = el("details");
      d.append(el("summary", null, g.name + (g.advanced ? " (advanced)" : "")),
        el("p", "muted", g.face + " · " + g.whisper), el("p", null, g.ability));
      return d;
    }));
    $("log").replaceChildren(...s.log.map((line) => {
      const li = el("li", null, line);
      li.dir = "auto";
      return li;
    }));
  }

  // The grid shows the player's own card (its column crossed out): closed until tapped, and
  // closed again by a tap, as a card is.
  let gridOpen = false;

  function showGrid(on) {
    gridOpen = on;
    $("grid-part").hidden = !on;
    $("grid-toggle").textContent = on ? "Hide your grid" : "Show your grid";
    $("grid-toggle").setAttribute("aria-expanded", String(on));
    if (on && state && state.me) drawGrid(state.me.grid);
    if (!on) $("grid").replaceChildren();
  }

  function draw() {
    const s = state;
    if (!s) return;
    const me = s.me;
    $("mine").hidden = !me;
    if (me) {
      $("mine-head").textContent = "Only on your phone, " + me.name;
      drawCards(me);
      if (gridOpen) drawGrid(me.grid);
    }
  }

  function render(s) {
    state = s;
    $("waiting").hidden = true;
    $("turn").textContent = s.turn;
    document.title = s.title;
    useHunches(s.me ? s.me.notes : "");
    drawTable(s);
    draw();
    root.dataset.renders = String(Number(root.dataset.renders || 0) + 1);
  }

  function clear(words) {
    state = null;
    open.clear();
    showGrid(false);
    $("mine").hidden = true;
    $("cards").replaceChildren();
    $("grid").replaceChildren();
    $("players").replaceChildren();
    $("mystery").replaceChildren();
    $("log").replaceChildren();
    $("turn").textContent = "";
    $("waiting").hidden = false;
    $("waiting").textContent = words;
  }

  function refused(on, ended) {
    const box = $("refused");
    if (on) {
      $("refused-what").textContent = ended ? "The game this link was for has ended." : "This link is no longer the table's.";
      $("refused-do").textContent = "Ask the table for your new link (its QR code is on the laptop, key L).";
    }
    box.hidden = !on;
  }

  function connect() {
    const source = new EventSource("events");
    source.onmessage = (e) => {
      $("reconnecting").hidden = true;
      refused(false);
      let s;
      try { s = JSON.parse(e.data); } catch (err) { return; }
      if (!s || s.v !== 1) return;
      if (s.ended) {
        source.close();
        clear("This game has ended.");
        refused(true, true);
        return;
      }
      if (s.waiting) { clear("Waiting for the table…"); return; }
      if (s.game !== "mummy") { source.close(); location.reload(); return; }  // another game: its own page
      render(s);
    };
    source.onerror = () => {
      $("reconnecting").hidden = false;
      if (source.readyState === EventSource.CLOSED) {
        source.close();
        fetch(".", { method: "HEAD", cache: "no-store" }).then((r) => { if (r.status === 403) refused(true); }, () => {});
        setTimeout(connect, 3000);
      }
    };
  }

  document.addEventListener("DOMContentLoaded", () => {
    $("grid-toggle").addEventListener("click", () => showGrid(!gridOpen));
    connect();
  });
})();
