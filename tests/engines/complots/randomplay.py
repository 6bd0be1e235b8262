"""Seeded random play through the public contract, with invariant checks.

Used by the property tests. "Uniformly random legal play": at every decision the test picks
one player among ``waiting_for`` (uniformly), then one of that player's legal actions
(uniformly). Python's ``random`` is fine here: it drives the *test*, the engine's own chance
comes from the game seed.
"""

from __future__ import annotations

import copy
import json
import os
import random

import pytest

from games.engines import IllegalAction
from games.engines.complots import describe
from games.table.sentences import localize

from .helpers import ENGINE, _normal, playable

#: Per-decision probability of a deliberate resignation in random play (see play_random_game):
#: about one game in ten sees one, the others are played to the end of the rules.
RESIGN_RATE = 0.002

#: A game longer than this many decisions is reported as not ending.
MAX_DECISIONS = 1000

PLAYER_NAMES = ["alice", "bob", "carol", "dave", "erin", "frank", "grace", "heidi"]


def property_games(default: int = 1000) -> int:
    """Random games of the whole property suite: ``COMPLOTS_PROPERTY_GAMES`` or ``default``.

    Half of them are base games (test_properties.py), half Complots 2 sets with and without
    the extensions (test_properties_extended.py).
    """
    raw = os.environ.get("COMPLOTS_PROPERTY_GAMES", "").strip()
    if not raw:
        return default
    try:
        value = int(raw)
    except ValueError as exc:  # a typo in CI must not silently shrink the run
        raise pytest.UsageError(f"COMPLOTS_PROPERTY_GAMES must be an integer, got {raw!r}") from exc
    if value < 1:
        raise pytest.UsageError("COMPLOTS_PROPERTY_GAMES must be at least 1")
    return value


def deck_size(player_count: int) -> int:
    return 20 if player_count >= 7 else 15


# --- invariants on one state ----------------------------------------------------------------


def check_coins(table, where):
    total = sum(p["coins"] for p in table["players"]) + table["treasury"]
    total += table.get("hospice", 0)
    assert total == 54, f"{where}: coins sum to {total}, not 54"
    assert all(p["coins"] >= 0 for p in table["players"]), f"{where}: negative coins"
    assert table["treasury"] >= 0 and table.get("hospice", 0) >= 0, f"{where}: negative pool"


def check_cards(state, players, table, where):
    """Hands (live, revealed, lost face down) + Court + cards in flight = deck size.

    Cards in flight are the ones an exchanging player drew (``private.drawn`` of the decider);
    in a two-player game the piles are counted while ``choose`` is open and the eight
    unchosen cards leave the game afterwards.
    """
    count = len(players)
    in_hands = sum(len(p["cards"]) for p in table["players"])
    total = in_hands + table["court_size"]
    pending = table.get("pending") or {}
    decider = pending.get("decider")
    if decider is not None:
        total += len(ENGINE.view(state, decider)["private"].get("drawn") or [])
    if count == 2:
        if pending.get("moment") == "choose":
            # Before choosing: the random card + a pile of five. After: two cards, and the
            # four other cards of the pile have left the game.
            total = table["court_size"]
            for p in table["players"]:
                pile = ENGINE.view(state, p["id"])["private"].get("pile") or []
                chosen = len(p["cards"]) == 2
                total += len(p["cards"]) + (4 if chosen else len(pile))
            assert total == 15, f"{where}: {total} cards during choose"
        else:
            assert total == 7, f"{where}: {total} cards in a two-player game (expected 7)"
    for p in table["players"]:
        lost = sum(1 for c in p["cards"] if c.get("lost", c["revealed"]))
        assert p["lives"] == len(p["cards"]) - lost, f"{where}: lives of {p['id']}"
        assert p["alive"] == (p["lives"] > 0), f"{where}: alive flag of {p['id']}"


