/* The votes on the players' town square, beside page.js (which draws the state and tells this
   file of each one, "square:state", and of each layout, "square:layout"):
   - the Days view: every day's nominations, hands and executions, as the town saw them;
   - the vote as a clock: a hand from the middle to the seat being counted, a 3-2-1 as a vote
     opens, and its count always in view on a phone (the strip under the bar);
   - the day's timer running out: "time's up", with a beep and a buzz if this browser's player
     turned them on (kept in this browser; off until then). The beep is made here (Web Audio):
     nothing is loaded from anywhere.
   A secret vote's state has no hands and no count: nothing here could show them. Every text
   from the state goes in as text. */
(() => {
  "use strict";

  const $ = (id) => document.getElementById(id);
  const ALERTS_KEY = "grimoire-alerts";
  let state = null;

  function el(tag, cls, text) {
    const e = document.createElement(tag);
    if (cls) e.className = cls;
    if (text !== undefined && text !== null) e.textContent = String(text);
    return e;
  }

  function who(p) {
    const e = el("span", "who");
    if (p) {
      const name = el("span", "nm", p.name);
      name.dir = "auto";
      e.append(el("span", "num", p.n), name);
    }
    return e;
  }

  function plural(n, word) {
    return n + " " + word + (n === 1 || n === -1 ? "" : "s");
  }

  // ---- the Days view -------------------------------------------------------------------------

  function nominationItem(nom, s) {
    const li = el("li", "day-nom");
    const head = el("p");
    let outcome;
    if (nom.hidden) outcome = "a secret vote";
    else if (nom.votes !== null && nom.votes !== undefined) outcome = plural(nom.votes, "hand");
    else if (s && s.vote && s.vote.on && s.vote.on.n === nom.on.n && s.vote.by.n === nom.by.n) outcome = "voting now";
    else outcome = "not counted";
    head.append(who(nom.by), " nominated ", who(nom.on), ": ", el("strong", "outcome", outcome));
    li.append(head);
    if (!nom.hidden && nom.voters && nom.voters.length) {
      const voters = el("p", "voters");
      voters.append("Hands: ");
      nom.voters.forEach((v, i) => voters.append(i ? ", " : "", who(v)));
      li.append(voters);
    }
    return li;
  }

  function drawDays(s) {
    const body = $("days-body");
    const days = (s && s.days) || [];
    if (!days.length) {
      body.replaceChildren(el("p", "muted", "No day yet."));
      return;
    }
    const parts = [];
    for (const day of days.slice().reverse()) { // the latest first: it is the one asked about
      const sec = el("section", "day");
      sec.dataset.day = day.number;
      sec.append(el("h3", null, "Day " + day.number));
      if (day.nominations.length) {
        const list = el("ol");
        list.append(...day.nominations.map((n) => nominationItem(n, s)));
        sec.append(list);
      } else {
        sec.append(el("p", "muted", "No nominations."));
      }
      const end = el("p", "day-end");
      if (day.executed) {
        end.append("Executed: ", who(day.executed), day.executed.died ? "" : " (did not die)");
      } else {
        end.append(s && s.phase === "day" && day.number === s.number ? "No execution yet." : "No execution.");
      }
      sec.append(end);
      parts.push(sec);
    }
    body.replaceChildren(...parts);
  }

  // ---- sound and vibration: off until this browser's player turns them on --------------------

  let audio = null;

  function alertsOn() {
    try { return localStorage.getItem(ALERTS_KEY) === "on"; } catch (e) { return false; }
  }

  function showAlerts() {
    const on = alertsOn();
    const button = $("alerts");
    button.textContent = "Sound and vibration: " + (on ? "on" : "off");
    button.setAttribute("aria-pressed", String(on));
  }

  function toggleAlerts() {
    const on = !alertsOn();
    try { localStorage.setItem(ALERTS_KEY, on ? "on" : "off"); } catch (e) { /* private mode: this page only */ }
    if (on) beep(660, 0.15, true); // a tap makes the sound allowed, and says it works
    showAlerts();
  }

  function beep(hz, seconds, always) {
    if (!always && !alertsOn()) return;
    try {
      const Audio = window.AudioContext || window.webkitAudioContext;
      if (!Audio) return;
      audio = audio || new Audio();
      if (audio.state === "suspended") audio.resume();
      const tone = audio.createOscillator(), gain = audio.createGain();
      tone.frequency.value = hz;
      gain.gain.setValueAtTime(0.2, audio.currentTime);
      gain.gain.exponentialRampToValueAtTime(0.001, audio.currentTime + seconds);
      tone.connect(gain).connect(audio.destination);
      tone.start();
      tone.stop(audio.currentTime + seconds);
    } catch (e) { /* no sound here: the words still show */ }
  }

  function buzz(pattern) {
    if (alertsOn() && navigator.vibrate) {
      try { navigator.vibrate(pattern); } catch (e) { /* not on this device */ }
    }
  }

  // ---- a vote opens: 3, 2, 1 ------------------------------------------------------------------

  let voteSeen; // undefined until the first state: a vote already in it is not "just opened"
  let counting = 0;

  function voteKey(s) {
    return s && s.vote && s.vote.by && s.vote.on ? s.number + ":" + s.vote.by.n + ">" + s.vote.on.n : null;
  }

  function countdown() {
    clearInterval(counting);
    const box = $("countdown");
    let n = 3;
    const show = () => {
      if (n === 0) {
        clearInterval(counting);
        box.hidden = true;
        box.textContent = "";
        return;
      }
      box.textContent = String(n);
      box.hidden = false;
      beep(n === 1 ? 880 : 440, 0.12);
      buzz(60);
      n -= 1;
    };
    show();
    counting = setInterval(show, 1000);
  }

  function followVote(s) {
    const key = voteKey(s);
    // A vote that opens as it is drawn first counts down; one already under way (a page opened
    // late: the hand has moved on) does not.
    if (key && voteSeen !== undefined && key !== voteSeen && s.vote.up.length === 0) countdown();
    if (!key) {
      clearInterval(counting);
      $("countdown").hidden = true;
    }
    voteSeen = key;
    const strip = $("vote-strip");
    if (!key) {
      strip.hidden = true;
      strip.replaceChildren();
      return;
    }
    const v = s.vote;
    strip.replaceChildren(v.hidden ? "Secret vote on " : "Vote on ", who(v.on), " ",
      el("strong", "strip-count", v.hidden ? "eyes closed" : v.count + " / " + v.needed));
    strip.hidden = false;
  }

  // ---- the clock's hand: from the middle to the seat being counted ------------------------------

  function drawHand() {
    const hand = $("clock-hand");
    const at = state && state.vote ? state.vote.at : null;
    const seat = at ? document.querySelector("#seats > li[data-n='" + at + "']") : null;
    const circle = $("circle");
    if (!seat || !circle) {
      hand.hidden = true;
      return;
    }
    const cx = circle.clientWidth / 2, cy = circle.clientHeight / 2;
    const x = seat.offsetLeft + seat.offsetWidth / 2, y = seat.offsetTop + seat.offsetHeight / 2;
    const dx = x - cx, dy = y - cy;
    // From the edge of the middle's words (the hub) to the edge of the seat's box: it crosses
    // no text.
    const hub = $("hub");
    const unfit = hub.classList.contains("unfit"); // no words in the middle: from the middle itself
    const hx = unfit ? 0 : hub.offsetWidth / 2, hy = unfit ? 0 : hub.offsetHeight / 2;
    const sx = seat.offsetWidth / 2, sy = seat.offsetHeight / 2;
    const from = Math.min(dx ? hx / Math.abs(dx) : Infinity, dy ? hy / Math.abs(dy) : Infinity);
    const to = 1 - Math.min(dx ? sx / Math.abs(dx) : Infinity, dy ? sy / Math.abs(dy) : Infinity);
    if (!(to > from)) {
      hand.hidden = true;
      return;
    }
    const length = Math.hypot(dx, dy);
    hand.style.left = cx + dx * from + "px";
    hand.style.top = cy + dy * from + "px";
    hand.style.width = length * (to - from) + "px";
    hand.style.transform = "rotate(" + Math.atan2(dy, dx) + "rad)";
    hand.dataset.at = String(at);
    hand.hidden = false;
  }

  // ---- the day's timer running out --------------------------------------------------------------

  let upAt = 0;
  let toldFor = null;
  let gaveWay = null; // the timer whose "time's up" a vote has replaced: not said again until it starts again

  function followTimer(s) {
    clearTimeout(upAt);
    const t = s && s.timer;
    const box = $("times-up");
    if (!t) {
      box.hidden = true;
      toldFor = gaveWay = null;
      return;
    }
    const key = t.label;
    if (t.left <= 0 && s.vote) {
      box.hidden = true; // the vote is what the table looks at now
      toldFor = gaveWay = key;
    } else if (t.left <= 0) {
      if (gaveWay !== key) timesUp(t, toldFor !== key); // already up as it came: said, and sounded once
    } else {
      box.hidden = true;
      if (toldFor === key) toldFor = null; // started again
      if (gaveWay === key) gaveWay = null;
      if (t.running) upAt = setTimeout(() => timesUp(t, true), t.left * 1000);
    }
  }

  function timesUp(t, sound) {
    const box = $("times-up");
    if (state && state.vote) return; // a vote opened meanwhile: it gives way
    box.textContent = "Time's up: " + (t.label || "the timer");
    box.hidden = false;
    if (sound) {
      toldFor = t.label;
      if (alertsOn()) {  // the second note with the first: not one alone, as alerts are turned on meanwhile
        beep(523, 0.25);
        setTimeout(() => beep(392, 0.5, true), 300);
      }
      buzz([200, 100, 400]);
    }
  }

  // ---- start -------------------------------------------------------------------------------------

  function start() {
    showAlerts();
    $("alerts").addEventListener("click", toggleAlerts);
    const dialog = $("days");
    $("days-open").addEventListener("click", () => {
      drawDays(state);
      dialog.showModal();
    });
    $("days-close").addEventListener("click", () => dialog.close());
    dialog.addEventListener("click", (e) => {
      if (e.target === dialog) dialog.close();
    });
    document.addEventListener("square:state", (e) => {
      state = e.detail;
      followVote(state);
      followTimer(state);
      if (dialog.open) drawDays(state);
      if (!state) $("clock-hand").hidden = true;
    });
    document.addEventListener("square:layout", drawHand);
  }

  if (document.readyState === "loading") document.addEventListener("DOMContentLoaded", start);
  else start();
})();
