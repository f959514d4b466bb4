/* Joining by one code. On the table's page (a TV): a Join button showing the join code, its
   link and QR code, big enough to scan across the room. On the join page (/j/<code>/): the
   circle, each seat taken by a phone marked, and a tap on one's own seat to sit down; once
   seated the page is that seat's (page.js, phone_cards.js): the stream opened again with the
   cookie the server set, which keeps the seat across a reload too. Every text goes in as text (textContent), never as markup.
   page.js hands each state over as a "square:state" event, and a seat's card as "square:seat-card". */
(() => {
  "use strict";

  const joinPage = location.pathname.startsWith("/j/");
  const SEATED = "grimoire-joined:" + location.pathname;  // this tab sat down: a release is then told
  let state = null;
  let sitting = false;

  const $ = (id) => document.getElementById(id);

  function el(tag, cls, text) {
    const e = document.createElement(tag);
    if (cls) e.className = cls;
    if (text !== undefined && text !== null) e.textContent = String(text);
    return e;
  }

  function remembered() {
    try { return sessionStorage.getItem(SEATED) === "1"; } catch (e) { return false; }
  }

  function remember(on) {
    try {
      if (on) sessionStorage.setItem(SEATED, "1");
      else sessionStorage.removeItem(SEATED);
    } catch (e) { /* no storage: nothing said of a release */ }
  }

  // ---- the table's page: the join code, its link and its QR code -----------------------------

  function joinLink(invite) {
    const base = invite.base || location.origin;
    return base + "/j/" + invite.code + "/";
  }

  function makeDialog() {
    const dialog = el("dialog");
    dialog.id = "join";
    dialog.setAttribute("aria-labelledby", "join-name");
    const head = el("div", "dialog-head");
    const name = el("h2", null, "Join: one code for every phone");
    name.id = "join-name";
    const close = el("button", null, "Close");
    close.type = "button";
    close.id = "join-close";
    close.addEventListener("click", () => dialog.close());
    head.append(name, close);
    const qr = el("img");
    qr.id = "join-qr";
    qr.alt = "The join link's QR code";
    const body = el("div");
    body.id = "join-body";
    body.append(qr, el("p", "join-how", "Scan it, or open the link, then tap your seat."));
    const link = el("p");
    link.id = "join-link";
    const code = el("p");
    code.id = "join-code";
    body.append(link, code);
    dialog.append(head, body);
    dialog.addEventListener("click", (e) => {
      if (e.target === dialog) dialog.close();
    });
    document.body.append(dialog);
    return dialog;
  }

  function invite(s) {
    let button = $("join-open");
    const shown = !!(s && s.invite && !joinPage && !(s.me));
    if (!button && !shown) return;
    if (!button) {
      button = el("button", null, "Join");
      button.id = "join-open";
      button.type = "button";
      button.setAttribute("aria-haspopup", "dialog");
      button.addEventListener("click", () => {
        const dialog = $("join") || makeDialog();  // the QR code loaded only once asked: the page stays light
        drawInvite();
        dialog.showModal();
      });
      $("bar").insertBefore(button, $("days-open"));
    }
    button.hidden = !shown;
    if (!shown && $("join") && $("join").open) $("join").close();
    drawInvite();
    // Before the first night, the table's page says where to join without a tap (the info is drawn anew each state).
    if (shown && s.phase === "setup" && $("info")) {
      const sec = el("section");
      sec.id = "join-sec";
      const p = el("p", null, "Join on your phone: ");
      p.append(el("strong", "join-at", joinLink(s.invite).replace(/^https?:\/\//, "")),
        el("span", "join-hint", " (Join shows its QR code)"));
      sec.append(p);
      $("info").prepend(sec);
    }
  }

  function drawInvite() {
    const s = state;
    if (!$("join") || !s || !s.invite) return;
    const qr = $("join-qr");
    if (qr.dataset.code !== s.invite.code) {  // a new game's code: its own QR code
      qr.dataset.code = s.invite.code;
      qr.src = "join.svg?code=" + encodeURIComponent(s.invite.code);
    }
    $("join-link").textContent = joinLink(s.invite).replace(/^https?:\/\//, "");
    $("join-code").replaceChildren("Code ", el("strong", null, s.invite.code));
  }

  // ---- the join page: the seats taken, and sitting down -----------------------------------------

  function strip(text, warn) {
    let p = $("join-strip");
    if (!p) {
      p = el("p");
      p.id = "join-strip";
      p.setAttribute("role", "status");
      $("bar").append(p);
    }
    p.textContent = text;
    p.classList.toggle("warn", !!warn);
    p.hidden = !text;
  }

  function markTaken(s) {
    const taken = new Set(s.join.taken);
    for (const li of document.querySelectorAll("#seats li.seat")) {
      if (!taken.has(Number(li.dataset.n))) continue;
      li.classList.add("taken");
      const status = li.querySelector(".row.status") || li.querySelector(".seat-box").appendChild(el("span", "row status"));
      status.append(el("span", "chip taken-mark", "taken"));
    }
  }

  function onState(s) {
    state = s;
    invite(s);
    if (!joinPage) return;
    if (!s) {
      strip("");
      return;
    }
    if (s.joined) {
      remember(true);
      strip("");
    } else if (s.join) {
      const released = remembered();
      strip(released ? "The storyteller gave your seat back: tap your seat to sit down again."
        : "Tap your seat to sit down.", released);
      markTaken(s);
    }
  }

  async function sit(n, button, said) {
    if (sitting) return;
    sitting = true;
    button.disabled = true;
    try {
      const reply = await fetch("claim", {
        method: "POST",
        headers: { "Content-Type": "application/json" },
        body: JSON.stringify({ seat: n }),
      });
      if (reply.ok) {
        remember(true);
        if ($("seat-card").hidden === false) $("seat-card-close").click();
        // The stream again, now with the phone's cookie: the server sends the seat's page.
        document.dispatchEvent(new CustomEvent("square:reconnect"));
        return;
      }
      said.textContent = (await reply.text()).slice(0, 200) || "Not accepted (" + reply.status + ").";
    } catch (e) {
      said.textContent = "Not sent: no connection to the storyteller.";
    } finally {
      sitting = false;
      button.disabled = false;
    }
  }

  function seatCard(detail) {
    const s = detail.state;  // the state being drawn (this file hears of it only after the card)
    if (!joinPage || !s || !s.join) return;
    const n = detail.seat.n;
    if (s.join.taken.includes(n)) {
      detail.body.push(el("p", "join-taken", "Another phone sits here. If it is your seat, ask the storyteller to release it."));
      return;
    }
    const button = el("button", "join-sit", "Sit here: this is me");
    button.type = "button";
    button.id = "join-sit";
    const said = el("p", "join-said");
    said.setAttribute("role", "alert");
    button.addEventListener("click", (e) => {
      e.stopPropagation();
      sit(n, button, said);
    });
    detail.body.push(button, said);
  }

  document.addEventListener("square:state", (e) => onState(e.detail));
  document.addEventListener("square:seat-card", (e) => seatCard(e.detail));
})();
