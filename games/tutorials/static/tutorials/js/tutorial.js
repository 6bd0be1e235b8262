// The tutorial's step box on a lesson's game page. No inline script (the site's CSP):
// everything reads data attributes. After every refresh of the game panel the step is
// fetched again (the move just made, the opponents' answers); a new step replaces the
// text of the aria-live region (announced by screen readers) and, when the focus was in
// the box, the focus moves to the new text. The part of the page the step talks about gets
// an outline, the move it expects a glow; the keyboard reaches both as usual.
(function () {
  "use strict";
  var box = document.getElementById("tutorial-box");
  if (!box) { return; }
  var live = document.getElementById("tutorial-step");

  function normalized(value) {
    if (Array.isArray(value)) { return value.map(normalized).map(String).sort(); }
    if (value && typeof value === "object") {
      var out = {};
      Object.keys(value).sort().forEach(function (k) { out[k] = normalized(value[k]); });
      return out;
    }
    return value;
  }
  function same(a, b) { return JSON.stringify(normalized(a)) === JSON.stringify(normalized(b)); }

  function highlight() {
    var step = live.querySelector(".tutorial-step");
    document.querySelectorAll(".tutorial-focus").forEach(function (el) { el.classList.remove("tutorial-focus"); });
    document.querySelectorAll(".tutorial-expected").forEach(function (el) { el.classList.remove("tutorial-expected"); });
    if (!step) { return; }
    var point = step.getAttribute("data-point");
    var target = null;
    try { target = point ? document.querySelector(point) : null; } catch (e) { target = null; }
    if (target) { target.classList.add("tutorial-focus"); }
    var expect = step.getAttribute("data-expect");
    if (!expect) { return; }
    var wanted;
    try { wanted = JSON.parse(expect); } catch (e) { return; }
    document.querySelectorAll('#move-form button[name="action"], #game-panel button[name="action"]').forEach(function (button) {
      var value;
      try { value = JSON.parse(button.value); } catch (e) { return; }
      if (same(value, wanted)) { button.classList.add("tutorial-expected"); }
    });
  }

  function currentStep() {
    var step = live.querySelector(".tutorial-step");
    return step ? step.getAttribute("data-step") : "";
  }

  function refresh() {
    var url = box.getAttribute("data-step-url");
    fetch(url, { credentials: "same-origin", headers: { "HX-Request": "true" } })
      .then(function (response) { return response.ok ? response.text() : null; })
      .then(function (html) {
        if (html === null) { return; }
        var template = document.createElement("template");
        template.innerHTML = html.trim();
        var incoming = template.content.querySelector(".tutorial-step");
        if (incoming && incoming.getAttribute("data-step") !== currentStep()) {
          var hadFocus = box.contains(document.activeElement);
          live.innerHTML = html;
          if (window.htmx) { window.htmx.process(live); }
          if (hadFocus) { var text = document.getElementById("tutorial-text"); if (text) { text.focus(); } }
        }
        highlight();
      })
      .catch(function () { highlight(); });
  }

  document.body.addEventListener("htmx:afterSettle", function (event) {
    var target = event.detail && event.detail.target;
    if (!target) { return; }
    if (target.id === "game-panel" || (target.closest && target.closest("#game-panel"))) {
      refresh();
    } else if (target === live || live.contains(target)) {
      var text = document.getElementById("tutorial-text");  // the learner pressed Next
      if (text) { text.focus(); }
      highlight();
    }
  });
  highlight();
})();
