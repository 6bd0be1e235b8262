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

  window.complots = { flash: flash };
})();
