/* Registers the service worker (the installable site), and on the devices page asks for the
   permission to notify when the player presses the button (never on load), subscribes this
   browser with the site's VAPID key and stores the subscription. */
"use strict";

(function () {
  const script = document.currentScript;
  const workerUrl = script ? script.dataset.worker : "/sw.js";
  if (!("serviceWorker" in navigator)) return;
  const ready = navigator.serviceWorker.register(workerUrl, { scope: "/" })
    .then(() => navigator.serviceWorker.ready)
    .catch(() => null);

  function keyBytes(base64url) {
    const padded = (base64url + "===".slice((base64url.length + 3) % 4))
      .replace(/-/g, "+").replace(/_/g, "/");
    const raw = atob(padded);
    return Uint8Array.from(raw, (c) => c.charCodeAt(0));
  }

  function csrfToken() {
    const match = document.cookie.match(/(?:^|; )csrftoken=([^;]+)/);
    if (match) return decodeURIComponent(match[1]);
    const input = document.querySelector("input[name=csrfmiddlewaretoken]");
    return input ? input.value : "";
  }

  function deviceName() {
    const ua = navigator.userAgent;
    const system = /Android/.test(ua) ? "Android" : /iPhone|iPad/.test(ua) ? "iOS"
      : /Windows/.test(ua) ? "Windows" : /Mac OS/.test(ua) ? "macOS"
      : /Linux/.test(ua) ? "Linux" : "";
    const browser = /Firefox\//.test(ua) ? "Firefox" : /Edg\//.test(ua) ? "Edge"
      : /Chrom(e|ium)\//.test(ua) ? "Chrome" : /Safari\//.test(ua) ? "Safari" : "";
    return [browser, system].filter(Boolean).join(" · ");
  }

  async function store(section, subscription) {
    const body = Object.assign(subscription.toJSON(), { name: deviceName() });
    const response = await fetch(section.dataset.subscribeUrl, {
      method: "POST",
      credentials: "same-origin",
      headers: { "Content-Type": "application/json", "X-CSRFToken": csrfToken() },
      body: JSON.stringify(body),
    });
    return response.ok;
  }

  async function enable(section, status) {
    if (!("PushManager" in window) || !("Notification" in window)) {
      status.textContent = section.dataset.unsupported;
      return;
    }
    const permission = await Notification.requestPermission();
    if (permission !== "granted") {
      status.textContent = section.dataset.denied;
      return;
    }
    try {
      const registration = await ready;
      const subscription = await registration.pushManager.subscribe({
        userVisibleOnly: true,
        applicationServerKey: keyBytes(section.dataset.pushKey),
      });
      if (await store(section, subscription)) {
        status.textContent = section.dataset.done;
        window.location.reload();
        return;
      }
    } catch (error) {
      /* falls through to the message */
    }
    status.textContent = section.dataset.failed;
  }

  document.addEventListener("DOMContentLoaded", () => {
    const section = document.querySelector("[data-push-key]");
    const button = section && section.querySelector("[data-push-enable]");
    if (!button) return;
    const status = section.querySelector("[data-push-status]");
    button.addEventListener("click", () => enable(section, status));
  });
  window.complotsPush = { ready: ready, store: store };
})();