def check_hidden(state, players, where):
    """No view shows another player's face-down card (Sorcière's lost card included)."""
    spectator = ENGINE.view(state, None)
    json.dumps(spectator)
    assert not spectator.get("private"), f"{where}: the spectator has private information"
    for p in spectator["players"]:
        for card in p["cards"]:
            if not card["revealed"]:
                assert card["character"] is None, f"{where}: spectator sees {p['id']}'s card"
    for viewer in players:
        table = ENGINE.view(state, viewer)
        json.dumps(table)
        assert all("only" not in e for e in spectator["log"]), f"{where}: private entry public"
        public = [e for e in table["log"] if "only" not in e]
        assert public == spectator["log"], f"{where}: {viewer}'s log differs from the public log"
        assert all(e["only"] == viewer for e in table["log"] if "only" in e), (
            f"{where}: {viewer} sees another player's private log entry"
        )
        for p in table["players"]:
            for card in p["cards"]:
                if p["id"] == viewer:
                    assert card["character"] is not None, f"{where}: {viewer} blind to own card"
                elif not card["revealed"]:
                    assert card["character"] is None, (
                        f"{where}: {viewer} sees {p['id']}'s face-down card"
                    )


def check_turn_rules(state, players, table, waiting, player, legal, where):
    """Ruling 1 and the seat order, on every checked step."""
    alive = {p["id"] for p in table["players"] if p["alive"]}
    assert set(waiting) <= alive, f"{where}: waiting for an eliminated player {waiting}"
    assert waiting == [p for p in players if p in waiting], f"{where}: not in seat order"
    assert table["waiting_for"] == waiting, f"{where}: view and waiting_for disagree"
    pending = table.get("pending") or {}
    if pending.get("moment") == "turn" and player == table["current_player"]:
        types = {action["type"] for action in legal}
        assert "pass" not in types, f"{where}: the active player may pass"
        own = next(p for p in table["players"] if p["id"] == player)
        for action in legal:
            target = action.get("target")
            if target is not None:
                assert target in alive, f"{where}: {action} targets an eliminated player"
                if action["type"] != "convert":
                    assert target != player, f"{where}: {action} targets oneself"
        if own["coins"] >= 10:
            assert types == {"coup"}, f"{where}: {own['coins']} Or but {sorted(types)} allowed"


# --- illegal actions ------------------------------------------------------------------------

GARBAGE = [
    None,
    42,
    3.5,
    True,
    "income",
    b"income",
    ["income"],
    ("income",),
    {"income"},
    {},
    {"typ": "income"},
    {"type": None},
    {"type": 3},
    {"type": "fly"},
    {"type": "INCOME"},
    {"type": "power", "character": "roi"},
    {"type": "power", "character": None},
    {"type": "power", "character": "capitaine", "target": "mallory"},
    {"type": "coup", "target": 3},
    {"type": "coup"},
    {"type": "block"},
    {"type": "block", "character": "roi"},
    {"type": "lose", "character": "roi"},
    {"type": "lose"},
    {"type": "exchange", "keep": "duchesse"},
    {"type": "exchange", "keep": [None]},
    {"type": "exchange"},
    {"type": "choose", "character": 7},
    {"type": "give", "to": "bob"},
    {"type": "split", "amounts": {"bob": "1"}},
    {"type": "blackmail_choice", "pay": "yes"},
    {"type": "pass_plague", "target": None},
    {"type": "convert", "target": 1},
]

#: Lists and dicts where a string or a number belongs (unhashable values included).
GARBAGE_NESTED = [
    {"type": ["income"]},
    {"type": {"a": 1}},
    {"type": "power", "character": ["duchesse"]},
    {"type": "power", "character": {"duchesse": 1}},
    {"type": "power", "character": "capitaine", "target": {"id": "bob"}},
    {"type": "power", "character": "capitaine", "target": ["bob"]},
    {"type": "coup", "target": ["bob"]},
    {"type": "block", "character": ["duchesse"]},
    {"type": "lose", "character": ["duchesse"]},
    {"type": "choose", "character": ["duchesse"]},
    {"type": "announce", "character": {"x": 1}},
    {"type": "exchange", "keep": [["duchesse"]]},
    {"type": "exchange", "keep": {"duchesse": 1}},
    {"type": "give", "to": [["bob"]]},
    {"type": "give", "to": {"bob": 1}},
    {"type": "split", "amounts": [1, 2]},
    {"type": "split", "amounts": {"bob": [1]}},
    {"type": "show", "character": {"x": 1}},
    {"type": "convert", "target": ["bob"]},
    {"type": "plague", "target": {"bob": 1}},
    {"type": "beggar", "target": ["bob"]},
    {"type": "pass_plague", "target": ["bob"]},
    {"type": "blackmail_choice", "pay": [True]},
]


