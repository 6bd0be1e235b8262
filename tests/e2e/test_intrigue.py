"""Intrigue in three browsers (kim, lea, max) against uvicorn: the last turn of a rigged
game, every move a click or a typed offer, each one reaching the other two browsers live.
Bribes are offered, revised, accepted and refused; the host settles a calm advisor, an
external and an internal conflict; the losers go to the island; a private line is read by
its two players only; the final scores show everyone's money. A second test creates an
Intrigue table in the lobby, fills it and plays the first sending."""

import json
import re

import pytest

from .conftest import logged_in_context
from .test_play_live import LIVE_TIMEOUT, mark_no_reload, seq_of, still_same_document, wait_for_seq

pytestmark = pytest.mark.e2e


def button(page, action):
    value = json.dumps(action, sort_keys=True, separators=(",", ":"))
    return page.locator(f"form.move-form button[value='{value}']")


def everyone_at(pages, seq):
    for page in pages.values():
        wait_for_seq(page, seq)


def act(pages, name, action):
    """`name` clicks the button of `action`; everyone's page then shows the new position."""
    page = pages[name]
    before = seq_of(page)
    button(page, action).click()
    everyone_at(pages, before + 1)


def offer(pages, name, amount, slot=None):
    page = pages[name]
    before = seq_of(page)
    form = page.locator("[data-testid=offer-form]")
    form.locator("[data-testid=offer-amount]").fill(str(amount))
    if slot is not None:
        form.locator("[data-testid=offer-slot]").select_option(str(slot))
    form.locator("button[type=submit]").click()
    everyone_at(pages, before + 1)


def test_a_last_turn_of_bribes_conflicts_and_the_island(browser, site, tmp_path):
    data = site.setup("kim", "lea", "max", "--intrigue-game")
    game = data["game"]
    contexts = {
        name: logged_in_context(browser, site, key, viewport={"width": 1280, "height": 1000})
        for name, key in data["sessions"].items()
    }
    pages = {name: context.new_page() for name, context in contexts.items()}
    errors = []
    for page in pages.values():
        page.on("pageerror", lambda exc: errors.append(str(exc)))
        page.goto(f"/games/{game}/")
        page.wait_for_selector("[data-testid=intrigue-table]")
        mark_no_reload(page)
    kim, lea, mx = pages["kim"], pages["lea"], pages["max"]

    # the island map: five castles (two empty), kim's door, only one's own money
    assert kim.locator("[data-testid=castle]").count() == 3
    assert kim.locator(".castle-empty").count() == 2
    assert kim.locator("[data-testid=door] .advisor").count() == 4
    for page in pages.values():
        assert page.locator("[data-money]").count() == 1
    assert "32,000 ducats" in lea.locator("[data-testid=my-money]").inner_text()
    assert "advisors in no conflict" in kim.locator("[data-testid=stage]").inner_text()

    # a private line: max whispers to kim; lea never reads it
    mx.select_option("[data-testid=chat-to]", "p1")
    mx.fill(".chat-form input[name=text]", "2000 for the top slot, and my support later")
    mx.locator(".chat-form button").click()
    kim.locator(".chat-list", has_text="my support later").wait_for(timeout=LIVE_TIMEOUT)
    lea.fill(".chat-form input[name=text]", "Anyone for a deal?")
    lea.locator(".chat-form button").click()
    for page in (kim, mx):
        page.locator(".chat-list", has_text="Anyone for a deal?").wait_for(timeout=LIVE_TIMEOUT)
    assert "my support later" not in lea.locator(".chat-list").inner_text()

    # stage 1: max's cleric, in no conflict; max offers, revises, kim accepts and places it
    offer(pages, "max", 1)
    offer(pages, "max", 2, slot=10000)
    assert (
        "Your standing offer: 2,000 ducats" in mx.locator("[data-testid=offer-form]").inner_text()
    )
    assert "2,000 ducats" in kim.locator("[data-testid=offers]").inner_text()
    act(pages, "kim", {"type": "accept", "from": "p3"})
    # 32,000, her chemist's 3,000 at lea's (income), max's 2,000
    assert "37,000 ducats" in kim.locator("[data-testid=my-money]").inner_text()
    assert "30,000 ducats" in mx.locator("[data-testid=my-money]").inner_text()
    act(pages, "kim", {"type": "place", "owner": "p3", "advisor": "religieux-1", "slot": 10000})

    # stage 2: the external conflict over the physicians; lea's bribe accepted, max's refused
    assert "External conflict" in kim.locator("[data-testid=stage]").inner_text()
    offer(pages, "lea", 3, slot=6000)
    offer(pages, "max", 1)
    act(pages, "kim", {"type": "refuse", "from": "p3"})
    act(pages, "kim", {"type": "accept", "from": "p2"})
    kim.screenshot(path=str(tmp_path / "intrigue-host.png"), full_page=True)
    act(pages, "kim", {"type": "admit", "owner": "p2", "advisor": "medecin-1", "slot": 6000})
    island = lea.locator("[data-testid=island]")
    assert island.locator("[data-advisor='p3:medecin-2']").count() == 1

    # stage 3: lea's writer against max's seated one; kim replaces it
    assert "Internal conflict" in kim.locator("[data-testid=stage]").inner_text()
    act(pages, "max", {"type": "done"})
    act(pages, "kim", {"type": "replace"})
    assert island.locator("[data-advisor='p3:ecrivain-1']").count() == 1

    # round 5: no sending; lea and max have nothing to receive: the game is over
    for page in pages.values():
        page.locator("[data-testid=result]").wait_for(timeout=LIVE_TIMEOUT)
        assert page.locator("[data-testid=scores] [data-money]").count() == 3
    scores = kim.locator("[data-testid=scores]").inner_text()
    # kim 37,000 + lea's 3,000 + her chemist's 3,000 (the last income); max 30,000 + his
    # cleric's 10,000 twice (his turn, the last income); lea 29,000 + 7,000 twice
    assert scores.split("\n")[1:] == [
        "max\t50,000 ducats",
        "kim\t43,000 ducats",
        "lea\t43,000 ducats",
    ]
    assert "Winner: max" in kim.locator("[data-testid=result]").inner_text()
    for name, page in pages.items():
        assert still_same_document(page), name
    assert not errors, errors
    for context in contexts.values():
        context.close()


