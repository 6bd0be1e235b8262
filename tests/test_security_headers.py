"""Security headers: the Content-Security-Policy (no inline script or style anywhere), the
Permissions-Policy, and ``Cache-Control: private, no-store`` on everything personal."""

from __future__ import annotations

from html.parser import HTMLParser

import pytest
from django.test import Client
from django.urls import reverse

from games.mail.links import unsubscribe_token
from tests.site_world import build_world, log_in


@pytest.fixture(autouse=True)
def _locmem_cache(settings):
    settings.CACHES = {
        **settings.CACHES,
        "default": {"BACKEND": "django.core.cache.backends.locmem.LocMemCache", "LOCATION": "h"}
    }
    settings.REDIS_URL = ""


@pytest.fixture
def world(db):
    return build_world()


DATA_BLOCKS = {"application/json", "application/ld+json"}


class InlineCode(HTMLParser):
    """Collects what a strict CSP would block: inline scripts, <style>, style attributes,
    on* handlers and htmx's hx-on (evaluated code)."""

    def __init__(self):
        super().__init__()
        self.found = []

    def handle_starttag(self, tag, attrs):
        names = {name.lower(): value for name, value in attrs}
        # A JSON data block (allauth's email page) is never executed: the CSP allows it.
        if tag == "script" and "src" not in names and names.get("type") not in DATA_BLOCKS:
            self.found.append("<script> without src")
        if tag == "style":
            self.found.append("<style>")
        for name in names:
            if name == "style":
                self.found.append(f"style= on <{tag}>")
            elif name.startswith("on"):
                self.found.append(f"{name}= on <{tag}>")
            elif name.startswith(("hx-on", "data-hx-on")):
                self.found.append(f"{name}= on <{tag}>")
            elif names[name] and name == "href" and names[name].lower().startswith("javascript:"):
                self.found.append(f"javascript: link on <{tag}>")


def inline_code(html: str) -> list[str]:
    parser = InlineCode()
    parser.feed(html)
    return parser.found


def crawl_list(world):
    """(role, url) of the main pages."""
    g = world.games
    detail = lambda name: reverse("games:detail", args=[g[name].pk])  # noqa: E731
    pages = [
        ("anonymous", reverse("home")),
        ("anonymous", reverse("games:lobby")),
        ("anonymous", reverse("account_login")),
        ("anonymous", reverse("account_signup")),
        ("anonymous", reverse("account_reset_password")),
        ("anonymous", "/no/such/page/"),
        ("stranger", reverse("home")),
        ("stranger", reverse("games:lobby")),
        ("stranger", reverse("games:create")),
        ("stranger", reverse("games:player", args=["bob"])),
        ("stranger", reverse(
            "mail:unsubscribe", args=[unsubscribe_token(world.user("stranger"), "turn")]
        )),
        ("stranger", reverse("games:detail", args=[g["private"].pk])),  # the 403 page
        ("player", reverse("accounts:profile")),
        ("player", reverse("account_email")),
        ("player", reverse("account_change_password")),
        ("player", reverse("games:replay", args=[g["finished"].pk])),
        ("player", reverse("games:verify", args=[g["finished"].pk])),
        ("player", reverse("moderation:report", args=[g["public"].pk])),
        ("host", detail("waiting")),
        ("admin", reverse("admin:index")),
        ("admin", reverse("admin:games_game_changelist")),
        ("admin", reverse("admin:games_game_change", args=[g["public"].pk])),
        ("admin", reverse("admin:games_game_timeline", args=[g["public"].pk])),
        ("admin", reverse("admin:moderation_report_changelist")),
        ("admin", reverse("admin:auth_user_changelist")),
        ("moderator", reverse("admin:index")),
    ]
    for name in ("private", "public", "regicide", "intrigue", "finished"):
        pages.append(("player", detail(name)))
        pages.append(("player", reverse("games:panel", args=[g[name].pk])))
        pages.append(("player", reverse("games:chat", args=[g[name].pk])))
    for name in ("public", "regicide", "intrigue"):
        pages.append(("stranger", detail(name)))
        pages.append(("anonymous", detail(name)))
    return pages


@pytest.mark.django_db
def test_main_pages_send_the_csp_and_hold_no_inline_code(world):
    checked = []
    for role, url in crawl_list(world):
        client = log_in(Client(), world, role)
        response = client.get(url)
        assert response.status_code in {200, 403, 404}, (role, url, response.status_code)
        policy = response.get("Content-Security-Policy", "")
        assert "default-src 'self'" in policy, (role, url)
        found = inline_code(response.content.decode())
        assert not found, (role, url, found)
        checked.append(url)
    assert len(checked) >= 40


def test_the_inline_code_finder_finds_each_kind():
    html = (
        '<script>alert(1)</script><script src="/s.js"></script><style>p{}</style>'
        '<p style="color:red" onclick="x()">x</p><form hx-on::after-request="y()"></form>'
        '<a href="javascript:void(0)">z</a>'
    )
    assert inline_code(html) == [
        "<script> without src",
        "<style>",
        "style= on <p>",
        "onclick= on <p>",
        "hx-on::after-request= on <form>",
        "javascript: link on <a>",
    ]
    assert inline_code('<script src="/s.js" defer></script><p class="x">y</p>') == []
    assert inline_code('<script type="application/json">{"a": 1}</script>') == []