def mutations(action, players, rng, nested=False):
    """Plausible near-misses of a legal action: extra key, missing key, wrong values.

    With ``nested``, also every value wrapped in a list and in a dict.
    """
    out = [dict(action, extra=1), dict(action, type=action["type"] + "s")]
    if nested:
        for key, value in action.items():
            out.append(dict(action, **{key: [value]}))
            out.append(dict(action, **{key: {"value": value}}))
    for key in action:
        if key != "type":
            out.append({k: v for k, v in action.items() if k != key})
    if "target" in action:
        out.append(dict(action, target="mallory"))
        out.append(dict(action, target=rng.choice(players)))
        out.append(dict(action, target=None))
    if "character" in action:
        out.append(dict(action, character=action["character"].upper()))
        out.append(dict(action, character="roi"))
    if "keep" in action:
        out.append(dict(action, keep=action["keep"] + action["keep"][:1]))
        out.append(dict(action, keep=action["keep"][1:]))
        out.append(dict(action, keep=["roi"] * len(action["keep"])))
    if "to" in action:
        out.append(dict(action, to=list(action["to"]) + ["mallory"]))
        out.append(dict(action, to=[]))
    if "amounts" in action:
        amounts = dict(action["amounts"])
        first = next(iter(amounts))
        out.append(dict(action, amounts={**amounts, first: amounts[first] + 1}))
        out.append(dict(action, amounts={**amounts, first: -1}))
    if "pay" in action:
        out.append(dict(action, pay=None))
    return out


def check_illegal(state, players, rng, where, nested=False):
    """A sample of actions NOT in legal_actions raise IllegalAction and change nothing.

    ``nested`` adds lists and dicts where scalars belong (see GARBAGE_NESTED).
    """
    before = ENGINE.dump(state)
    waiting = ENGINE.waiting_for(state)
    legal_by_player = {p: ENGINE.legal_actions(state, p) for p in players + ["mallory"]}
    candidates = []
    for actor in players + ["mallory"]:
        for garbage in rng.sample(GARBAGE, 6):
            candidates.append((actor, garbage))
        if nested:
            for garbage in GARBAGE_NESTED:
                candidates.append((actor, garbage))
    for player in waiting:
        for action in rng.sample(legal_by_player[player], min(3, len(legal_by_player[player]))):
            for mutated in mutations(action, players, rng, nested):
                candidates.append((player, mutated))
            for other in players + ["mallory"]:
                if other != player:
                    candidates.append((other, action))  # wrong player
    for actor, action in candidates:
        if isinstance(action, dict) and any(
            _normal(action) == _normal(legal) for legal in legal_by_player.get(actor, [])
        ):
            continue  # by chance a legal action: not a sample of illegal ones
        try:
            ENGINE.apply(state, actor, action)
        except IllegalAction:
            pass
        except Exception as exc:  # anything else on bad input is a bug
            raise AssertionError(
                f"{where}: {actor} {action!r} raised {type(exc).__name__}: {exc}"
            ) from exc
        else:
            raise AssertionError(f"{where}: {actor} {action!r} was accepted but is not legal")
    assert ENGINE.dump(state) == before, f"{where}: a refused action changed the state"


# --- one random game ------------------------------------------------------------------------


class Game:
    """A finished random game: its setup, the actions played and the final state."""

    def __init__(self, players, options, seed):
        self.players = players
        self.options = options
        self.seed = seed
        self.actions: list[tuple[str, dict]] = []
        self.state = None


