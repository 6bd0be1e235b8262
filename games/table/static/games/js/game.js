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

  var url = page.dataset.sseUrl;
  if (url && window.EventSource) {
    var source = new EventSource(url);
    source.addEventListener("changed", function (event) {
      var notice;
      try { notice = JSON.parse(event.data); } catch (e) { return; }
      if (notice && notice.rev !== revision()) changed(notice);
    });
    window.addEventListener("pagehide", function () { source.close(); });
  }

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
