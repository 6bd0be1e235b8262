"""The installable site and a push in a real Chromium: the worker registers at the root
scope, the manifest is read and Chromium finds the site installable; a subscription of the
test's own (pointing at the local push service) is stored through the site, the site's push
is decrypted there and delivered to the worker through the DevTools protocol, the worker
shows it, and a tap on it opens its page or, on its "Pass" button, answers the question once
through the signed one-tap link."""

import json
import time

import pytest
from playwright.sync_api import Error as PlaywrightError
from playwright.sync_api import expect

from games.push import keys
from tests.push.pushservice import PushService

from .conftest import Site, logged_in_context

pytestmark = pytest.mark.e2e

PRIVATE, PUBLIC = keys.generate_pair()
TIMEOUT = 15000  # ms


@pytest.fixture(scope="module")
def push_site(tmp_path_factory):
    site = Site(tmp_path_factory.mktemp("e2e-push"), with_redis=False)
    site.env.update(VAPID_PRIVATE_KEY=PRIVATE, VAPID_PUBLIC_KEY=PUBLIC)
    site.start()
    yield site
    site.stop()


@pytest.fixture
def service():
    service = PushService(PUBLIC)
    yield service
    service.stop()


def device_page(browser, site, session_key):
    """A page of the devices' list in a context allowed to show notifications (as a browser
    that subscribed is), once the worker is active and controls it."""
    context = logged_in_context(browser, site, session_key, permissions=["notifications"])
    page = context.new_page()
    page.goto("/me/notifications/")
    # (wait_for_function does not wait for a promise: `ready` is awaited here.)
    active = page.evaluate(
        """(timeout) => Promise.race([navigator.serviceWorker.ready.then((r) => !!r.active),
             new Promise((resolve) => setTimeout(() => resolve(false), timeout))])""",
        TIMEOUT,
    )
    assert active, "the worker did not become active"
    return page


def subscribe(page, device):
    """Store the test's own device (the local push service's endpoint) through the site."""
    return page.evaluate(
        """(info) => fetch("/me/notifications/subscribe/", {method: "POST",
             headers: {"Content-Type": "application/json", "X-CSRFToken":
               document.querySelector("input[name=csrfmiddlewaretoken]").value},
             body: JSON.stringify(Object.assign(info, {name: "Headless"}))})
           .then(r => r.status)""",
        device.info(),
    )


class Worker:
    """The page's service worker, reached through the DevTools protocol (pushes) and its
    test messages ("shown?", "click")."""

    def __init__(self, site, page):
        self.site, self.page = site, page
        page.wait_for_function("!!navigator.serviceWorker.controller", timeout=TIMEOUT)
        self.cdp = page.context.new_cdp_session(page)
        registrations = []
        self.cdp.on(
            "ServiceWorker.workerRegistrationUpdated",
            lambda event: registrations.extend(event["registrations"]),
        )
        self.cdp.send("ServiceWorker.enable")
        deadline = time.monotonic() + TIMEOUT / 1000
        while not any(self._root(r) for r in registrations):
            assert time.monotonic() < deadline, f"no registration at the root: {registrations}"
            page.wait_for_timeout(50)  # lets Playwright dispatch the protocol's events
        self.registration_id = next(r for r in registrations if self._root(r))["registrationId"]

    def _root(self, registration):
        return registration["scopeURL"] == self.site.base_url + "/" and not registration.get(
            "isDeleted"
        )

    def deliver(self, payload):
        """Hand `payload` to the worker as the push service would."""
        self.cdp.send(
            "ServiceWorker.deliverPushMessage",
            {
                "origin": self.site.base_url,
                "registrationId": self.registration_id,
                "data": json.dumps(payload),
            },
        )

    def ask(self, message, reply):
        """Post `message` to the worker; the data of its first answer of type `reply`."""
        return self.page.evaluate(
            """([message, reply, timeout]) => new Promise((resolve, reject) => {
                 const post = () => navigator.serviceWorker.controller.postMessage(message);
                 // "shown?" again until the push arrived and the browser took or refused
                 // its notification; a tap is posted once.
                 const again = reply === "shown" ? setInterval(post, 200) : null;
                 navigator.serviceWorker.addEventListener("message", (e) => {
                   if (e.data.type === reply && e.data.shown
                       && (reply !== "shown" || e.data.shown.displayed !== undefined)) {
                     clearInterval(again);
                     resolve(e.data);
                   } });
                 post();
                 setTimeout(() => { clearInterval(again);
                   reject(new Error("no " + reply + " from the worker")); }, timeout); })""",
            [message, reply, TIMEOUT],
        )

    def notifications(self, tag, count=None):
        """The notifications the browser shows with `tag`; with `count`, once there are
        that many of them."""
        return self.page.evaluate(
            """async ([tag, count, timeout]) => {
                 const registration = await navigator.serviceWorker.ready;
                 const end = Date.now() + timeout;
                 for (;;) {
                   const list = await registration.getNotifications({tag});
                   if (count === null || list.length === count) {
                     return list.map((n) => ({title: n.title, body: n.body,
                       actions: n.actions.map((a) => ({action: a.action, title: a.title})),
                       data: n.data}));
                   }
                   if (Date.now() > end) {
                     throw new Error(`${list.length} notification(s) ${tag}, not ${count}`);
                   }
                   await new Promise((resolve) => setTimeout(resolve, 50));
                 } }""",
            [tag, count, TIMEOUT],
        )

    def show(self, payload, tag):
        """Deliver `payload` and wait for its notification with `tag` in the browser's list.

        Once, in a full suite run on a loaded machine, headless Chromium took a notification
        (the worker heard no refusal) and then never listed it: the push is delivered a second
        time then, as a push service may do; a worker that does not show it still fails."""
        for attempt in (1, 2):
            self.deliver(payload)
            try:
                return self.notifications(tag, 1)[0]
            except PlaywrightError:
                if attempt == 2:
                    raise

    def tap(self, action):
        """A tap on the shown notification (`action`: its button, "" for its body)."""
        return self.ask({"type": "click", "action": action}, "clicked")


