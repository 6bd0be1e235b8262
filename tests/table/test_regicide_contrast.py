"""Secondary text on Regicide's green table ("Nothing yet." under "Played against this
enemy", the shield detail) is readable: a WCAG contrast of at least 4.5:1 against every
colour of the felt, read from the stylesheets themselves."""

import re
from pathlib import Path

import pytest

from .regicide_helpers import solo_game
from .web_helpers import url

CSS = Path(__file__).resolve().parents[2] / "games" / "table" / "static" / "games" / "css"
HEX = re.compile(r"#[0-9a-fA-F]{6}\b")


def rule(css: str, selector: str) -> str:
    match = re.search(re.escape(selector) + r"\s*\{([^}]*)\}", css)
    assert match, selector
    return match.group(1)


def luminance(colour: str) -> float:
    def channel(value):
        c = int(value, 16) / 255
        return c / 12.92 if c <= 0.03928 else ((c + 0.055) / 1.055) ** 2.4

    r, g, b = (channel(colour[i : i + 2]) for i in (1, 3, 5))
    return 0.2126 * r + 0.7152 * g + 0.0722 * b


def contrast(a: str, b: str) -> float:
    high, low = sorted((luminance(a), luminance(b)), reverse=True)
    return (high + 0.05) / (low + 0.05)


def felt_colours() -> list[str]:
    games = (CSS / "games.css").read_text()
    felt = re.search(r"--felt:\s*(#[0-9a-fA-F]{6})", games).group(1)
    background = re.search(r"background:([^;]*);", rule(games, ".table")).group(1)
    colours = HEX.findall(background) + ([felt] if "var(--felt)" in background else [])
    assert len(colours) >= 2, background
    return colours


def test_muted_text_on_the_felt_has_a_contrast_of_at_least_4_5():
    muted = HEX.search(rule((CSS / "regicide.css").read_text(), ".table-regicide .muted"))
    assert muted
    ratios = {bg: round(contrast(muted.group(0), bg), 2) for bg in felt_colours()}
    assert min(ratios.values()) >= 4.5, ratios


def test_the_measured_rule_is_the_one_nothing_yet_gets(client, alice):
    assert contrast("#5b514a", "#2a6650") < 4.5  # the site's --ink-soft, as it was
    game = solo_game(alice)
    client.force_login(alice)
    html = client.get(url("detail", game)).content.decode()
    table = html.index('class="table table-regicide"')
    assert html.index('<p class="muted">Nothing yet.</p>', table) > table


pytestmark = pytest.mark.django_db