def test_an_intrigue_table_from_the_lobby_to_the_first_sending(browser, site):
    data = site.setup("nia", "oto", "pia")
    contexts = {
        name: logged_in_context(browser, site, key) for name, key in data["sessions"].items()
    }
    pages = {name: context.new_page() for name, context in contexts.items()}
    nia = pages["nia"]
    nia.goto("/games/")
    nia.select_option("select[name=kind]", "intrigue")
    nia.select_option("select[name=max_seats]", "3")
    nia.select_option("select[name=time_control]", "corr-1d")
    nia.uncheck("input[name=auto_start]")  # the host starts it: the test clicks Start
    nia.locator("form.create-form:not(.practice-form) button[type=submit]").click()
    nia.wait_for_url(re.compile(r"/games/\d+/$"))
    game_url = nia.url
    for name in ("oto", "pia"):
        page = pages[name]
        page.goto("/games/")
        page.locator(
            f"li[data-testid=open-game]:has(a[href='{game_url[len(site.base_url) :]}']) button"
        ).click()
        page.wait_for_url(game_url)
    nia.locator("button", has_text="Start the game").wait_for(timeout=LIVE_TIMEOUT)
    nia.locator("button", has_text="Start the game").click()
    for page in pages.values():
        page.goto(game_url)
        page.wait_for_selector("[data-testid=intrigue-table]")
    # round 1: nothing at nia's door; she sends two advisors to oto
    act(pages, "nia", {"type": "send", "advisor": "chimiste-1", "to": "p2"})
    act(pages, "nia", {"type": "send", "advisor": "ecrivain-1", "to": "p2"})
    door = pages["oto"].locator("[data-castle=p2] [data-testid=door]")
    assert door.locator(".advisor").count() == 2
    assert pages["oto"].locator("form.move-form button[name=action]").count() > 0
    for context in contexts.values():
        context.close()


def test_a_refresh_with_nothing_new_keeps_what_the_player_is_typing(browser, site):
    data = site.setup("kim", "lea", "max", "--intrigue-game")
    page = logged_in_context(browser, site, data["sessions"]["max"]).new_page()
    page.goto(f"/games/{data['game']}/")
    page.wait_for_selector("[data-testid=intrigue-table]")
    mark_no_reload(page)
    amount = page.locator("[data-testid=offer-form] [data-testid=offer-amount]")
    amount.fill("7")
    with page.expect_response(lambda r: "/panel/" in r.url):
        page.evaluate("htmx.trigger(document.body, 'panel-changed', {})")
    page.wait_for_timeout(300)
    assert amount.input_value() == "7"
    assert page.evaluate("document.activeElement.dataset.testid") == "offer-amount"
    # Away from the field, the same refresh goes through (and brings the standing value).
    page.locator("#status-heading").focus()
    with page.expect_response(lambda r: "/panel/" in r.url):
        page.evaluate("htmx.trigger(document.body, 'panel-changed', {})")
    page.wait_for_timeout(300)
    assert amount.input_value() != "7"
    assert still_same_document(page)