def test_install_subscribe_and_show_a_push(browser, push_site, service):
    data = push_site.setup("pia")
    page = device_page(browser, push_site, data["sessions"]["pia"])
    context = page.context
    manifest = page.evaluate(
        "fetch(document.querySelector('link[rel=manifest]').href).then(r => r.json())"
    )
    assert manifest["display"] == "standalone" and manifest["translations"]["fr"]["name"]
    cdp = context.new_cdp_session(page)
    errors = cdp.send("Page.getInstallabilityErrors")["installabilityErrors"]
    # A Playwright context is an incognito profile, where Chromium installs nothing: the
    # site itself must give no other reason.
    assert [e["errorId"] for e in errors if e["errorId"] != "in-incognito"] == [], errors
    device = service.device("chromium")
    assert subscribe(page, device) == 200
    page.reload()
    page.get_by_role("button", name="Test").first.click()
    page.wait_for_load_state()
    assert len(device.messages) == 1, service.errors
    payload = device.messages[0]["data"]
    worker = Worker(push_site, page)
    listed = worker.show(payload, "test")
    shown = worker.ask({"type": "shown?"}, "shown")["shown"]
    assert shown["displayed"] is True, shown.get("error")
    assert shown["title"] == "Complots"
    assert shown["body"] == "Notifications work on this device."
    assert listed["title"] == "Complots" and listed["actions"] == []
    clicked = worker.tap("")
    assert clicked["tapped"] is True
    assert clicked["shown"]["opened"] == "/me/notifications/"  # a tap opens the devices page
    worker.notifications("test", 0)  # and closes the notification
    context.close()


def test_the_notification_button_answers_the_window_once(browser, push_site, service):
    data = push_site.setup("noa")
    page = device_page(browser, push_site, data["sessions"]["noa"])
    device = service.device("phone")
    assert subscribe(page, device) == 200

    # ivo claims the Duchesse: noa may challenge or pass, and the site pushes the question.
    game = push_site.setup("ivo", "noa", "--complots-window")["game"]
    assert len(device.messages) == 1, service.errors
    pushed = device.messages[0]["data"]
    assert pushed["title"] == f"Your answer is awaited in Complots #{game}"
    assert pushed["body"].startswith("ivo announces the Duchesse: challenge or pass?")
    assert pushed["actions"] == [{"action": "answer", "title": "Pass"}]
    assert pushed["answer"].startswith("/push/answer/")

    board = page.context.new_page()  # noa's game page, read from the server
    board.goto(f"/games/{game}/")
    panel = board.locator("#game-panel")
    before = int(panel.get_attribute("data-seq"))
    expect(board.locator("form.move-form button.btn-pass")).to_have_count(1)

    worker = Worker(push_site, page)
    tag = f"game-{game}"
    listed = worker.show(pushed, tag)
    assert listed["title"] == pushed["title"] and listed["body"] == pushed["body"]
    assert listed["actions"] == [{"action": "answer", "title": "Pass"}]
    assert listed["data"] == {"url": f"/games/{game}/", "answer": pushed["answer"]}

    tapped = worker.tap("answer")
    assert tapped["tapped"] is True
    assert tapped["shown"]["answered"] == {"ok": True, "message": "Answer given."}
    worker.notifications(tag, 0)  # the answered notification is closed

    board.reload()
    log = board.locator("#game-log li")
    expect(log.filter(has_text="noa does not challenge.")).to_have_count(1)
    expect(log.filter(has_text="Turn 2: noa.")).to_have_count(1)  # the decision moved on
    expect(panel).to_have_attribute("data-seq", str(before + 1))
    expect(board.locator("form.move-form button.btn-pass")).to_have_count(0)
    expect(board.locator(".action-group-turn")).not_to_have_count(0)  # noa's turn now

    # The same push again (a service may deliver twice), tapped again: refused, nothing moves.
    worker.show(pushed, tag)
    again = worker.tap("answer")
    assert again["tapped"] is True
    assert again["shown"]["answered"] == {
        "ok": False,
        "message": "This question was already answered.",
    }
    board.reload()
    expect(log.filter(has_text="noa does not challenge.")).to_have_count(1)
    expect(panel).to_have_attribute("data-seq", str(before + 1))
    one_tap = board.goto(pushed["answer"])  # the page a refused tap opens says why
    assert one_tap.status == 410
    expect(board.get_by_text("This question was already answered.")).to_be_visible()
    page.context.close()
