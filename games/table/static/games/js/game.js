// The game page: live updates (Server-Sent Events, or htmx polling without Redis) and the
// countdown to the deadline. Change notices carry only {"seq", "rev"}: the page then asks
// for its own panel and chat again (htmx, on the "game-changed" event of <body>).
(function () {
  "use strict";

  var page = document.getElementById("game-page");
  if (!page) return;

  function revision() {
    var panel = document.getElementById("game-panel");
    return panel ? parseInt(panel.dataset.revision, 10) : -1;
  }

  function changed(detail) {
    if (window.htmx) window.htmx.trigger(document.body, "game-changed", detail || {});
  }

  // The newest revision a notice announced. Notices come in bursts when several players
  // answer at once; htmx drops a refresh queued on a panel that a response has just replaced,
  // so after every swap the page asks again while it shows an older revision than announced.
  var latest = -1;
  var url = page.dataset.sseUrl;
  if (url && window.EventSource) {
    var source = new EventSource(url);
    source.addEventListener("changed", function (event) {
      var notice;
      try { notice = JSON.parse(event.data); } catch (e) { return; }
      if (!notice) return;
      if (notice.rev > latest) latest = notice.rev;
      if (notice.rev !== revision()) changed(notice);
    });
    window.addEventListener("pagehide", function () { source.close(); });
  }
  document.body.addEventListener("htmx:afterSettle", function () {
    if (latest > revision()) changed({ rev: latest });
  });

  // A move's answer must always reach the page. htmx swaps a response into the element that
  // was the target when the request left; when another response replaced the panel
  // meanwhile, that element is gone and the answer (and its message) would be lost: aim it at
  // the panel now on the page instead. A refresh that brings nothing new (same revision)
  // keeps the message shown by the last answer.
  var kept = null;
  function beforePanelSwap(event) {
    var detail = event.detail;
    if (!detail || !detail.target || detail.target.id !== "game-panel") return;
    if (!detail.target.isConnected) {
      var current = document.getElementById("game-panel");
      if (current) detail.target = current;
    }
    var verb = detail.requestConfig && detail.requestConfig.verb;
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

  // Countdown: "<time data-countdown=epoch-seconds>" shows the time left, every second.
  function pad(n) { return n < 10 ? "0" + n : String(n); }
  function format(ms) {
    if (ms <= 0) return "0:00";
    var s = Math.floor(ms / 1000);
    var d = Math.floor(s / 86400), h = Math.floor(s % 86400 / 3600);
    var m = Math.floor(s % 3600 / 60), sec = s % 60;
    if (d > 0) return d + "d " + h + "h " + pad(m) + "m";
    if (h > 0) return h + ":" + pad(m) + ":" + pad(sec);
    return m + ":" + pad(sec);
  }
  function tick() {
    document.querySelectorAll("time[data-countdown]").forEach(function (node) {
      var left = parseInt(node.dataset.countdown, 10) * 1000 - Date.now();
      node.textContent = format(left);
      var box = node.closest(".countdown");
      if (box) box.classList.toggle("urgent", left < 10000);
    });
  }
  tick();
  setInterval(tick, 1000);
  document.body.addEventListener("htmx:afterSettle", tick);
})();
