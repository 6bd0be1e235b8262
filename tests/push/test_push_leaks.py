"""LEAK TEST, pushes: seeded random Complots and Intrigue games played through the services
with every player subscribed to the local push service. Every decrypted payload (what a
lock screen shows to whoever holds the phone) is exactly what the same moment gives when
every hidden fact is changed: everyone's face-down cards (the recipient's own too) in
Complots, everyone's money (the recipient's own too) in Intrigue."""

import random

import pytest

from games.push.content import notification
from games.push.facts import question_for
from games.push.models import PushRecord
from games.table import services
from games.table.models import Game
from tests.table.factories import NAMES, UserFactory, make_game
from tests.table.web_helpers import engine_state

pytestmark = pytest.mark.django_db

SHOWN = ("title", "body", "tag", "url", "actions", "lang")


def hide_otherwise(kind, state, rng):
    state = dict(state)
    if kind == "complots":
        characters = state["characters"]
        state["hands"] = [
            [[rng.choice(characters), 0] if not shown else [card, shown] for card, shown in hand]
            for hand in state["hands"]
        ]
    else:
        state["money"] = [rng.randrange(0, 80) * 1000 for _ in state["money"]]
    return state


def check(game, device_of, seen, rng):
    """Each new payload against the same notification built from a changed state."""
    checked = 0
    for user_id, device in device_of.items():
        for message in device.messages[seen[user_id] :]:
            data = message["data"]
            record = PushRecord.objects.filter(user_id=user_id).order_by("-pk").first()
            if record is None or record.kind != PushRecord.Kind.TURN:
                continue
            assert set(data) <= {*SHOWN, "icon", "badge", "answer"}, data
            player = record.payload["player_id"]
            original = Game.objects.get(pk=game.pk)
            changed = Game.objects.get(pk=game.pk)
            changed.state = hide_otherwise(game.kind, original.state, rng)
            question = question_for(changed, player)
            if question is None:
                continue  # the moment moved on before the check (another push since)
            other = notification(record, question)
            for key in SHOWN:
                if key == "body":  # the time left may tick between the two
                    assert other[key].rsplit(" ", 2)[0] == data[key].rsplit(" ", 2)[0]
                else:
                    assert other.get(key) == data.get(key), (key, data, other)
            assert ("answer" in other) == ("answer" in data)
            checked += 1
        seen[user_id] = len(device.messages)
    return checked


@pytest.mark.parametrize(
    "kind,seed", [("complots", 0), ("complots", 1), ("intrigue", 0)]
)
def test_no_push_depends_on_hidden_facts(
    kind, seed, subscribe, push_service, django_capture_on_commit_callbacks
):
    rng = random.Random(seed)
    count = 3 if kind == "complots" else 4
    users = [UserFactory(username=name) for name in NAMES[:count]]
    game = make_game(users, kind=kind, min_seats=count, max_seats=count, time_control="corr-1d")
    device_of = {user.pk: subscribe(user, f"{user.username}-phone") for user in users}
    seen = dict.fromkeys(device_of, 0)
    by_player = {s.player_id: s.user for s in game.seats.all()}
    checked = 0
    for _step in range(120):
        game.refresh_from_db()
        if game.status != Game.Status.RUNNING:
            break
        engine, state = engine_state(game)
        player = rng.choice(engine.waiting_for(state))
        legal = [a for a in engine.legal_actions(state, player) if a["type"] != "resign"]
        with django_capture_on_commit_callbacks(execute=True):
            services.action_submit(
                game_id=game.pk,
                user=by_player[player],
                action=rng.choice(legal),
                expected_seq=game.state_seq,
            )
        checked += check(game, device_of, seen, rng)
    assert push_service.errors == []
    assert checked > 5
