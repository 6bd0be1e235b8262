"""Abandoning an Intrigue game through the page: the guarded "Abandon the game" control
carries the engine's `resign` for every player still in the game (waited for or not), says
what it means in Intrigue, and once posted the player is out of the bargaining, shown as
having left, never waited for again; the last one left wins."""

import json

import pytest

from games.table.models import Game, Seat
from games.table.records import player_record

from .test_views_intrigue import intrigue_game, post
from .web_helpers import action_buttons, engine_state, url

pytestmark = pytest.mark.django_db

RESIGN = {"type": "resign"}


def resign_form(html):
    """The action of the Abandon control, or None; it is never among the move buttons."""
    if 'class="resign-form"' not in html:
        return None
    form = html.split('class="resign-form"')[1].split("</form>")[0]
    value = form.split('name="action" value="')[1].split('"')[0]
    return json.loads(value.replace("&quot;", '"'))


def test_every_player_may_abandon_from_the_page_and_the_table_goes_on():
    game, clients = intrigue_game()
    for player, client in clients.items():
        html = client.get(url("panel", game)).content.decode()
        assert resign_form(html) == RESIGN, player
        moves = html.split('class="resign')[0]
        assert RESIGN not in action_buttons(moves)
        assert "your advisors stay where they are" in html
        assert "cards are turned face up" not in html
    # carol (a petitioner of stage 1) abandons: out of the bargaining, shown as gone
    response = post(clients["p3"], game, {"action": json.dumps(RESIGN)})
    assert response.status_code == 200
    game.refresh_from_db()
    assert game.status == Game.Status.RUNNING
    assert game.seats.get(player_id="p3").status == Seat.Status.ELIMINATED
    assert set(game.seats.filter(to_act=True).values_list("player_id", flat=True)) == {
        "p1",
        "p2",
    }
    html = clients["p1"].get(url("detail", game)).content.decode()
    castle = html.split('data-castle="p3"')[1].split("</article>")[0]
    assert 'data-testid="resigned"' in castle and "Left the game" in castle
    assert resign_form(clients["p3"].get(url("panel", game)).content.decode()) is None
    # the host abandons too: bob is the last one left and wins at once
    post(clients["p1"], game, {"action": json.dumps(RESIGN)})
    game.refresh_from_db()
    assert game.status == Game.Status.FINISHED
    assert game.result["winners"] == ["p2"] and game.result["resigned"] == ["p1", "p3"]
    html = clients["p2"].get(url("detail", game)).content.decode()
    scores = html.split('data-testid="scores"')[1].split("</table>")[0]
    assert scores.count("Left the game") == 2
    assert player_record(game.seats.get(player_id="p3").user).abandoned == 1
    _engine, state = engine_state(game)
    assert state.resigned == (True, False, True)
