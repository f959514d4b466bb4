/* A seat's own cards on its own page (the table's page never gets any): the character the
   storyteller dealt to this phone, and the night's cards sent to it. Each stays closed until
   the player taps it, so a neighbour cannot glance at it; opening it and saying "seen" are
   told to the storyteller. The character card closes again by itself after a few seconds, or at
   a tap on it: left open, a phone on the table showed it to the neighbours all day. The cards
   are grouped: the character, the latest night's, and the earlier ones folded away, each group
   the newest first. Every text goes in as text (textContent), never as markup.
   page.js hands each state over as a "square:state" event on the document. */
(() => {
  "use strict";

  const HIDE_AFTER_MS = 10000;  // the character card open this long closes again
  const open = new Set();  // the cards this player has open now (by id); a new card starts closed
  const hiding = new Map();  // card id -> its timer to close again
  let cards = [];
  let phase = null;  // the page's phase and number: which cards are tonight's
  let earlierOpen = false;
  let msgTimer = 0;

  function el(tag, cls, text) {
    const e = document.createElement(tag);
    if (cls) e.className = cls;
    if (text !== undefined && text !== null) e.textContent = String(text);
    return e;
  }

  function message(text) {
    const msg = document.getElementById("phone-cards-msg");
    if (!msg) return;
    msg.textContent = text;
    clearTimeout(msgTimer);
    msgTimer = setTimeout(() => { msg.textContent = ""; }, 5000);
  }

  const wait = (ms) => new Promise((r) => setTimeout(r, ms));

  // Tapping "read" then "seen" at once is a quick finger, not a script: a "one moment" from
  // the server is tried again a little later, a few times.
  async function tell(card, did) {
    try {
      for (let tries = 0; ; tries++) {
        const reply = await fetch("card", {
          method: "POST",
          headers: { "Content-Type": "application/json" },
          body: JSON.stringify({ card: card.id, did: did }),
        });
        if (reply.status === 204 || reply.ok) return true;
        if (reply.status === 429 && tries < 4) {
          await wait(300);
          continue;
        }
        message((await reply.text()).slice(0, 200) || "Not accepted (" + reply.status + ").");
        return false;
      }
    } catch (e) {
      message("Not sent: no connection to the storyteller.");
    }
    return false;
  }

  // ``grouped``: under its night's own heading, which says when.
  function heading(card, grouped) {
    if (card.dealt) return "Your character";
    return "From the storyteller" + (grouped ? "" : " · " + card.when);
  }

  function stateWords(card) {
    if (card.dealt) return card.state === "new" ? "" : "opened";
    return card.state === "seen" ? "seen" : card.state === "opened" ? "opened" : "new";
  }

  function cardEl(card, grouped) {
    const box = el("article", "pc" + (card.dealt ? " pc-dealt" : "") + (card.state === "new" ? " pc-new" : ""));
    box.dataset.card = card.id;
    const head = el("p", "pc-head");
    head.append(el("span", "pc-what", heading(card, grouped === true)));
    const words = stateWords(card);
    if (words) head.append(el("span", "pc-state", words));
    box.append(head);
    const shown = open.has(card.id);
    if (!shown) {
      const again = !card.dealt && card.state === "seen";
      const tap = el("button", again ? "pc-tap pc-again" : "pc-tap",
        card.dealt ? "Tap to see your character" : again ? "Read again" : "Tap to read");
      tap.type = "button";
      tap.addEventListener("click", () => {
        open.add(card.id);
        if (card.dealt) {
          clearTimeout(hiding.get(card.id));
          hiding.set(card.id, setTimeout(() => hide(card.id), HIDE_AFTER_MS));
        }
        draw();
        if (card.state === "new") tell(card, "opened");
      });
      box.append(tap);
      return box;
    }
    if (card.dealt) {  // a tap anywhere on it closes it
      box.classList.add("pc-hides");
      box.addEventListener("click", () => hide(card.id));
    }
    const body = el("div", "pc-body");
    for (const b of card.blocks) {
      const line = el("p", "pc-" + (b.role === "headline" || b.role === "big" ? b.role : "text"), b.text);
      line.dir = "auto";  // a player's name in its own direction
      body.append(line);
    }
    box.append(body);
    const done = el("button", "pc-done", card.dealt || card.state === "seen" ? "Hide" : "Seen it · hide");
    done.type = "button";
    done.addEventListener("click", async () => {
      open.delete(card.id);
      draw();
      if (!card.dealt && card.state !== "seen") await tell(card, "seen");
    });
    box.append(done);
    return box;
  }

  function hide(id) {
    clearTimeout(hiding.get(id));
    hiding.delete(id);
    if (open.delete(id)) draw();
  }

  // What the latest cards' night is called: "Tonight" while it lasts, "Last night" the day after.
  function latestHeading(when) {
    if (phase && when === "Night " + phase.number) {
      if (phase.phase === "night") return "Tonight";
      if (phase.phase === "day") return "Last night";
    }
    return when;
  }

  function group(heading, list, cls) {
    const g = el("section", "pc-group " + cls);
    if (heading) g.append(el("h3", "pc-group-head", heading));
    g.append(...list.map((c) => cardEl(c, !!heading)));
    return g;
  }

  function draw() {
    const section = document.getElementById("phone-cards");
    const list = document.getElementById("phone-cards-list");
    if (!section || !list) return;
    section.hidden = cards.length === 0;
    // The character, then the latest night's cards, then the earlier ones folded away; each
    // the newest first: the one just sent is at hand.
    const dealt = cards.filter((c) => c.dealt).reverse();
    const told = cards.filter((c) => !c.dealt).reverse();
    const latest = told.length ? told[0].when : null;
    const parts = [];
    if (dealt.length) parts.push(group("", dealt, "pc-character"));  // the card says "Your character"
    const now = told.filter((c) => c.when === latest), before = told.filter((c) => c.when !== latest);
    if (now.length) parts.push(group(latestHeading(latest), now, "pc-latest"));
    if (before.length) {
      const fold = el("details", "pc-group pc-earlier");
      fold.open = earlierOpen;
      fold.append(el("summary", "pc-group-head", "Earlier nights (" + before.length + ")"), ...before.map((c) => cardEl(c)));
      fold.addEventListener("toggle", () => { earlierOpen = fold.open; });
      parts.push(fold);
    }
    list.replaceChildren(...parts);
    const known = new Set(cards.map((c) => c.id));
    for (const id of [...open]) if (!known.has(id)) hide(id);
  }

  document.addEventListener("square:state", (e) => {
    const s = e.detail;
    cards = s && Array.isArray(s.cards) ? s.cards : [];
    phase = s ? { phase: s.phase, number: s.number } : null;
    draw();
  });
})();
