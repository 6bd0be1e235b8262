// Site-wide behaviour. htmx itself is loaded from static/vendor/htmx/ (npm htmx.org).
(function () {
  "use strict";

  function flash(text, level) {
    var box = document.getElementById("messages");
    if (!box || !text) return;
    var list = box.querySelector(".messages");
    if (!list) {
      list = document.createElement("ul");
      list.className = "messages";
      box.appendChild(list);
    }
    var item = document.createElement("li");
    item.className = "message " + (level || "error");
    item.textContent = text;
    list.appendChild(item);
  }

  // A failed htmx request says so instead of failing silently. Pages that answer 4xx with
  // their own explanation (a stale move, a refused action) handle those themselves.
  document.addEventListener("htmx:responseError", function (event) {
    var status = event.detail.xhr ? event.detail.xhr.status : 0;
    if (status >= 500 || status === 403) flash(document.body.dataset.errorMessage, "error");
  });
  document.addEventListener("htmx:sendError", function () {
    flash(document.body.dataset.offlineMessage, "warning");
  });

  // Close the user menu when clicking elsewhere.
  document.addEventListener("click", function (event) {
    document.querySelectorAll("details.user-menu[open]").forEach(function (menu) {
      if (!menu.contains(event.target)) menu.removeAttribute("open");
    });
  });

  // A button that copies a field's text (e.g. an invitation link): <button data-copy="#id"
  // hidden>, shown where the clipboard API exists (also in content htmx swaps in later).
  function showCopyButtons(root) {
    if (!navigator.clipboard || !root.querySelectorAll) return;
    root.querySelectorAll("[data-copy]").forEach(function (button) { button.hidden = false; });
  }
  showCopyButtons(document);
  document.addEventListener("htmx:load", function (event) { showCopyButtons(event.detail.elt); });
  document.addEventListener("click", function (event) {
    var button = event.target.closest ? event.target.closest("[data-copy]") : null;
    var field = button ? document.querySelector(button.dataset.copy) : null;
    if (!field || !navigator.clipboard) return;
    var label = button.dataset.label || button.textContent;
    button.dataset.label = label;
    navigator.clipboard.writeText(field.value || field.textContent).then(function () {
      button.textContent = button.dataset.copied || label;
      setTimeout(function () { button.textContent = label; }, 2000);
    });
  });
  document.addEventListener("focusin", function (event) {
    if (event.target.matches && event.target.matches("[data-select-on-focus]")) event.target.select();
  });

  // A form marked data-reset-on-success is emptied once htmx has sent it successfully (the
  // chat box), instead of an hx-on attribute: the CSP allows no inline code.
  document.addEventListener("htmx:afterRequest", function (event) {
    var form = event.detail.elt;
    if (event.detail.successful && form && form.matches && form.matches("form[data-reset-on-success]")) {
      form.reset();
    }
  });

  // The browser's time zone, for the server's dates (accounts.middleware reads it).
  try {
    var zone = Intl.DateTimeFormat().resolvedOptions().timeZone;
    // IANA names ("Europe/Paris") are safe in a cookie as they are.
    if (zone && /^[A-Za-z0-9_+\/-]+$/.test(zone) && document.cookie.indexOf("tz=" + zone) === -1) {
      document.cookie = "tz=" + zone + "; path=/; max-age=31536000; samesite=lax";
    }
  } catch (e) { /* an old browser: the profile's zone is used */ }

  window.complots = { flash: flash };
})();
