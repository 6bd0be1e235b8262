// The game page: live updates (Server-Sent Events, or htmx polling without Redis), the
// countdown to the deadline, calling the player when it becomes their move (tab title,
// favicon, optional sound and browser notification), telling the server that the page is
// seen (Page Visibility API), and keeping the keyboard focus across panel refreshes.
// Change notices carry only {"seq", "rev", "chat"}: the page then asks for its own panel
// when the game changed ("panel-changed" on <body>) and its chat when the chat's version
// changed ("chat-changed"); "game-changed" (the polling fallback) refreshes both. Spectators
// (no seat) get the shared public panel down the stream instead ("panel" events).
(function () {
  "use strict";

  var page = document.getElementById("game-page");
  if (!page) return;

  function panel() { return document.getElementById("game-panel"); }

  function revision() {
    var p = panel();
    return p ? parseInt(p.dataset.revision, 10) : -1;
  }

  function fire(name, detail) {
    if (window.htmx) window.htmx.trigger(document.body, name, detail || {});
  }
  function changed(detail) { fire("game-changed", detail); }  // the panel and the chat

  // The revision the page is current at: the panel's, or a later one when only the chat
  // changed since (the panel then stays as it is).
  var chatOnlyRev = -1;
  function current() { return Math.max(revision(), chatOnlyRev); }
  function panelSeq() {
    var p = panel();
    return p ? parseInt(p.dataset.seq, 10) : -1;
  }

  // The newest revision a notice announced. Notices come in bursts when several players
  // answer at once; htmx drops a refresh queued on a panel that a response has just replaced,
  // so after every swap the page asks again while it shows an older revision than announced.
  var latest = -1;
  var chatVersion = null;  // the chat's version, from the notices ("<newest id>.<hidden>")
  var url = page.dataset.sseUrl;
  var pollTimer = null;
  var notice = document.getElementById("live-notice");

  // Redis is away: tell the reader, and poll `/changed/` (the no-Redis fallback) until the
  // stream says it is back.
  function poll() {
    if (window.htmx && page.dataset.changedUrl) {
      window.htmx.ajax("GET", page.dataset.changedUrl + "?since=" + current(),
        { source: document.body, target: document.body, swap: "none" });
    }
  }
  function liveDown() {
    if (notice) notice.hidden = false;
    if (!pollTimer) pollTimer = setInterval(poll, 2000);
  }
  function liveUp() {
    if (notice) notice.hidden = true;
    if (pollTimer) { clearInterval(pollTimer); pollTimer = null; }
  }

  function onNotice(data) {
    var first = chatVersion === null;
    var known = data.chat !== undefined && data.chat !== null;
    var chatChanged = !known || (!first && data.chat !== chatVersion);
    var behind = data.rev !== current();
    var chatOnly = known && !first && chatChanged && data.seq === panelSeq() &&
      data.rev === current() + 1;
    if (known) chatVersion = data.chat;
    if (data.rev > latest) latest = data.rev;
    if (first) {  // what changed since the page was rendered is unknown: both, if anything
      if (behind) changed(data);
      return;
    }
    if (chatOnly) {
      chatOnlyRev = data.rev;
      fire("chat-changed", data);
      return;
    }
    if (chatChanged) fire("chat-changed", data);
    if (!behind) return;
    if (data.push) {  // the panel follows down the stream; fetch it if it does not come
      var rev = data.rev;
      setTimeout(function () { if (current() < rev) fire("panel-changed", { rev: rev }); }, 3000);
    } else {
      fire("panel-changed", data);
    }
  }

  if (url && window.EventSource) {
    var source = new EventSource(url);
    source.addEventListener("changed", function (event) {
      var data;
      try { data = JSON.parse(event.data); } catch (e) { return; }
      if (data) onNotice(data);
    });
    // The spectators' shared panel, pushed by the stream (public view only).
    source.addEventListener("panel", function (event) {
      var p = panel();
      var data;
      try { data = JSON.parse(event.data); } catch (e) { return; }
      if (!p || !data || !window.htmx || data.rev <= revision()) return;
      window.htmx.swap(p, data.html, { swapStyle: "outerHTML" });
    });
    source.addEventListener("live-down", liveDown);
    source.addEventListener("live-up", liveUp);
    window.addEventListener("pagehide", function () { source.close(); });
  }
  document.body.addEventListener("htmx:afterSettle", function () {
    if (latest > current()) fire("panel-changed", { rev: latest });
  });

  // The same for the chat, which has no revision of its own on the page: count the refreshes
  // asked of it (the events its hx-trigger listens to) and, after each swap, ask again when
  // one came while the fetch that brought it was in flight (its queued refresh is dropped
  // with the element that the answer replaced).
  var chatAsked = 0;
  var chatServed = 0;
  function chatBox() { return document.getElementById("chat-messages"); }
  // Counted while the event goes down to <body> (capture on the document), so before the
  // chat's own listener on <body> sends the request that serves it.
  ["game-changed", "chat-changed", "panel-changed"].forEach(function (name) {
    document.addEventListener(name, function () {
      var box = chatBox();
      if (box && (box.getAttribute("hx-trigger") || "").indexOf(name) !== -1) chatAsked++;
    }, true);
  });
  document.body.addEventListener("htmx:beforeRequest", function (event) {
    var target = event.detail && event.detail.target;
    if (target && target.id === "chat-messages") chatServed = chatAsked;
  });
  document.body.addEventListener("htmx:afterSettle", function (event) {
    var target = event.detail && event.detail.target;
    if (target && target.id === "chat-messages" && chatAsked > chatServed) {
      fire("chat-changed", {});
    }
  });

  // A move's answer must always reach the page. htmx swaps a response into the element that
  // was the target when the request left; when another response replaced the panel
  // meanwhile, that element is gone and the answer (and its message) would be lost: aim it at
  // the panel now on the page instead. A refresh that brings nothing new (same revision)
  // keeps the message shown by the last answer.
  var kept = null;
  function editing(p) {
    var field = document.activeElement;
    return !!field && p.contains(field) && /^(INPUT|SELECT|TEXTAREA)$/.test(field.tagName) &&
      field.type !== "submit" && field.type !== "hidden";
  }
  function beforePanelSwap(event) {
    var detail = event.detail;
    if (!detail || !detail.target || detail.target.id !== "game-panel") return;
    if (!detail.target.isConnected) {
      var current = document.getElementById("game-panel");
      if (current) detail.target = current;
    }
    var verb = detail.requestConfig && detail.requestConfig.verb;
    // A refresh that brings nothing new (the same revision) while the player is filling in
    // a field of the panel would wipe what they typed: the panel stays as it is.
    if (verb === "get" && editing(detail.target)) {
      var same = /data-revision="(\d+)"/.exec(detail.serverResponse || "");
      if (same && same[1] === detail.target.dataset.revision) {
        detail.shouldSwap = false;
        kept = null;
        return;
      }
    }
    var flashes = detail.target.querySelectorAll(".flash");
    kept = verb === "get" && flashes.length
      ? { rev: detail.target.dataset.revision, nodes: flashes } : null;
  }
  document.body.addEventListener("htmx:beforeRequest", function (event) {
    var target = event.detail && event.detail.target;
    if (target && target.id === "game-panel" && !target.dataset.answered) {
      target.dataset.answered = "1";
      target.addEventListener("htmx:beforeSwap", beforePanelSwap);
    }
  });
  document.body.addEventListener("htmx:afterSwap", function () {
    var panel = document.getElementById("game-panel");
    if (kept && panel && panel.dataset.revision === kept.rev && !panel.querySelector(".flash")) {
      for (var i = kept.nodes.length - 1; i >= 0; i--) panel.prepend(kept.nodes[i]);
    }
    kept = null;
  });

  // The chat form comes again, out of band, with every panel (it follows the game: the
  // phrases and their numbers, the private lines once the players are seated). When it
  // brings the same form (`data-chat-form`), the one on the page stays, with what is typed.
  document.body.addEventListener("htmx:oobBeforeSwap", function (event) {
    var detail = event.detail;
    if (!detail || !detail.target || detail.target.id !== "chat-form") return;
    var incoming = detail.fragment && detail.fragment.querySelector
      ? detail.fragment.querySelector("#chat-form") : null;
    if (!incoming && detail.fragment && detail.fragment.firstElementChild &&
        detail.fragment.firstElementChild.id === "chat-form") {
      incoming = detail.fragment.firstElementChild;
    }
    if (incoming && incoming.getAttribute("data-chat-form") ===
        detail.target.getAttribute("data-chat-form")) {
      detail.shouldSwap = false;
    }
  });

  // Intrigue's offer form: what will be sent, in words, kept in step with the fields
  // ("Offer 3,000 ducats for the 6,000 slot"). The words come translated in data-*.
  function offerSummary(form) {
    var out = form.querySelector(".offer-summary");
    var amount = form.querySelector("input[name=amount]");
    if (!out || !amount) return;
    var slot = form.querySelector("select[name=slot]");
    var n = parseInt(amount.value, 10);
    var number;
    try { number = new Intl.NumberFormat(lang); } catch (e) { number = null; }
    function money(value) {
      var text = number ? number.format(value) : String(value);
      return (form.dataset.ducats || "%(n)s").replace("%(n)s", text);
    }
    if (isNaN(n) || n < 0) { out.hidden = true; return; }
    var words = slot && slot.value ? form.dataset.summarySlot : form.dataset.summaryAny;
    out.textContent = (words || "").replace("%(amount)s", money(n * 1000))
      .replace("%(slot)s", slot && slot.value ? money(parseInt(slot.value, 10)) : "");
    out.hidden = false;
  }
  function offerForms() { document.querySelectorAll("form.offer-form").forEach(offerSummary); }
  ["input", "change"].forEach(function (name) {
    document.addEventListener(name, function (event) {
      var form = event.target && event.target.closest && event.target.closest("form.offer-form");
      if (form) offerSummary(form);
    });
  });
  document.body.addEventListener("htmx:afterSettle", offerForms);

  // A move that would lose the game asks first: a button's data-confirm (before htmx or the
  // plain form sees the click).
  document.addEventListener("click", function (event) {
    var button = event.target.closest && event.target.closest("button[data-confirm]");
    if (button && !window.confirm(button.dataset.confirm)) {
      event.preventDefault();
      event.stopImmediatePropagation();
    }
  }, true);

  // Countdown: "<time data-countdown=epoch-seconds>" shows the time left, every second, and
  // the deadline in the browser's own time zone on hover.
  var lang = document.documentElement.lang || undefined;
  function pad(n) { return n < 10 ? "0" + n : String(n); }
  // The server's one wording of the time left (games/table/durations.py): "2 d 3 h",
  // "23 h 59 min", "12 min", "45 s", in the page's language (the words come with the page).
  function format(ms, words) {
    var u = words || { d: "d", h: "h", min: "min", s: "s", in: "in %(left)s" };
    var nb = "\u00a0";
    var s = Math.max(0, Math.floor(ms / 1000));
    var d = Math.floor(s / 86400), h = Math.floor(s % 86400 / 3600);
    var m = Math.floor(s % 3600 / 60), sec = s % 60;
    var text;
    if (d > 0) text = d + nb + u.d + " " + h + nb + u.h;
    else if (h > 0) text = h + nb + u.h + " " + pad(m) + nb + u.min;
    else if (m > 0) text = m + nb + u.min;
    else text = sec + nb + u.s;
    return (u.in || "%(left)s").replace("%(left)s", text);
  }
  function tick() {
    document.querySelectorAll("time[data-countdown]").forEach(function (node) {
      var at = parseInt(node.dataset.countdown, 10) * 1000;
      var left = at - Date.now();
      var words = null;
      try { words = JSON.parse(node.dataset.units || "null"); } catch (e) { words = null; }
      node.textContent = format(left, words);
      if (!node.dataset.localTitle) {
        node.dataset.localTitle = "1";
        node.title = new Date(at).toLocaleString(lang, { dateStyle: "full", timeStyle: "short" });
      }
      var box = node.closest(".countdown");
      if (box) box.classList.toggle("urgent", left < 10000);
    });
  }
  tick();
  setInterval(tick, 1000);
  offerForms();

  // Calling the player -----------------------------------------------------------------
  var baseTitle = document.title;
  var icon = document.querySelector("link[rel=icon]");
  var baseIcon = icon ? icon.getAttribute("href") : "";
  var soundBox = document.getElementById("call-sound");
  var notifyButton = document.getElementById("call-notify");
  var notifyState = document.getElementById("call-notify-state");
  var settings = document.querySelector(".call-settings");
  var STORE = "complots.callSound";

  function myMove() {
    var p = panel();
    return !!(p && p.dataset.myMove);
  }

  function showTitle(mine) {
    document.title = mine ? page.dataset.titleMove : baseTitle;
    if (icon) icon.setAttribute("href", mine ? page.dataset.faviconMove : baseIcon);
  }

  function beep() {
    var Context = window.AudioContext || window.webkitAudioContext;
    if (!Context) return;
    try {
      var context = new Context();
      var tone = context.createOscillator();
      var gain = context.createGain();
      tone.frequency.value = 660;
      gain.gain.setValueAtTime(0.15, context.currentTime);
      gain.gain.exponentialRampToValueAtTime(0.001, context.currentTime + 0.6);
      tone.connect(gain).connect(context.destination);
      tone.start();
      tone.stop(context.currentTime + 0.6);
    } catch (e) { /* no sound, no harm */ }
  }

  function showNotifyState() {
    if (!notifyButton) return;
    if (!("Notification" in window)) { notifyButton.hidden = true; return; }
    var state = Notification.permission;
    notifyButton.hidden = state !== "default";
    if (notifyState) {
      notifyState.textContent = state === "granted" ? notifyState.dataset.granted
        : state === "denied" ? notifyState.dataset.denied : "";
    }
  }

  function call() {
    page.dispatchEvent(new CustomEvent("complots:your-move"));
    if (soundBox && soundBox.checked) beep();
    if ("Notification" in window && Notification.permission === "granted" && document.hidden) {
      try {
        var note = new Notification(page.dataset.notifyText, { tag: "complots-" + page.dataset.game });
        note.onclick = function () { window.focus(); note.close(); };
      } catch (e) { /* some browsers only notify from a service worker */ }
    }
  }

  if (settings) {
    settings.hidden = false;
    try { soundBox.checked = window.localStorage.getItem(STORE) === "1"; } catch (e) { /* private mode */ }
    soundBox.addEventListener("change", function () {
      try { window.localStorage.setItem(STORE, soundBox.checked ? "1" : "0"); } catch (e) { /* ignore */ }
    });
    if (notifyButton) {
      notifyButton.addEventListener("click", function () {
        // Asked only here, on the player's click: never when the page loads.
        var asked = Notification.requestPermission(showNotifyState);
        if (asked && asked.then) asked.then(showNotifyState);
      });
    }
    showNotifyState();
  }

  var wasMine = myMove();
  showTitle(wasMine);

  // Seen: the server sends "your turn" mails to players who have not SEEN the page for a
  // while. The page says so only while it is visible, then every 15 s (presence lasts 30).
  var seenUrl = page.dataset.seenUrl;
  var SEEN_EVERY = 15000;
  var lastSeen = 0;
  function csrf() {
    try { return JSON.parse(document.body.getAttribute("hx-headers"))["X-CSRFToken"]; } catch (e) { return ""; }
  }
  function seen() {
    if (!seenUrl || document.visibilityState !== "visible") return;
    lastSeen = Date.now();
    fetch(seenUrl, { method: "POST", headers: { "X-CSRFToken": csrf() }, credentials: "same-origin" })
      .catch(function () { /* offline: the next one will do */ });
  }
  if (seenUrl) {
    seen();
    document.addEventListener("visibilitychange", function () {
      if (document.visibilityState === "visible" && Date.now() - lastSeen > 2000) seen();
    });
    setInterval(seen, SEEN_EVERY);
  }

  // Focus across panel refreshes --------------------------------------------------------
  // The panel is replaced after each move and change notice. When the focus was inside it,
  // it goes back to the same action (same button value) or to the status heading; focus
  // elsewhere (the chat box...) is never moved.
  // The last focus inside the panel (a button being disabled during its request, or
  // removed by the swap, leaves the focus on <body>: this remembers where it was).
  var focusKey = null;
  document.addEventListener("focusin", function (event) {
    var p = panel();
    var el = event.target;
    focusKey = p && p.contains(el)
      ? { value: el.getAttribute("value"), name: el.getAttribute("name"), id: el.id }
      : null;
  });
  document.addEventListener("mousedown", function (event) {
    var p = panel();
    if (!p || !p.contains(event.target)) focusKey = null;
  });

  var shownPanel = panel();
  document.body.addEventListener("htmx:afterSettle", function () {
    tick();
    var p = panel();
    if (!p || p === shownPanel) return;  // not a new panel (the chat, the log...)
    shownPanel = p;
    var lost = !document.activeElement || document.activeElement === document.body;
    if (focusKey && p && lost) {
      var again = null;
      if (focusKey.value !== null) {
        p.querySelectorAll("button[value]").forEach(function (button) {
          if (!again && button.getAttribute("value") === focusKey.value) again = button;
        });
      } else if (focusKey.id) {
        again = document.getElementById(focusKey.id);
      }
      if (!again || !p.contains(again)) again = document.getElementById("status-heading");
      if (again) again.focus();
    }
    // Old messages (e.g. "You sat down", shown when the page loaded) go once the table moved.
    var box = document.querySelector("#messages .messages");
    if (box) box.remove();
    var mine = myMove();
    showTitle(mine);
    if (mine && !wasMine) call();
    wasMine = mine;
  });
})();