@pytest.mark.django_db
def test_the_policy_forbids_inline_code_framing_and_plugins(client):
    policy = client.get(reverse("home"))["Content-Security-Policy"]
    directives = dict(
        (part.split()[0], " ".join(part.split()[1:])) for part in policy.split("; ")
    )
    assert directives["default-src"] == "'self'"
    for name in ("script-src", "style-src"):
        assert directives[name] == "'self'"
    assert "unsafe" not in policy
    assert directives["frame-ancestors"] == "'none'"
    assert directives["object-src"] == "'none'"
    assert directives["base-uri"] == "'self'"
    assert directives["form-action"] == "'self'"
    assert directives["connect-src"] == "'self'"


@pytest.mark.django_db
def test_htmx_is_configured_for_the_csp(client):
    html = client.get(reverse("home")).content.decode()
    assert (
        '<meta name="htmx-config" content=\'{"includeIndicatorStyles": false, '
        '"allowEval": false, "allowScriptTags": false}\'>'
    ) in html


@pytest.mark.django_db
def test_permissions_policy_denies_powerful_features(client):
    header = client.get(reverse("home"))["Permissions-Policy"]
    features = dict(part.split("=", 1) for part in header.split(", "))
    for denied in ("camera", "microphone", "geolocation", "payment", "usb", "fullscreen"):
        assert features[denied] == "()", denied
    assert features["clipboard-write"] == "(self)"  # the copy buttons


def test_error_pages_hold_no_inline_code():
    from django.template.loader import render_to_string

    for name in ("400.html", "403.html", "404.html", "429.html", "500.html"):
        html = render_to_string(name)
        assert "<h1>" in html
        assert not inline_code(html), name


def no_store(response) -> bool:
    value = response.get("Cache-Control", "")
    parts = {part.strip() for part in value.split(",")}
    return "private" in parts and "no-store" in parts


@pytest.mark.django_db
def test_personal_pages_and_fragments_are_private_and_not_stored(world):
    g = world.games
    player = log_in(Client(), world, "player")
    anonymous = Client()
    game = g["public"]
    seq = game.state_seq
    gets = [
        reverse("games:detail", args=[game.pk]),
        reverse("games:panel", args=[game.pk]),
        reverse("games:changed", args=[game.pk]) + f"?seq={seq}",
        reverse("games:chat", args=[game.pk]),
        reverse("games:log", args=[game.pk]),
        reverse("games:replay", args=[g["finished"].pk]),
        reverse("games:log_download", args=[g["finished"].pk]),
        reverse("accounts:profile"),
        reverse("account_email"),
        reverse("games:lobby"),
        reverse("home"),
    ]
    for url in gets:
        response = player.get(url)
        assert response.status_code == 200, url
        assert no_store(response), (url, response.get("Cache-Control"))
    posts = [
        (reverse("games:act", args=[game.pk]), {"expected_seq": seq, "action": "{}"}),
        (reverse("games:standing", args=[game.pk]), {}),
        (reverse("games:seen", args=[game.pk]), {}),
        (reverse("games:chat", args=[game.pk]), {"text": "hello"}),
    ]
    for url, data in posts:
        response = player.post(url, data)
        assert response.status_code < 500, url
        assert no_store(response), (url, response.get("Cache-Control"))
    # A spectator's view of a running game is never stored either.
    for url in gets[:4]:
        assert no_store(anonymous.get(url)), url
    # Nor the admin.
    admin = log_in(Client(), world, "admin")
    assert no_store(admin.get(reverse("admin:index")))


@pytest.mark.django_db
def test_anonymous_public_pages_may_be_cached():
    """The middleware only marks logged-in responses: the home page of a visitor keeps
    Django's defaults (no private/no-store added)."""
    response = Client().get(reverse("home"))
    assert not no_store(response)


@pytest.mark.django_db
def test_the_live_stream_is_not_stored(world):
    client = log_in(Client(), world, "player")
    response = client.get(reverse("games:live", args=[world.games["public"].pk]))
    # The stream is left unread: only its headers matter here.
    assert response.status_code == 200
    assert response["Content-Type"] == "text/event-stream"
    assert no_store(response)
    refused = client.post(reverse("games:live", args=[world.games["public"].pk]))
    assert refused.status_code == 405 and no_store(refused)


@pytest.mark.django_db
def test_static_files_are_not_marked_private(world, settings):
    """WhiteNoise answers static files before the private/no-store middleware, even for a
    logged-in visitor: they keep their public cache (tests/test_settings.py checks that
    hashed names are immutable under the production storage)."""
    settings.WHITENOISE_USE_FINDERS = True  # the files straight from static/, as in DEBUG
    response = log_in(Client(), world, "player").get("/static/css/site.css")
    assert response.status_code == 200
    cache_control = response.get("Cache-Control", "")
    assert "max-age" in cache_control
    assert "no-store" not in cache_control and "private" not in cache_control
