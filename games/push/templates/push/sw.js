/* Complots' service worker (scope: the whole site). It shows the game notifications, answers
   a window in one tap from a notification's button, and shows the offline page when the
   network is gone. It caches only the offline page and public static files: never a page
   of a game, never anything of a player. */
"use strict";

const VERSION = "complots-{{ version }}";
const OFFLINE_URL = "{{ offline_url|escapejs }}";
const PRECACHE = {{ precache|safe }};

self.addEventListener("install", (event) => {
  event.waitUntil(
    caches.open(VERSION).then((cache) => cache.addAll(PRECACHE)).then(() => self.skipWaiting())
  );
});

self.addEventListener("activate", (event) => {
  event.waitUntil(
    caches.keys()
      .then((names) => Promise.all(names.filter((n) => n !== VERSION).map((n) => caches.delete(n))))
      .then(() => self.clients.claim())
  );
});

self.addEventListener("fetch", (event) => {
  const request = event.request;
  if (request.method !== "GET") return;
  if (request.mode === "navigate") {
    // Pages always come from the network (they hold the player's own view); offline: the
    // offline page.
    event.respondWith(fetch(request).catch(() => caches.match(OFFLINE_URL)));
    return;
  }
  const url = new URL(request.url);
  if (url.origin === self.location.origin && PRECACHE.includes(url.pathname)) {
    event.respondWith(fetch(request).catch(() => caches.match(request)));
  }
});

// What the worker showed last, and what a tap on it gave: read by the browser tests (a
// message "shown?" answers with it).
let lastShown = null;

self.addEventListener("push", (event) => {
  let data = {};
  try {
    data = event.data ? event.data.json() : {};
  } catch (error) {
    data = {};
  }
  const title = data.title || "Complots";
  const options = {
    body: data.body || "",
    tag: data.tag || "complots",
    renotify: true,
    lang: data.lang || "",
    icon: data.icon,
    badge: data.badge,
    data: { url: data.url || "/", answer: data.answer || "" },
    actions: (data.actions || []).slice(0, 2),
  };
  const shown = { title: title, body: options.body, tag: options.tag, data: options.data,
                  actions: options.actions };
  lastShown = shown;
  // `displayed` once the browser took the notification, or the reason it refused it.
  event.waitUntil(self.registration.showNotification(title, options).then(
    () => { shown.displayed = true; },
    (error) => { shown.displayed = false; shown.error = String(error); throw error; }));
});

async function answer(path) {
  const response = await fetch(path, {
    method: "POST",
    credentials: "same-origin",
    headers: { Accept: "application/json" },
  });
  let result = {};
  try {
    result = await response.json();
  } catch (error) {
    result = {};
  }
  return { ok: response.ok && result.ok === true, message: result.message || "" };
}

async function openPage(url) {
  const windows = await self.clients.matchAll({ type: "window", includeUncontrolled: true });
  try {
    for (const client of windows) {
      if (new URL(client.url).pathname === url && "focus" in client) {
        await client.focus();
        return url;
      }
    }
    await self.clients.openWindow(url);
  } catch (error) {
    /* focusing and opening need the user's tap: nothing else to do */
  }
  return url;
}

async function onClick(notification, action) {
  const data = notification.data || {};
  notification.close();
  if (action === "answer" && data.answer) {
    const result = await answer(data.answer);
    lastShown = Object.assign({}, lastShown, { answered: result });
    if (!result.ok) {
      // Refused (answered elsewhere, the game moved on): open the one-tap page, which says why.
      return openPage(data.answer);
    }
    return result;
  }
  lastShown = Object.assign({}, lastShown, { opened: data.url || "/" });
  return openPage(data.url || "/");
}

self.addEventListener("notificationclick", (event) => {
  event.waitUntil(onClick(event.notification, event.action));
});

self.addEventListener("message", (event) => {
  const message = event.data || {};
  if (message.type === "shown?") {
    event.source.postMessage({ type: "shown", shown: lastShown });
  } else if (message.type === "click" && lastShown) {
    // The browser tests' stand-in for a tap (no protocol clicks a notification): the
    // notification the browser shows for the last push goes through the tap's own path.
    const tag = lastShown.tag;
    event.waitUntil(
      self.registration.getNotifications({ tag: tag })
        .then((shown) => (shown.length ? onClick(shown[shown.length - 1], message.action) : null))
        .then((result) => event.source.postMessage(
          { type: "clicked", shown: lastShown, tapped: result !== null })));
  }
});
