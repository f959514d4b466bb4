/* The players' town square: draws the public view the server pushes (server-sent events), and
   on a seat's own page, during a vote, sends that seat's raised or lowered hand. Every text
   from the state goes in as text (textContent), never as markup: names are the players'. */
(() => {
  "use strict";

  // ---- theme: chosen before the body is drawn, so a light page never flashes dark ----------

  const THEME_KEY = "grimoire-theme";
  const root = document.documentElement;

  function storedTheme() {
    try { return localStorage.getItem(THEME_KEY); } catch (e) { return null; }
  }

  function firstTheme() {
    const asked = new URLSearchParams(location.search).get("theme");
    if (asked === "light" || asked === "dark") return asked;
    return storedTheme() === "light" ? "light" : "dark";
  }

  function setTheme(theme) {
    root.dataset.theme = theme;
    const button = document.getElementById("theme");
    if (!button) return;
    const other = theme === "light" ? "dark" : "light";
    button.textContent = other === "light" ? "Light" : "Dark";
    button.setAttribute("aria-label", "Switch to the " + other + " theme");
  }

  setTheme(firstTheme());

  // ---- small helpers ------------------------------------------------------------------------

  const $ = (id) => document.getElementById(id);

  function el(tag, cls, text) {
    const e = document.createElement(tag);
    if (cls) e.className = cls;
    if (text !== undefined && text !== null) e.textContent = String(text);
    return e;
  }

  // A name in its own direction: a right-to-left name (or a stray direction mark in one)
  // does not reorder the words around it.
  function nameEl(name, cls) {
    const e = el("span", cls || "nm", name);
    e.dir = "auto";
    return e;
  }

  // A player as seat number and name, two elements: "12" and "Ann" never read as "12Ann".
  function who(p) {
    const e = el("span", "who");
    if (p) e.append(el("span", "num", p.n), nameEl(p.name));
    return e;
  }

  function line(...parts) {
    const p = el("p");
    p.append(...parts); // strings become text nodes
    return p;
  }

  function section(id, heading) {
    const s = el("section");
    s.id = id;
    if (heading) s.append(el("h2", null, heading));
    return s;
  }

  function plural(n, word) {
    return n + " " + word + (n === 1 ? "" : "s");
  }

  function phaseShort(s) {
    if (s.phase === "night") return "Night " + s.number;
    if (s.phase === "day") return "Day " + s.number;
    if (s.phase === "over") return "Game over";
    if (s.phase === "setup") return "Setup";
    return String(s.phase);
  }

  function phaseLong(s) {
    return s.phase === "setup" ? "Before the first night" : phaseShort(s);
  }

  // ---- the timer: counted down here between the server's messages -------------------------

  let timer = null;
  let ticking = 0;

  function setTimer(t) {
    timer = t ? { label: String(t.label || ""), running: !!t.running, left: Number(t.left) || 0,
                  at: performance.now() } : null;
    clearInterval(ticking);
    ticking = timer && timer.running ? setInterval(drawClocks, 250) : 0;
  }

  function secondsLeft() {
    if (!timer) return 0;
    const gone = timer.running ? (performance.now() - timer.at) / 1000 : 0;
    return Math.max(0, timer.left - gone);
  }

  function mmss(seconds) {
    const whole = Math.ceil(seconds);
    const m = Math.floor(whole / 60), s = whole % 60;
    return String(m).padStart(2, "0") + ":" + String(s).padStart(2, "0");
  }

  function drawClocks() {
    const left = secondsLeft();
    for (const c of document.querySelectorAll("[data-clock]")) {
      c.textContent = mmss(left);
      c.dataset.left = left.toFixed(1);
    }
  }

  function clock(cls) {
    const c = el("span", cls);
    c.dataset.clock = "";
    return c;
  }

  // ---- the seats ----------------------------------------------------------------------------

  function chip(cls, text) {
    return el("span", "chip " + cls, text);
  }

  function seatItem(seat, s, up) {
    const li = el("li", "seat");
    li.value = seat.n; // the list's own numbering is the seats' numbers (a gap where one left)
    li.dataset.n = seat.n;
    const box = el("button", "seat-box");
    box.type = "button";
    box.title = seat.name; // the whole name under a mouse; a tap shows it in the card
    box.setAttribute("aria-haspopup", "dialog");

    const top = el("span", "row top");
    top.append(el("span", "num", seat.n), nameEl(seat.name, "name"));
    const vote = s.vote;
    if (vote && vote.on && vote.on.n === seat.n) {
      li.classList.add("nominee");
      top.append(el("span", "sr", ", nominated"));
    }
    const raised = !up.has(seat.n) && !!(vote && vote.raised && vote.raised.includes(seat.n));
    if (up.has(seat.n) || raised) {
      // Raised on a phone before the clock reaches the seat: shown, counted once it is there.
      li.classList.add(raised ? "raised" : "up");
      const mark = el("span", "hand-mark", "↑"); // not ✋: a TV without an emoji font shows a box
      mark.append(el("span", "sr", raised ? " hand raised, counted when the clock reaches it" : " hand up"));
      top.append(mark);
    }
    if (vote && vote.at === seat.n) {
      li.classList.add("current");
      li.setAttribute("aria-current", "true");
      top.append(el("span", "sr", ", hand being counted"));
    }
    box.append(top);

    // One more line at most: you, dead and the ghost vote, a Traveller's character; during a
    // vote, who nominated whom (votes.css, votes.js: the vote as a clock).
    const status = el("span", "row status");
    if (vote && vote.by && vote.by.n === seat.n) {
      li.classList.add("nominator");
      status.append(chip("by-mark", "nominator"));
    }
    if (vote && vote.on && vote.on.n === seat.n) status.append(chip("on-mark", "nominee"));
    if (seat.me) {
      li.classList.add("me");
      status.append(chip("you", "you"));
    }
    if (!seat.alive) {
      li.classList.add("dead");
      const shroud = el("span", "shroud", "†");
      shroud.append(el("span", "dead-word", " dead"));
      status.append(shroud, seat.ghost ? chip("ghost", "vote") : chip("spent", "no vote"));
    }
    if (seat.traveller) {
      li.classList.add("traveller");
      // Beside a death, or in a narrow box, the character alone, in the Travellers' colour.
      if (!seat.alive || seat.me) status.classList.add("compact");
      status.append(chip("trav-badge", "Traveller"), nameEl(seat.traveller, "char"));
    }
    if (status.childElementCount) box.append(status);
    const note = notesKey ? notes[String(seat.n)] : null;
    if (note && (note.claim || note.guess || note.words)) {
      li.classList.add("noted");
      if (note.guess) li.classList.add("guess-" + note.guess);
      const mine = el("span", "row note");
      if (note.guess) mine.append(chip("guess " + note.guess, note.guess));
      mine.append(nameEl(note.claim || note.words, "claim"));
      mine.append(el("span", "sr", " (your note)"));
      box.append(mine);
    }
    box.addEventListener("click", (e) => {
      e.stopPropagation();
      toggleCard(seat.n);
    });
    li.append(box);
    return li;
  }

  function renderSeats(s) {
    const up = new Set(s.vote ? s.vote.up : []);
    $("seats").replaceChildren(...s.seats.map((seat) => seatItem(seat, s, up)));
  }

  // ---- the centre of the circle: what the whole table looks at ----------------------------

  function renderHub(s) {
    const hub = $("hub");
    const parts = [el("p", "hub-phase", phaseLong(s))];
    if (s.result) {
      parts.push(el("p", "hub-result", s.result));
    } else if (s.vote) {
      const on = line((s.vote.hidden ? "Secret vote on " : "Vote on "), who(s.vote.on));
      on.className = "hub-vote may-cut"; // a long name may end in "…"; the count may not
      // A secret vote: no count ever reaches a page (the state has none).
      parts.push(on, s.vote.hidden ? el("p", "hub-count secret", "eyes closed")
        : el("p", "hub-count", s.vote.count + " / " + s.vote.needed));
    } else if (s.phase !== "setup") {
      parts.push(el("p", "hub-counts", s.alive + " alive · " + s.needed + " to execute"));
    }
    if (s.timer) {
      const t = el("p", "hub-timer");
      t.append(clock());
      if (!s.timer.running) t.append(" ", el("span", "paused", "paused"));
      parts.push(t);
    }
    hub.replaceChildren(...parts);
  }

  // ---- the info panel -----------------------------------------------------------------------

  function resultSection(s) {
    const sec = section("result-sec");
    const text = s.reveal && s.reveal.result ? s.reveal.result : s.result;
    if (text) sec.append(el("p", "result", text));
    for (const part of (s.reveal && s.reveal.sections) || []) {
      const list = el("ul");
      list.append(...part.lines.map((l) => el("li", null, l)));
      sec.append(el("h3", null, part.heading), list);
    }
    return sec;
  }

  function voteSection(s) {
    const v = s.vote;
    const sec = section("vote-sec", "Voting now");
    sec.append(line(who(v.on), " nominated by ", who(v.by)));
    if (v.hidden) {
      sec.append(line("A secret vote: eyes closed. The count is the storyteller's alone."));
    } else {
      const count = el("span", "count", v.count + " / " + v.needed);
      // The hands raised: what a weighted hand counts as is the grimoire's alone.
      sec.append(line(count, " " + (v.count === 1 ? "hand" : "hands") + " up · " + v.needed + " votes needed"));
    }
    if (v.at !== null && v.at !== undefined) {
      const seat = s.seats.find((x) => x.n === v.at);
      sec.append(line("Counting the hand of ", who(seat || { n: v.at, name: "" })));
    } else {
      sec.append(line("The count is done."));
    }
    const hands = s.seats.filter((x) => v.up.includes(x.n));
    if (hands.length) {
      const p = line("Hands up: ");
      p.className = "voters";
      hands.forEach((x, i) => p.append(i ? ", " : "", who(x)));
      sec.append(p);
    }
    return sec;
  }

  function timerSection(s) {
    const sec = section("timer-sec", s.timer.label || "Timer");
    const p = line(clock("clock"));
    if (!s.timer.running) p.append(el("span", "paused", "paused"));
    sec.append(p);
    return sec;
  }

  function daySection(s) {
    const sec = section("day-sec");
    if (s.phase !== "over") sec.append(line(s.alive + " alive · " + plural(s.needed, "vote") + " to execute"));
    if (s.phase !== "over" && s.counts) sec.append(countsLine(s.counts));
    if (s.announced) sec.append(line(s.announced));
    if (s.died.length) {
      const p = line("Died last night: ");
      p.id = "died";
      s.died.forEach((d, i) => p.append(i ? ", " : "", who(d)));
      sec.append(p);
    } else if (s.phase === "day") {
      sec.append(line("Nobody died last night."));
    }
    if (s.block) {
      const p = line("On the block: ", who(s.block));
      p.id = "block";
      sec.append(p);
    }
    if (s.executed) {
      const p = line("Executed today: ", who(s.executed));
      p.id = "executed";
      sec.append(p);
    }
    return sec;
  }

  // The rules' table for this many players (public: no one's character is in it).
  function countsLine(c) {
    const p = el("p", "counts");
    p.id = "counts";
    const part = (n, one, many, cls) => el("span", cls, n + " " + (n === 1 ? one : many));
    p.append(c.players + " players: ", part(c.townsfolk, "Townsfolk", "Townsfolk", "good"), " · ",
      part(c.outsiders, "Outsider", "Outsiders", "good"), " · ", part(c.minions, "Minion", "Minions", "evil"),
      " · ", part(c.demons, "Demon", "Demons", "evil"));
    return p;
  }

  function nominationsSection(s) {
    const sec = section("noms-sec", "Nominations today");
    const list = el("ol");
    for (const nom of s.nominations) {
      const li = el("li");
      let outcome;
      if (nom.hidden) outcome = "a secret vote";
      else if (nom.votes !== null && nom.votes !== undefined) outcome = plural(nom.votes, "hand");  // never a weighted count
      else if (s.vote && s.vote.by.n === nom.by.n && s.vote.on.n === nom.on.n) outcome = "voting now";
      else outcome = "not counted yet";
      li.append(line(who(nom.by), " → ", who(nom.on), ": " + outcome));
      if (nom.voters.length) {
        const p = line();
        p.className = "voters";
        nom.voters.forEach((x, i) => p.append(i ? ", " : "", who(x)));
        li.append(p);
      }
      list.append(li);
    }
    sec.append(list);
    return sec;
  }

  function listSection(id, heading, items) {
    const sec = section(id, heading);
    const list = el("ul");
    list.append(...items);
    sec.append(list);
    return sec;
  }

  function renderInfo(s) {
    const parts = [];
    if (s.result || s.reveal) parts.push(resultSection(s));
    if (s.vote) parts.push(voteSection(s));
    if (s.timer) parts.push(timerSection(s));
    parts.push(daySection(s));
    if (s.nominations.length) parts.push(nominationsSection(s));
    if (s.fabled.length) {
      parts.push(listSection("fabled-sec", "Fabled in play", s.fabled.map((f) => el("li", null, f))));
    }
    if (s.jinxes.length) {
      parts.push(listSection("jinx-sec", "Jinxes", s.jinxes.map((j) => {
        const li = el("li", "jinx");
        li.append(el("strong", null, j.a + " & " + j.b), ": ", j.text);
        return li;
      })));
    }
    $("info").replaceChildren(...parts);
  }

  // ---- the hand: the one thing this page ever sends ------------------------------------------

  let handUp = false;
  let handMsgTimer = 0;

  function renderHand(s) {
    const me = s.me, vote = s.vote;
    const open = !!(me && me.can_vote && vote && me.hand !== null && me.hand !== undefined);
    $("hand-bar").hidden = !open;
    if (!open) return;
    handUp = me.hand === true;
    const button = $("hand");
    button.textContent = handUp ? "Lower your hand" : "Raise your hand";
    button.classList.toggle("is-up", handUp);
    button.setAttribute("aria-pressed", String(handUp));
    const waits = handUp && !(vote.up || []).includes(me.n) && vote.at !== null && vote.at !== undefined;
    $("hand-vote").replaceChildren(line("Vote on ", who(vote.on), ": your hand is "
      + (handUp ? "up." : "down.") + (waits ? " It counts when the clock reaches you." : "")));
  }

  function handMessage(text) {
    const msg = $("hand-msg");
    msg.textContent = text;
    clearTimeout(handMsgTimer);
    handMsgTimer = setTimeout(() => { msg.textContent = ""; }, 5000);
  }

  async function sendHand() {
    const button = $("hand");
    button.disabled = true;
    try {
      const reply = await fetch("hand", {
        method: "POST",
        headers: { "Content-Type": "application/json" },
        body: JSON.stringify({ up: !handUp }),
      });
      if (reply.status === 204 || reply.ok) {
        $("hand-msg").textContent = "";
      } else {
        handMessage((await reply.text()).slice(0, 200) || "Not accepted (" + reply.status + ").");
      }
    } catch (e) {
      handMessage("Not sent: no connection to the storyteller.");
    } finally {
      button.disabled = false;
    }
  }

  // ---- the player's own notes: in this browser only ------------------------------------------
  // On a seat's own page, a claim, a good or evil guess and a few words on any seat. Kept in
  // localStorage under the key the server gives this game and seat (a new game gives a new
  // one, and the last game's notes go); never sent anywhere: no request carries them.

  const NOTES_PREFIX = "grimoire-notes:";
  const WORDS_MAX = 80;
  let notesKey = "";
  let notes = {};

  function readNotes(key) {
    let raw = null;
    try { raw = JSON.parse(localStorage.getItem(NOTES_PREFIX + key) || "{}"); } catch (e) { raw = null; }
    const out = {};
    if (!raw || typeof raw !== "object") return out;
    for (const [n, v] of Object.entries(raw)) {
      if (!/^[0-9]{1,2}$/.test(n) || !v || typeof v !== "object") continue;
      out[n] = {
        claim: typeof v.claim === "string" ? v.claim.slice(0, 60) : "",
        guess: v.guess === "good" || v.guess === "evil" ? v.guess : "",
        words: typeof v.words === "string" ? v.words.slice(0, WORDS_MAX) : "",
      };
    }
    return out;
  }

  function useNotes(key) {
    key = typeof key === "string" && /^[0-9A-Za-z/_-]{1,64}$/.test(key) ? key : "";
    if (key === notesKey) return;
    notesKey = key;
    notes = key ? readNotes(key) : {};
    if (!key) return;
    try { // the notes of an earlier game on this phone: that game is over
      for (let i = localStorage.length - 1; i >= 0; i--) {
        const k = localStorage.key(i);
        if (k && k.startsWith(NOTES_PREFIX) && k !== NOTES_PREFIX + key) localStorage.removeItem(k);
      }
    } catch (e) { /* no storage: nothing to clear */ }
  }

  function noteOf(n) {
    return notes[String(n)] || { claim: "", guess: "", words: "" };
  }

  function setNote(n, change) {
    const note = Object.assign({}, noteOf(n), change);
    if (note.claim || note.guess || note.words) notes[String(n)] = note;
    else delete notes[String(n)];
    try {
      localStorage.setItem(NOTES_PREFIX + notesKey, JSON.stringify(notes));
    } catch (e) { /* private mode or full: kept until the page closes */ }
    if (state) {
      renderSeats(state);
      layout();
    }
  }

  function notesForm(seat) {
    const note = noteOf(seat.n);
    const box = el("div", "notes");
    box.id = "seat-notes";
    box.append(el("p", "notes-head", "Your notes (only on this phone)"));

    const claim = el("select");
    claim.id = "note-claim";
    claim.setAttribute("aria-label", "Claims to be");
    const names = state && state.script ? state.script.characters.map((c) => c.name) : [];
    if (note.claim && !names.includes(note.claim)) names.unshift(note.claim);
    claim.append(el("option", null, "— no claim —"));
    claim.options[0].value = "";
    for (const name of names) {
      const o = el("option", null, name);
      o.value = name;
      claim.append(o);
    }
    claim.value = note.claim;
    claim.addEventListener("change", () => setNote(seat.n, { claim: claim.value }));
    const claimRow = el("label", "notes-row", "Claims ");
    claimRow.append(claim);

    const guesses = el("div", "notes-row guess");
    guesses.setAttribute("role", "group");
    guesses.setAttribute("aria-label", "Your guess");
    for (const [value, label] of [["good", "Good"], ["evil", "Evil"], ["", "Not sure"]]) {
      const b = el("button", "guess-" + (value || "none"), label);
      b.type = "button";
      b.dataset.guess = value;
      b.setAttribute("aria-pressed", String(note.guess === value));
      b.addEventListener("click", () => {
        setNote(seat.n, { guess: value });
        for (const other of guesses.children) other.setAttribute("aria-pressed", String(other === b));
      });
      guesses.append(b);
    }

    const words = el("input");
    words.id = "note-words";
    words.type = "text";
    words.maxLength = WORDS_MAX;
    words.autocomplete = "off";
    words.placeholder = "A few words";
    words.setAttribute("aria-label", "A few words on this seat");
    words.value = note.words;
    words.addEventListener("input", () => setNote(seat.n, { words: words.value }));

    box.append(claimRow, guesses, words);
    return box;
  }

  // ---- a seat's full name, when tapped -------------------------------------------------------

  let cardSeat = null;

  let notesSeat = null; // the seat whose notes the open card holds

  function toggleCard(n) {
    cardSeat = cardSeat === n ? null : n;
    renderCard();
  }

  function renderCard() {
    const card = $("seat-card");
    const seat = cardSeat === null || !state ? null : state.seats.find((x) => x.n === cardSeat);
    if (!seat) {
      cardSeat = notesSeat = null;
      card.hidden = true;
      $("seat-card-notes").replaceChildren();
      return;
    }
    const name = line(nameEl(seat.name));
    name.className = "full-name";
    const body = [el("p", "muted", "Seat " + seat.n), name];
    if (!seat.alive) {
      body.push(el("p", null, "† dead · " + (seat.ghost ? "ghost vote not yet used" : "no vote left")));
    }
    if (seat.traveller) body.push(line("Traveller: ", nameEl(seat.traveller)));
    if (seat.me) body.push(el("p", null, "This is you."));
    document.dispatchEvent(new CustomEvent("square:seat-card", { detail: { seat, body, state } }));  // join.js: "Sit here"
    $("seat-card-body").replaceChildren(...body);
    const holder = $("seat-card-notes");
    if (!notesKey) {
      notesSeat = null;
      holder.replaceChildren();
    } else if (notesSeat !== seat.n || !holder.firstChild) {
      notesSeat = seat.n;
      holder.replaceChildren(notesForm(seat));
    }
    card.setAttribute("aria-label", "Seat " + seat.n);
    card.hidden = false;
  }

  // ---- the script ---------------------------------------------------------------------------

  const TEAMS = ["townsfolk", "outsider", "minion", "demon", "traveller", "fabled"];
  let scriptShown = "";

  function teamKey(team) {
    return String(team).toLowerCase().replace(/s$/, "").replace("traveler", "traveller");
  }

  function renderScript(s) {
    const key = JSON.stringify(s.script);
    if (key === scriptShown) return; // unchanged: an open panel keeps its scroll
    scriptShown = key;
    const script = s.script || { name: "", characters: [] };
    $("script-name").textContent = script.name || s.title;
    const groups = new Map();
    for (const c of script.characters) {
      if (!groups.has(c.team)) groups.set(c.team, []);
      groups.get(c.team).push(c);
    }
    const rank = (t) => {
      const i = TEAMS.indexOf(teamKey(t));
      return i < 0 ? TEAMS.length : i;
    };
    const parts = [];
    for (const team of [...groups.keys()].sort((a, b) => rank(a) - rank(b))) {
      const k = teamKey(team);
      const side = k === "townsfolk" || k === "outsider" ? "good" : k === "minion" || k === "demon" ? "evil" : "other";
      parts.push(el("h3", "team-" + side, team));
      const list = el("ul");
      for (const c of groups.get(team)) {
        const li = el("li");
        li.append(el("strong", null, c.name), el("p", "ability", c.ability));
        list.append(li);
      }
      parts.push(list);
    }
    // The script's jinxes, always (the Djinn's in play only adds them to the day's news).
    const jinxes = script.jinxes || [];
    if (jinxes.length) {
      parts.push(el("h3", "jinxes", "Jinxes"));
      const list = el("ul");
      for (const j of jinxes) {
        const li = el("li", "jinx");
        li.append(el("strong", null, j.a + " & " + j.b), el("p", "ability", j.text));
        list.append(li);
      }
      parts.push(list);
    }
    $("characters").replaceChildren(...parts);
    $("night").replaceChildren(nightList("First night", script.first), nightList("Other nights", script.other));
  }

  function nightList(heading, steps) {
    const sec = el("section");
    sec.append(el("h3", null, heading));
    const list = el("ol");
    for (const step of steps || []) {
      const k = teamKey(step.team || "");
      const side = !step.team ? "step" : k === "townsfolk" || k === "outsider" ? "team-good"
        : k === "minion" || k === "demon" ? "team-evil" : "team-other";
      list.append(el("li", side, step.name));
    }
    if (!list.childElementCount) sec.append(el("p", "muted", "Nobody wakes."));
    else sec.append(list);
    return sec;
  }

  function showTab(night) {
    $("characters").hidden = night;
    $("night").hidden = !night;
    $("tab-characters").setAttribute("aria-selected", String(!night));
    $("tab-night").setAttribute("aria-selected", String(night));
  }

  // ---- laying the circle out ----------------------------------------------------------------

  // The shapes the seats may sit on, roundest first: an ellipse, then squarer superellipses
  // (|x|^p + |y|^p = 1), which leave more room in the corners when the table is crowded.
  const STEPS = 360;
  const SHAPES = [2, 3, 4.5].map((p) => {
    const xs = new Float64Array(STEPS + 1), ys = new Float64Array(STEPS + 1);
    for (let k = 0; k <= STEPS; k++) {
      const t = (2 * Math.PI * k) / STEPS, s = Math.sin(t), c = Math.cos(t);
      xs[k] = Math.sign(s) * Math.pow(Math.abs(s), 2 / p);
      ys[k] = -Math.sign(c) * Math.pow(Math.abs(c), 2 / p);
    }
    return { xs, ys };
  });

  // n points on the shape, the first at the top, clockwise, spaced evenly in "box lengths":
  // a step across counts in box widths, a step down in box heights, so that neighbours sit as
  // far apart as their boxes allow wherever they are.
  function ring(n, a, b, cw, ch, shape) {
    const { xs, ys } = shape;
    const cum = new Float64Array(STEPS + 1);
    for (let k = 1; k <= STEPS; k++) {
      const dx = Math.abs(a * (xs[k] - xs[k - 1])) / cw, dy = Math.abs(b * (ys[k] - ys[k - 1])) / ch;
      cum[k] = cum[k - 1] + Math.max(dx, dy);
    }
    const pts = [];
    let k = 1;
    for (let i = 0; i < n; i++) {
      const target = (cum[STEPS] * i) / n;
      while (k < STEPS && cum[k] < target) k++;
      const span = cum[k] - cum[k - 1] || 1;
      const f = Math.min(1, Math.max(0, (target - cum[k - 1]) / span));
      pts.push([a * (xs[k - 1] + f * (xs[k] - xs[k - 1])), b * (ys[k - 1] + f * (ys[k] - ys[k - 1]))]);
    }
    return pts;
  }

  // An odd table has no seat at the bottom: the seats are stretched to fill the height and
  // centred, not left hanging from the top.
  function fill(pts, b) {
    const ys = pts.map((p) => p[1]);
    const top = Math.min(...ys), bottom = Math.max(...ys);
    if (bottom - top < 1) return pts;
    const scale = (2 * b) / (bottom - top), mid = (top + bottom) / 2;
    return pts.map(([x, y]) => [x, (y - mid) * scale]);
  }

  function apart(pts, cw, ch) {
    for (let i = 0; i < pts.length; i++) {
      for (let j = i + 1; j < pts.length; j++) {
        if (Math.abs(pts[i][0] - pts[j][0]) < cw && Math.abs(pts[i][1] - pts[j][1]) < ch) return false;
      }
    }
    return true;
  }

  // The widest boxes that fit at this height, on the roundest shape that takes them; failing
  // that, a taller circle (the page scrolls). Names wide enough to read come first, then
  // narrower ones, then whatever fits; `tier` says which of the three it came to.
  // `hOf(w)`: the boxes' height at that width (a long name wraps in a narrow box).
  function fit(n, W, H0, Hcap, hOf, widths, gap, margin) {
    const at = (w, H) => {
      const h = hOf(w);
      const a = W / 2 - w / 2 - margin, b = H / 2 - h / 2 - margin;
      if (a <= 0 || b <= 0) return null;
      for (const shape of SHAPES) {
        const pts = fill(ring(n, a, b, w + gap, h + gap, shape), b);
        if (apart(pts, w + gap, h + gap)) return { w, h, H, a, b, pts };
      }
      return null;
    };
    const tiers = [[widths.good, Hcap], [widths.comfort, Hcap], [widths.min, H0 * 8]];
    for (let tier = 0; tier < tiers.length; tier++) {
      const [floor, cap] = tiers[tier];
      for (let H = H0; ; H = Math.min(cap, H * 1.06)) {
        let best = at(floor, H);
        if (best) {
          // The widest that fits, by halves (near enough: a wider box seldom fits where a
          // narrower one did not).
          let lo = floor, hi = widths.max + widths.step;
          while (hi - lo > widths.step) {
            const mid = (lo + hi) / 2, found = at(mid, H);
            if (found) { lo = mid; best = found; } else hi = mid;
          }
          best.tier = tier;
          return best;
        }
        if (H >= cap) break;
      }
    }
    return null;
  }

  // Each box's own size, unconstrained: every box gets the tallest height, and no box is wider
  // than the widest needs.
  function measure(items) {
    const list = $("seats");
    list.classList.add("measuring");
    for (const li of items) li.style.width = li.style.height = "";
    let natural = 0, h = 0;
    for (const li of items) {
      const r = li.getBoundingClientRect();
      natural = Math.max(natural, r.width);
      h = Math.max(h, r.height);
    }
    list.classList.remove("measuring");
    return { natural: Math.ceil(natural), h: Math.ceil(h) };
  }

  function tallestAt(items, w) {
    // Every width set, then every height read: one layout for them all, not one a seat.
    for (const li of items) {
      li.style.width = w + "px";
      li.style.height = "";
    }
    let h = 0;
    for (const li of items) h = Math.max(h, li.getBoundingClientRect().height);
    return Math.ceil(h);
  }

  // The seats' places with the info beside the circle (a wide screen) or under it.
  function arrange(beside, n, size, rem) {
    $("main").classList.toggle("beside", beside);
    const W = $("circle").clientWidth;
    const viewH = Math.max(root.clientHeight - $("bar").offsetHeight, 10 * rem);
    const gap = 0.5 * rem, margin = 0.25 * rem;
    const max = Math.max(4.5 * rem, Math.min(size.natural + 1, 16 * rem, W - 2 * margin));
    const widths = {
      max,
      good: Math.min(8 * rem, W / 3, max),
      comfort: Math.min(6.5 * rem, W / 3, max),
      min: Math.min(4.5 * rem, max),
      step: 0.25 * rem,
    };
    const H0 = beside ? viewH : Math.min(W, viewH);
    // Under the info the page scrolls anyway; on a phone, up to twice as tall rather than
    // names cut to a few letters (the vote's count stays in view under the bar).
    const Hcap = beside ? viewH : Math.max(H0, viewH, W) * (W < 600 ? 2 : 1);
    const placed = n ? fit(n, W, H0, Hcap, size.hOf, widths, gap, margin) : null;
    return { W, H: placed ? placed.H : H0, placed, gap };
  }

  // The reveal on a screen that does not scroll (a TV): the whole screen, in columns, its text
  // as big as lets all of it fit (never under 16 px); the circle gives way (the players' lines
  // say who each seat was).
  function fitReveal() {
    const info = $("info"), least = 16;
    let lo = least, hi = Math.max(least, 1.2 * parseFloat(getComputedStyle(root).fontSize));
    const fits = (px) => {
      info.style.fontSize = px + "px";
      return info.scrollHeight <= info.clientHeight + 1 && info.scrollWidth <= info.clientWidth + 1;
    };
    if (fits(hi)) return;
    while (hi - lo > 0.5) {
      const mid = (lo + hi) / 2;
      if (fits(mid)) lo = mid; else hi = mid;
    }
    fits(lo);
  }

  function layout() {
    const items = Array.from($("seats").children);
    const rem = parseFloat(getComputedStyle(root).fontSize);
    root.style.setProperty("--bar-h", $("bar").offsetHeight + "px");
    const wide = root.clientWidth > root.clientHeight;
    const revealing = wide && root.clientHeight >= 600 && !!(state && state.reveal);
    $("main").classList.toggle("revealing", revealing);
    $("info").style.fontSize = "";
    if (revealing) {
      $("main").classList.add("beside");
      fitReveal();
      document.dispatchEvent(new CustomEvent("square:layout"));
      return;
    }
    const size = measure(items);
    // A long name wraps in a narrow box (votes.css): the boxes' height at each width tried,
    // measured once a width.
    const heights = new Map();
    size.hOf = (w) => {
      const key = Math.round(w);
      if (!heights.has(key)) heights.set(key, Math.max(size.h, tallestAt(items, key)));
      return heights.get(key);
    };
    let plan = arrange(wide, items.length, size, rem);
    // A phone on its side with a crowded table: the circle across the whole width reads
    // better than narrow names beside the info. A TV keeps the info beside: it does not scroll.
    if (wide && root.clientHeight < 600 && plan.placed && plan.placed.tier > 0) {
      const under = arrange(false, items.length, size, rem);
      if (under.placed.w > plan.placed.w) plan = under;
      else $("main").classList.add("beside");
    }
    const { W, H, placed, gap } = plan;
    const h = placed ? placed.h : size.h;
    $("circle").style.height = H + "px";
    if (placed) {
      items.forEach((li, i) => {
        li.style.width = Math.round(placed.w) + "px";
        li.style.height = h + "px";
        li.style.left = W / 2 + placed.pts[i][0] - Math.round(placed.w) / 2 + "px";
        li.style.top = H / 2 + placed.pts[i][1] - h / 2 + "px";
      });
    }
    placeHub($("hub"), W, H, placed, h, gap, rem);
    document.dispatchEvent(new CustomEvent("square:layout"));
  }

  // The hub takes the biggest rectangle in the middle that no seat box (nor its gap) touches,
  // and the biggest text that fits in it, down to --least-text (16 px, 28 on a TV: votes.css);
  // below that it hides (the info panel and the vote's strip say it all anyway).
  function placeHub(hub, W, H, placed, h, gap, rem) {
    let hx, hy;
    if (placed) {
      const boxes = placed.pts.map(([x, y]) => [Math.abs(x) - placed.w / 2 - gap, Math.abs(y) - h / 2 - gap]);
      const free = (s) => boxes.every(([x, y]) => x >= s * placed.a || y >= s * placed.b);
      let lo = 0, hi = 1;
      for (let i = 0; i < 24; i++) {
        const mid = (lo + hi) / 2;
        if (free(mid)) lo = mid; else hi = mid;
      }
      hx = lo * placed.a;
      hy = lo * placed.b;
    } else {
      hx = W / 2 - gap;
      hy = H / 2 - gap;
    }
    hub.classList.remove("unfit");
    hub.style.left = W / 2 - hx + "px";
    hub.style.top = H / 2 - hy + "px";
    hub.style.width = 2 * hx + "px";
    hub.style.height = 2 * hy + "px";
    // Text grows with its size: from one measure, the size that fits, checked once more.
    let size = 1.1 * rem;
    const least = parseFloat(getComputedStyle(root).getPropertyValue("--least-text")) || 16;
    for (let tries = 0; tries < 4; tries++) {
      if (size < least) break;
      hub.style.fontSize = size + "px";
      let ratio = hub.clientHeight / Math.max(1, hub.scrollHeight);
      for (const p of hub.children) {
        if (!p.classList.contains("may-cut")) ratio = Math.min(ratio, p.clientWidth / Math.max(1, p.scrollWidth));
      }
      if (ratio >= 0.999) return;
      size = Math.floor(size * ratio * 0.98);
    }
    hub.classList.add("unfit");
  }

  let layoutQueued = false;

  function queueLayout() {
    if (layoutQueued || !state) return;
    layoutQueued = true;
    requestAnimationFrame(() => {
      layoutQueued = false;
      layout();
    });
  }

  // ---- drawing a state ----------------------------------------------------------------------

  let state = null;

  function render(s) {
    state = s;
    // A rehearsal is marked, so that nobody takes it for the real game.
    $("phase").textContent = phaseShort(s) + (s.rehearsal ? " · REHEARSAL" : "");
    $("title").textContent = s.title;
    document.title = phaseShort(s) + " · " + s.title;
    setTimer(s.timer);
    useNotes(s.me ? s.me.notes : "");
    renderSeats(s);
    renderHub(s);
    renderInfo(s);
    renderHand(s);
    renderScript(s);
    renderCard();
    document.dispatchEvent(new CustomEvent("square:state", { detail: s }));  // phone_cards.js; votes.js: days, clock, alerts
    drawClocks();
    layout();
    root.dataset.renders = String(Number(root.dataset.renders || 0) + 1);
  }

  function notice(text) {
    $("info").replaceChildren(el("p", "muted", text));
  }

  // ---- the connection -----------------------------------------------------------------------

  function reconnecting(on) {
    $("reconnecting").hidden = !on;
  }

  // Nothing of the last state stays on the page: no seat, no hand, no card, no timer.
  function clear() {
    state = null;
    setTimer(null);
    renderCard();  // a seat's card open is closed
    $("seats").replaceChildren();
    $("hub").replaceChildren();
    $("hand-bar").hidden = true;
    document.dispatchEvent(new CustomEvent("square:state", { detail: null }));  // phone_cards.js, votes.js
    drawClocks();
  }

  let current = null;  // the stream open now

  function connect() {
    const source = new EventSource("events");
    current = source;
    source.onmessage = (e) => {
      reconnecting(false);
      refused(false);
      let s;
      try {
        s = JSON.parse(e.data);
      } catch (err) {
        return;
      }
      if (!s || s.v !== 1) {
        notice("This page does not know the storyteller's version: reload it.");
        return;
      }
      if (s.ended) {  // this seat's game is over: its link is of no other game, so no reconnecting
        source.close();
        clear();
        $("phase").textContent = "Town square";
        $("title").textContent = "";
        document.title = "Town square";
        notice("This game has ended.");
        refused(true, true);
        return;
      }
      if (s.waiting) {  // no game to show yet (or the storyteller is opening another)
        clear();
        notice("Waiting for the storyteller…");
        return;
      }
      if (s.game) {  // another game (Night of the Mummy): the server gives its own page
        source.close();
        location.reload();
        return;
      }
      render(s);
    };
    source.onerror = () => {
      reconnecting(true);
      // EventSource retries a dropped connection itself, but gives up on a refusal (a server
      // restarting may answer with an error): then whether this address is refused, and a
      // fresh one a little later (the same game served again lets it back in).
      if (source.readyState === EventSource.CLOSED) {
        source.close();
        askWhetherRefused();
        setTimeout(connect, 3000);
      }
    };
  }

  // A page whose address the server refuses (403: the storyteller started a new game, whose
  // addresses are new) says so in words, and what to do, instead of reconnecting for ever.
  function askWhetherRefused() {
    fetch(".", { method: "HEAD", cache: "no-store" }).then((r) => {
      if (r.status === 403) refused(true);
    }, () => { /* no server at all (yet): reconnecting… says it */ });
  }

  // ``ended``: the server said this seat's game is over (the storyteller started another).
  function refused(on, ended) {
    const box = $("refused");
    if (on && (box.hidden || ended)) {
      const seat = location.pathname.startsWith("/s/");
      const joined = location.pathname.startsWith("/j/");  // joined by the table's one code
      $("refused-what").textContent = ended
        ? "The game this link was for has ended."
        : seat
        ? "This seat's link is no longer the town square's."
        : joined
        ? "This join code is no longer the town square's."
        : "This address is no longer the town square's.";
      $("refused-do").textContent = joined
        ? "The storyteller has started another game: scan the new join code on the table's page (the TV) and sit down again."
        : ended
        ? "The storyteller has started another game: ask them for your seat's new link (its QR code is in the grimoire, key L)."
        : (seat
          ? "Ask the storyteller for your seat's new link (its QR code is in the grimoire, key L)."
          : "Ask the storyteller for the new address (grimoire serve prints it, with its QR code).")
          + " The storyteller has probably started a new game.";
    }
    box.hidden = !on;
    if (on) reconnecting(false);
  }

  // ---- start --------------------------------------------------------------------------------

  function start() {
    setTheme(root.dataset.theme);
    $("theme").addEventListener("click", () => {
      const next = root.dataset.theme === "light" ? "dark" : "light";
      setTheme(next);
      try { localStorage.setItem(THEME_KEY, next); } catch (e) { /* private mode: not kept */ }
    });
    const dialog = $("script");
    $("script-open").addEventListener("click", () => dialog.showModal());
    $("script-close").addEventListener("click", () => dialog.close());
    $("tab-characters").addEventListener("click", () => showTab(false));
    $("tab-night").addEventListener("click", () => showTab(true));
    dialog.addEventListener("click", (e) => {
      if (e.target === dialog) dialog.close(); // a tap on the backdrop
    });
    $("seat-card-close").addEventListener("click", () => toggleCard(cardSeat));
    document.addEventListener("click", (e) => {
      if (cardSeat !== null && !$("seat-card").contains(e.target)) toggleCard(cardSeat);
    });
    document.addEventListener("keydown", (e) => {
      if (e.key === "Escape" && cardSeat !== null) toggleCard(cardSeat);
    });
    $("hand").addEventListener("click", sendHand);
    // A phone that just sat down by the join code (join.js): the stream again, as that seat's.
    document.addEventListener("square:reconnect", () => {
      if (current) current.close();
      connect();
    });
    window.addEventListener("resize", queueLayout);
    connect();
  }

  document.addEventListener("DOMContentLoaded", start);
})();
