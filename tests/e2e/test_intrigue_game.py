"""A whole 3-player Intrigue game in three browsers (ida, jon, uma), from the lobby to the
final scores, every move a click on the page's own buttons or a typed offer.

The first turns are steered by what the players choose (no rigged deal): a bribe accepted
at jon's (stage 1), at uma's an external conflict over two physicians where jon's bribe is
turned down and ida's accepted, the loser exiled to the island, and uma's writer sent to
face ida's seated one at jon's (an internal conflict, settled in round 2). From then on a
simple policy plays to the end: a petitioner has nothing more to offer, the host or the
sender clicks the first button offered. The log read in the pages says it all happened.
"""

import json
import re

import pytest

from .conftest import logged_in_context
from .test_intrigue import act, offer
from .test_play_live import LIVE_TIMEOUT, mark_no_reload, still_same_document

pytestmark = pytest.mark.e2e

DONE = {"type": "done"}
#: A whole game is about a hundred moves; more means the policy is stuck.
MAX_MOVES = 400


def send(advisor, to):
    return {"type": "send", "advisor": advisor, "to": to}


def moves_of(page):
    """The actions of the page's move buttons (the offer form and Abandon are apart)."""
    values = page.locator("form.move-form button[name=action]").evaluate_all(
        "buttons => buttons.map(b => b.value)"
    )
    return [json.loads(v) for v in values]


def stage_text(page):
    return page.locator("[data-testid=stage]").inner_text()


def money_text(page):
    return page.locator("[data-testid=my-money]").inner_text()


def lobby_to_table(site, pages):
    """ida opens a 3-seat Intrigue table, jon and uma join, ida starts it."""
    ida = pages["ida"]
    ida.goto("/games/")
    ida.select_option("select[name=kind]", "intrigue")
    ida.select_option("select[name=max_seats]", "3")
    ida.select_option("select[name=time_control]", "corr-1d")
    ida.uncheck("input[name=auto_start]")  # the host starts it: the test clicks Start
    ida.locator("form.create-form:not(.practice-form) button[type=submit]").click()
    ida.wait_for_url(re.compile(r"/games/\d+/$"))
    game_url = ida.url
    path = game_url[len(site.base_url) :]
    for name in ("jon", "uma"):
        page = pages[name]
        page.goto("/games/")
        page.locator(f"li[data-testid=open-game]:has(a[href='{path}']) button").click()
        page.wait_for_url(game_url)
    start = ida.locator("button", has_text="Start the game")
    start.wait_for(timeout=LIVE_TIMEOUT)
    start.click()
    for page in pages.values():
        page.goto(game_url)
        page.wait_for_selector("[data-testid=intrigue-table]")
        mark_no_reload(page)


def steered_first_round(pages):
    """Round 1, ida (p1) first, then jon (p2), then uma (p3)."""
    ida, jon, uma = pages["ida"], pages["jon"], pages["uma"]
    act(pages, "ida", send("ecrivain-1", "p2"))
    act(pages, "ida", send("medecin-1", "p3"))

    # jon receives ida's writer (no conflict): ida's bribe for the top slot is accepted
    assert "advisors in no conflict" in stage_text(jon)
    offer(pages, "ida", 2, slot=10000)
    act(pages, "jon", {"type": "accept", "from": "p1"})
    assert "30,000 ducats" in money_text(ida) and "34,000 ducats" in money_text(jon)
    act(pages, "jon", {"type": "place", "owner": "p1", "advisor": "ecrivain-1", "slot": 10000})
    act(pages, "jon", send("medecin-1", "p3"))
    act(pages, "jon", send("chimiste-1", "p1"))

    # uma: two physicians at her door, an external conflict; jon's 1,000 turned down,
    # ida's 3,000 taken; ida's physician enters, jon's goes to the island
    assert "External conflict" in stage_text(uma)
    offer(pages, "ida", 3, slot=10000)
    offer(pages, "jon", 1)
    act(pages, "uma", {"type": "refuse", "from": "p2"})
    act(pages, "uma", {"type": "accept", "from": "p1"})
    assert "35,000 ducats" in money_text(uma) and "27,000 ducats" in money_text(ida)
    act(pages, "uma", {"type": "admit", "owner": "p1", "advisor": "medecin-1", "slot": 10000})
    for page in pages.values():
        assert page.locator("[data-testid=island] [data-advisor='p2:medecin-1']").count() == 1
    # uma's writer goes to face ida's seated one at jon's; her cleric to ida
    act(pages, "uma", send("ecrivain-1", "p2"))
    act(pages, "uma", send("religieux-1", "p1"))


def play_to_the_end(pages):
    """Petitioners have nothing more to offer; the host or the sender clicks the first
    button. Returns the number of moves played."""
    for played in range(MAX_MOVES):
        if pages["ida"].locator("[data-testid=result]").count():
            return played
        moves = {name: moves_of(page) for name, page in pages.items()}
        petitioner = next((n for n, m in moves.items() if m == [DONE]), None)
        if petitioner is not None:
            act(pages, petitioner, DONE)
            continue
        actor = next(n for n, m in moves.items() if m)
        act(pages, actor, moves[actor][0])
    raise AssertionError(f"no final scores after {MAX_MOVES} moves")


def test_a_whole_three_player_game_from_the_lobby_to_the_final_scores(browser, site):
    data = site.setup("ida", "jon", "uma")
    contexts = {
        name: logged_in_context(browser, site, key, viewport={"width": 1280, "height": 1000})
        for name, key in data["sessions"].items()
    }
    pages = {name: context.new_page() for name, context in contexts.items()}
    errors = []
    for page in pages.values():
        page.on("pageerror", lambda exc: errors.append(str(exc)))
    lobby_to_table(site, pages)
    steered_first_round(pages)
    played = play_to_the_end(pages)
    assert played > 40  # four more rounds of receptions and sendings

    for name, page in pages.items():
        page.locator("[data-testid=result]").wait_for(timeout=LIVE_TIMEOUT)
        assert page.locator("[data-testid=scores] [data-money]").count() == 3, name
        assert page.locator("form.move-form").count() == 0, name
        assert still_same_document(page), name
    assert not errors, errors
    # The panel shows the newest lines; the whole log is one link away, page by page.
    jon = pages["jon"]
    panel_log = jon.locator("#game-log").inner_text()
    assert "The game is over" in panel_log
    with jon.expect_navigation():
        jon.locator("[data-testid=full-log]").click()
    parts = [jon.locator("[data-testid=log-lines]").inner_text()]
    while jon.locator("a[rel=next]").count():
        with jon.expect_navigation():
            jon.locator("a[rel=next]").click()
        parts.append(jon.locator("[data-testid=log-lines]").inner_text())
    log = "\n".join(parts)
    for sentence in (
        "jon accepts ida's offer and takes 2,000 ducats.",
        "uma turns down jon's offer (1,000 ducats).",
        "uma accepts ida's offer and takes 3,000 ducats.",
        "uma's castle: an external conflict (Physician) to settle.",
        "jon's Physician 1 is exiled to the island.",
        "jon's castle: an internal conflict (Writer), ida's Writer 1 at 10,000 ducats to settle.",
        "jon replaces ida's Writer 1 with uma's Writer 1 at 10,000 ducats.",
        "ida's Writer 1 is exiled to the island.",
        "Round 5: uma's turn.",
    ):
        assert sentence in log, sentence
    assert "The game is over" in log
    for context in contexts.values():
        context.close()
