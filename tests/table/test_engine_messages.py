"""The engines' refusals speak the player's language: an engine raises `IllegalAction` with
an `N_`-marked template and parameters (no Django in engines); `str(error)` stays the
English text, and the table translates the template, then fills in the parameters."""

import json

import pytest
from django.utils import translation

from games.engines import IllegalAction
from games.engines.base import N_
from games.table import services
from games.table.models import Event
from games.table.services import IllegalMove
from games.table.services.play import engine_reason

from .factories import make_game
from .web_helpers import url

HTMX = {"HTTP_HX_REQUEST": "true"}
HANDS = {"p1": ["duchesse", "capitaine"], "p2": ["comtesse", "assassin"]}


def test_str_stays_the_english_text():
    error = IllegalAction(N_("Unknown target %(target)s"), target=repr("p9"))
    assert str(error) == "Unknown target 'p9'"
    assert error.template == "Unknown target %(target)s"
    assert error.params == {"target": "'p9'"}


def test_the_table_translates_template_then_parameters():
    error = IllegalAction(N_("Unknown target %(target)s"), target=repr("p9"))
    with translation.override("fr"):
        assert engine_reason(error) == "Cible inconnue\u00a0: 'p9'"
    with translation.override("en"):
        assert engine_reason(error) == "Unknown target 'p9'"


def test_a_plain_string_raise_still_works():
    """Engines not converted yet raise a formatted string: shown as it is."""
    error = IllegalAction("Some reason 100% plain, {not a template}")
    assert str(error) == "Some reason 100% plain, {not a template}"
    with translation.override("fr"):
        assert engine_reason(error) == "Some reason 100% plain, {not a template}"
    assert engine_reason(ValueError("odd")) == "odd"


@pytest.mark.django_db
def test_a_refusal_is_shown_in_one_language(client, alice, bob):
    game = make_game(
        [alice, bob], kind="complots", options={"setup": {"hands": HANDS}}, min_seats=2
    )
    with pytest.raises(IllegalMove) as caught:
        services.action_submit(
            game_id=game.pk, user=alice, action={"type": "coup", "target": "p2"}, expected_seq=1
        )
    with translation.override("fr"):
        assert str(caught.value) == "Ce coup n’est pas permis\u00a0: Un Assassinat coûte 7 Or"
    assert str(caught.value).endswith("An Assassinat costs 7 Or")
    client.force_login(alice)
    client.cookies["django_language"] = "fr"
    response = client.post(
        url("act", game),
        {"action": json.dumps({"type": "coup", "target": "p2"}), "expected_seq": 1},
        HTTP_ACCEPT_LANGUAGE="fr",
        **HTMX,
    )
    body = response.content.decode()
    assert response.status_code == 200
    assert "Un Assassinat coûte 7 Or" in body
    assert "An Assassinat costs 7 Or" not in body
    assert Event.objects.filter(game=game).count() == 1


@pytest.mark.django_db
def test_regicide_refusals_are_translated(alice, bob):
    game = services.game_create(
        host=alice,
        kind="regicide",
        options={"setup": {"hands": {"p1": ["8C", "2H"], "p2": ["7C", "9D"]}, "castle": ["JS"]}},
        min_seats=2,
        max_seats=2,
        allow_setup=True,
    )
    services.seat_join(game_id=game.pk, user=bob)
    services.game_start(game_id=game.pk, user=alice)
    game.refresh_from_db()
    events = Event.objects.filter(game=game).count()
    refusals = (
        ({"type": "play", "cards": ["KH"]}, "Vous ne pouvez jouer que des cartes de votre main"),
        ({"type": "play", "cards": ["8C", "8C"]}, "Une carte ne peut pas être jouée deux fois"),
        ({"type": "discard", "cards": ["8C"]}, "Jouez des cartes ou passez maintenant"),
        ({"type": "dance"}, "Type d’action inconnu\u00a0: 'dance'"),
    )
    for action, french in refusals:
        with pytest.raises(IllegalMove) as caught:
            services.action_submit(
                game_id=game.pk, user=alice, action=action, expected_seq=game.state_seq
            )
        with translation.override("fr"):
            assert french in str(caught.value), action
    with pytest.raises(IllegalMove) as caught:
        services.action_submit(
            game_id=game.pk, user=bob, action={"type": "yield"}, expected_seq=game.state_seq
        )
    with translation.override("fr"):
        assert "Ce n’est pas votre tour" in str(caught.value)
    assert Event.objects.filter(game=game).count() == events
