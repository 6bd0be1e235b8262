"""The installable site and a push in a real Chromium: the worker registers at the root
scope, the manifest is read and Chromium finds the site installable; a subscription of the
test's own (pointing at the local push service) is stored through the site, the site's test
push is decrypted there and delivered to the worker through the DevTools protocol, and the
worker shows it and opens its page when tapped."""

import json

import pytest

from games.push import keys
from tests.push.pushservice import PushService

from .conftest import Site, logged_in_context

pytestmark = pytest.mark.e2e

PRIVATE, PUBLIC = keys.generate_pair()


@pytest.fixture(scope="module")
def push_site(tmp_path_factory):
    site = Site(tmp_path_factory.mktemp("e2e-push"), with_redis=False)
    site.env.update(VAPID_PRIVATE_KEY=PRIVATE, VAPID_PUBLIC_KEY=PUBLIC)
    site.start()
    yield site
    site.stop()


def test_install_subscribe_and_show_a_push(browser, push_site):
    service = PushService(PUBLIC)
    try:
        data = push_site.setup("pia")
        context = logged_in_context(browser, push_site, data["sessions"]["pia"])
        page = context.new_page()
        page.goto("/me/notifications/")
        page.wait_for_function("navigator.serviceWorker.ready.then(r => !!r.active)", timeout=15000)
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
        stored = page.evaluate(
            """(info) => fetch("/me/notifications/subscribe/", {method: "POST",
                 headers: {"Content-Type": "application/json", "X-CSRFToken":
                   document.querySelector("input[name=csrfmiddlewaretoken]").value},
                 body: JSON.stringify(Object.assign(info, {name: "Headless"}))})
               .then(r => r.status)""",
            device.info(),
        )
        assert stored == 200
        page.reload()
        page.get_by_role("button", name="Test").first.click()
        page.wait_for_load_state()
        assert len(device.messages) == 1, service.errors
        payload = device.messages[0]["data"]
        registrations = []
        cdp.on(
            "ServiceWorker.workerRegistrationUpdated",
            lambda event: registrations.extend(event["registrations"]),
        )
        cdp.send("ServiceWorker.enable")
        page.wait_for_timeout(300)
        registration = next(r for r in registrations if r["scopeURL"].endswith("/"))
        cdp.send(
            "ServiceWorker.deliverPushMessage",
            {
                "origin": push_site.base_url,
                "registrationId": registration["registrationId"],
                "data": json.dumps(payload),
            },
        )
        shown = page.evaluate(
            """() => new Promise((resolve) => {
                 navigator.serviceWorker.addEventListener("message", (e) => {
                   if (e.data.type === "shown" && e.data.shown) resolve(e.data.shown); });
                 const ask = () => navigator.serviceWorker.controller
                   ? navigator.serviceWorker.controller.postMessage({type: "shown?"})
                   : null;
                 ask(); setInterval(ask, 200); })"""
        )
        assert shown["title"] == "Complots"
        assert shown["body"] == "Notifications work on this device."
        clicked = page.evaluate(
            """() => new Promise((resolve) => {
                 navigator.serviceWorker.addEventListener("message", (e) => {
                   if (e.data.type === "clicked") resolve(e.data.shown); });
                 navigator.serviceWorker.controller.postMessage({type: "click", action: ""}); })"""
        )
        assert clicked["opened"] == "/me/notifications/"  # a tap opens the devices page
        context.close()
    finally:
        service.stop()