def play_random_game(
    players,
    options,
    seed,
    rng,
    *,
    check_every=1,
    illegal_every=0,
    hidden_every=0,
    reload_every=0,
    on_state=None,
    describe_log=False,
    resign_rate=RESIGN_RATE,
):
    """Play one game at random; return the ``Game``. Checks run on every ``*_every``-th step.

    ``resign`` (always legal for every living player) is never drawn with the other legal
    actions, or it would end most games early; instead, before each decision, with
    probability ``resign_rate`` a random living player (waited for or not) resigns.
    """
    game = Game(players, options, seed)
    state = ENGINE.new_game(list(players), options=copy.deepcopy(options), seed=seed)
    where_base = f"players={len(players)} options={options} seed={seed!r}"
    for step in range(MAX_DECISIONS + 1):
        where = f"{where_base} step={step}"
        if check_every and step % check_every == 0:
            table = ENGINE.view(state, None)
            check_coins(table, where)
            check_cards(state, players, table, where)
        if illegal_every and step % illegal_every == 0:
            check_illegal(state, players, rng, where)
            for player in ENGINE.waiting_for(state):
                default = ENGINE.default_action(state, player)
                assert any(
                    _normal(default) == _normal(a) for a in ENGINE.legal_actions(state, player)
                ), f"{where}: default_action {default} of {player} is not legal"
        if hidden_every and step % hidden_every == 0:
            check_hidden(state, players, where)
        if on_state is not None:
            on_state(state, step, where)
        if reload_every and step % reload_every == 0:
            data = ENGINE.dump(state)
            text = json.dumps(data)
            state = ENGINE.load(json.loads(text))
            assert ENGINE.dump(state) == data, f"{where}: load(dump(s)) is not s"
        waiting = ENGINE.waiting_for(state)
        if not waiting:
            break
        if resign_rate and rng.random() < resign_rate:
            # a deliberate, rare resignation of any living player, waited for or not
            table = ENGINE.view(state, None)
            player = rng.choice([p["id"] for p in table["players"] if p["alive"]])
            legal = ENGINE.legal_actions(state, player)
            assert legal[-1] == {"type": "resign"}, f"{where}: {player} may not resign"
            action = legal[-1]
        else:
            player = rng.choice(waiting)
            legal = playable(state, player)
            assert legal, f"{where}: {player} is waited for but has no legal action"
            if check_every and step % check_every == 0:
                check_turn_rules(state, players, table, waiting, player, legal, where)
            action = rng.choice(legal)
        before = ENGINE.dump(state) if step % 50 == 0 else None
        new_state = ENGINE.apply(state, player, copy.deepcopy(action))
        if before is not None:
            assert ENGINE.dump(state) == before, f"{where}: apply changed its input state"
        game.actions.append((player, action))
        state = new_state
    else:
        raise AssertionError(f"{where_base}: no winner after {MAX_DECISIONS} decisions")
    game.state = state
    outcome = ENGINE.outcome(state)
    assert outcome is not None, f"{where_base}: nobody waited for, but no outcome"
    table = ENGINE.view(state, None)
    living = [p["id"] for p in table["players"] if p["alive"]]
    assert len(outcome["winners"]) == 1, f"{where_base}: winners {outcome['winners']}"
    assert outcome["winners"] == living, f"{where_base}: winner is not the last one alive"
    if describe_log:
        for entry in table["log"]:
            for lang in ("en", "fr"):
                sentence = localize(describe(entry), lang)
                assert isinstance(sentence, str) and sentence.strip(), f"{where_base}: {entry}"
    return game


def replay(game):
    state = ENGINE.new_game(list(game.players), options=copy.deepcopy(game.options), seed=game.seed)
    for player, action in game.actions:
        state = ENGINE.apply(state, player, copy.deepcopy(action))
    return state


def random_seed(rng) -> bytes:
    return rng.getrandbits(128).to_bytes(16, "big")


def new_rng(*parts) -> random.Random:
    return random.Random("/".join(str(p) for p in parts))
