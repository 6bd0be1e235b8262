"""Fuzzing the endpoints that take a player's input on a running game: the move
(`games:act`), standing orders, chat, the report form and the deadline vote.

Random JSON (deep, wide, huge, unicode with NUL and lone surrogates, wrong types), random
form fields, stale and future seqs, another player's seat, a spectator, raw undecodable
bytes. Every answer is a 4xx, a redirect or a 200 — never a 5xx, never an exception — and a
refused request changes nothing: the event log, the state, the chat, the seats, the reports
and the votes are compared before and after.

`COMPLOTS_FUZZ_EXAMPLES` (default 300) is the number of requests across all endpoints of
the default run; `-m slow` selects the long run (`COMPLOTS_FUZZ_SLOW_EXAMPLES`, default
10,000; `COMPLOTS_FUZZ_ONLY=vote,chat` for some endpoints), which prints its figures
(answers by status per endpoint, time).
"""

from __future__ import annotations

import json
import os
import time
from collections import Counter, defaultdict

import pytest
from django.contrib.messages import get_messages
from django.core.cache import cache
from django.urls import reverse
from hypothesis import HealthCheck, example, given, settings
from hypothesis import strategies as st

from games.clock.models import DeadlineVote
from games.moderation.models import Report
from games.table.models import ChatMessage, Event, Game, Seat

from .factories import make_game
from .web_helpers import url

pytestmark = pytest.mark.django_db

EXAMPLES = int(os.environ.get("COMPLOTS_FUZZ_EXAMPLES", "300"))
SLOW_EXAMPLES = int(os.environ.get("COMPLOTS_FUZZ_SLOW_EXAMPLES", "10000"))
# each endpoint's share of the examples
SHARES = {
    "act:complots": 0.30,
    "act:intrigue": 0.08,
    "act:regicide": 0.07,
    "standing": 0.12,
    "chat": 0.10,
    "chat:intrigue": 0.05,  # private lines: `to` names a player
    "report": 0.12,
    "vote": 0.16,
}
HANDS = {
    "p1": ["duchesse", "capitaine"],
    "p2": ["comtesse", "assassin"],
    "p3": ["ambassadeur", "duchesse"],
}

# --- strategies ----------------------------------------------------------------------------

# every code point, lone surrogates included (they only travel inside JSON escapes)
any_char = st.characters(codec=None, exclude_categories=())
# what a form field may carry (UTF-8 encodable: NUL and controls included)
form_char = st.characters(exclude_categories=("Cs",))
WORDS = [
    "income", "coup", "power", "claim", "challenge", "pass", "block", "exchange", "resign",
    "offer", "done", "accept", "refuse", "place", "send", "play", "discard", "yield", "jester",
    "p1", "p2", "p3", "p9", "duchesse", "capitaine", "assassin", "target", "character", "keep",
    "amount", "slot", "type", "owner", "advisor", "cards", "", "\x00", "p1\x00", "\ud800",
]  # fmt: skip
word = st.sampled_from(WORDS)
form_word = st.sampled_from([w for w in WORDS if w != "\ud800"])  # a form posts UTF-8
scalar = st.one_of(
    st.none(),
    st.booleans(),
    st.integers(),
    st.integers(min_value=-(10**30), max_value=10**30),
    st.floats(allow_nan=True, allow_infinity=True),
    word,
    st.text(any_char, max_size=40),
)
json_value = st.recursive(
    scalar,
    lambda children: st.one_of(
        st.lists(children, max_size=6),
        st.dictionaries(st.one_of(word, st.text(any_char, max_size=8)), children, max_size=6),
    ),
    max_leaves=30,
)
action_dict = st.fixed_dictionaries(
    {"type": word},
    optional={
        "target": st.one_of(word, json_value),
        "character": st.one_of(word, json_value),
        "keep": st.one_of(st.lists(word, max_size=4), json_value),
        "amount": st.one_of(st.integers(-5, 20), json_value),
        "slot": st.one_of(st.sampled_from([1000, 3000, 6000, 10000]), json_value),
        "player": word,
        "extra": json_value,
    },
)


@st.composite
def deep_text(draw):
    """Nesting past the parser's and the checks' recursion, under the length limit or not,
    alone or as the value of an action's key."""
    depth = draw(
        st.one_of(
            st.integers(1, 40),
            st.sampled_from([300, 330, 500, 960, 990, 1000, 1500, 3000]),
            st.integers(1, 5000),
        )
    )
    opener, closer = draw(st.sampled_from([("[", "]"), ('{"a":', "}"), ('[{"a":', "}]")]))
    text = opener * depth + "1" + closer * depth
    if draw(st.booleans()):
        text = '{"type": "income", "target": ' + text + "}"
    return text


def json_text(value) -> str:
    try:
        return json.dumps(value)  # ensure_ascii: lone surrogates become \ud800 escapes
    except (ValueError, TypeError):
        return "{}"


action_text = st.one_of(
    action_dict.map(json_text),
    json_value.map(json_text),
    deep_text(),
    st.text(any_char, max_size=60).map(json_text),
    st.text(form_char, max_size=200),
    st.integers(1, 40_000).map(lambda n: '{"type": "' + "x" * n + '"}'),
    st.integers(1, 3000).map(lambda n: "[" + ",".join(["0"] * n) + "]"),
)
# a long field: one character repeated (cheap to generate, as long as it must be)
long_text = st.builds(
    lambda char, n: char * n,
    st.sampled_from(["x", "é", "\x00", "😀", "\u202e"]),
    st.integers(2000, 6000),
)
field_text = st.one_of(form_word, st.text(form_char, max_size=50), long_text)


def seq_field(game_seq_offset):
    return st.one_of(
        st.just(None),  # the current seq
        st.integers(-3, 5).map(lambda d: ("delta", d)),  # stale and future
        st.sampled_from(["", "x", "-1", "1e3", "٣", "99999999999999999999999", "\x00"]),
    )


def seq_value(raw, game):
    if raw is None:
        return str(game.state_seq)
    if isinstance(raw, tuple):
        return str(game.state_seq + raw[1])
    return raw


who = st.sampled_from(["p1", "p2", "p3", "spectator", "anonymous"])
htmx = st.booleans()


def form_request(base: dict, extra) -> dict:
    data = {k: v for k, v in base.items() if v is not None}
    data.update(extra)
    return data


act_form = st.fixed_dictionaries(
    {"action": st.one_of(st.none(), action_text), "seq": seq_field(0)},
    optional={
        "type": field_text,
        "target": field_text,
        "character": field_text,
        "mode": field_text,
        "keep": st.lists(field_text, max_size=5),
        "amount": field_text,
        "slot": field_text,
        "decision_key": field_text,
    },
)
standing_form = st.fixed_dictionaries(
    {
        "orders": st.lists(
            st.one_of(form_word, field_text, st.sampled_from(["pass", "accept"])), max_size=8
        )
    }
)
chat_form = st.fixed_dictionaries(
    {"text": st.one_of(field_text, st.text(form_char, max_size=300))},
    optional={"to": field_text, "phrase": field_text},
)
report_form = st.fixed_dictionaries(
    {},
    optional={
        "category": st.one_of(form_word, st.sampled_from(["cheating", "abuse", "spam", "other"])),
        "text": field_text,
        "message": st.one_of(field_text, st.integers(-3, 10**12).map(str)),
        "player": field_text,
        "invitation_token": field_text,
    },
)
vote_form = st.fixed_dictionaries(
    {"seq": seq_field(0)},
    optional={
        "target": st.one_of(form_word, field_text),
        "kind": st.one_of(st.sampled_from(["skip", "drop"]), field_text),
    },
)
DEEP_ACTIONS = [  # the two known crashes: the parser's recursion, the NUL check's
    "[" * 960 + "]" * 960,
    '{"type": "income", "target": ' + "[" * 330 + "]" * 330 + "}",
]
raw_body = st.one_of(
    st.just(b"action=%ED%A0%80&expected_seq=1"),
    st.just(b"text=%FF%FE%00&orders=%C0%80"),
    st.binary(max_size=300),
)
# one request in ten as raw bytes (which replace the form)
maybe_raw = st.tuples(st.integers(0, 9), raw_body).map(lambda t: t[1] if t[0] == 0 else None)

# --- the table under test -------------------------------------------------------------------


class Fuzzed:
    def __init__(self, client, game, users, spectator):
        self.client = client
        self.game = game
        self.users = users  # {"p1": user, ...}
        self.spectator = spectator
        self.stats: dict[str, Counter] = defaultdict(Counter)

    def snapshot(self):
        game = Game.objects.get(pk=self.game.pk)
        return {
            "seq": game.state_seq,
            "status": game.status,
            "state": game.state,
            "events": list(Event.objects.filter(game=game).values_list("seq", "kind")),
            "chat": ChatMessage.objects.filter(game=game).count(),
            "seats": sorted(
                Seat.objects.filter(game=game).values_list("player_id", "status", "standing_orders")
            ),
            "reports": Report.objects.filter(game=game).count(),
            "votes": DeadlineVote.objects.filter(game=game).count(),
        }

    def login(self, whom):
        self.client.logout()
        if whom == "spectator":
            self.client.force_login(self.spectator)
        elif whom != "anonymous":
            self.client.force_login(self.users[whom])

    def post(self, endpoint, address, data, *, whom, is_htmx, raw=None):
        cache.clear()  # no rate limit carried from one example to the next
        self.login(whom)
        before = self.snapshot()
        headers = {"HTTP_HX_REQUEST": "true"} if is_htmx else {}
        if raw is not None:
            response = self.client.post(
                address, raw, content_type="application/x-www-form-urlencoded", **headers
            )
        else:
            response = self.client.post(address, data, **headers)
        self.stats[endpoint][response.status_code] += 1
        assert response.status_code < 500, (endpoint, data, response.status_code)
        assert response.status_code in (200, 204, 302, 400, 403, 404, 405, 429), (
            endpoint,
            response.status_code,
        )
        if refused(response):
            assert self.snapshot() == before, (endpoint, data)
        else:
            after = self.snapshot()
            # an accepted request changes its own part only
            if endpoint.startswith("chat"):
                assert after["chat"] <= before["chat"] + 1
            if endpoint.startswith(("chat", "report")):
                assert (after["events"], after["state"]) == (before["events"], before["state"])
        return response


def refused(response) -> bool:
    if response.status_code >= 400 or response.status_code == 204:  # 204: htmx to log in
        return True
    if response.status_code == 302:
        if reverse("account_login") in response["Location"]:
            return True
        return any(m.level_tag == "error" for m in get_messages(response.wsgi_request))
    body = response.content.decode(errors="replace")
    if response.get("Content-Type", "").startswith("application/json"):
        return "error" in response.json()
    return "flash-error" in body or 'class="errorlist' in body


def complots(users):
    return make_game(
        users,
        kind="complots",
        options={"setup": {"hands": HANDS}},
        min_seats=3,
        max_seats=3,
        time_control="live",
    )


def other(users, kind):
    return make_game(users, kind=kind, min_seats=3, max_seats=3)


@pytest.fixture
def table(client, alice, bob, carol, make_user):
    def build(kind="complots"):
        users = [alice, bob, carol]
        game = complots(users) if kind == "complots" else other(users, kind)
        return Fuzzed(
            client, game, dict(zip(["p1", "p2", "p3"], users, strict=True)), make_user("zed")
        )

    return build


def budget(name, total):
    return max(3, round(total * SHARES[name]))


def run(fuzzed: Fuzzed, endpoint: str, examples: int) -> None:
    game = fuzzed.game
    rules = settings(
        max_examples=examples,
        deadline=None,
        database=None,
        suppress_health_check=list(HealthCheck),
    )

    if endpoint.startswith("act"):
        address = url("act", game)

        @rules
        @given(form=act_form, whom=who, is_htmx=htmx, raw=maybe_raw)
        @example(form={"action": DEEP_ACTIONS[0], "seq": None}, whom="p1", is_htmx=True, raw=None)
        @example(form={"action": DEEP_ACTIONS[1], "seq": None}, whom="p1", is_htmx=False, raw=None)
        def case(form, whom, is_htmx, raw):
            game.refresh_from_db()
            data = {k: v for k, v in form.items() if k != "seq" and v is not None}
            data["expected_seq"] = seq_value(form["seq"], game)
            fuzzed.post(endpoint, address, data, whom=whom, is_htmx=is_htmx, raw=raw)

    elif endpoint == "standing":
        address = url("standing", game)

        @rules
        @given(form=standing_form, whom=who, is_htmx=htmx)
        def case(form, whom, is_htmx):
            fuzzed.post(endpoint, address, form, whom=whom, is_htmx=is_htmx)

    elif endpoint.startswith("chat"):
        address = url("chat", game)

        @rules
        @given(form=chat_form, whom=who, is_htmx=htmx, raw=maybe_raw)
        def case(form, whom, is_htmx, raw):
            fuzzed.post(endpoint, address, form, whom=whom, is_htmx=is_htmx, raw=raw)

    elif endpoint == "report":
        address = reverse("moderation:report", args=[game.pk])

        @rules
        @given(form=report_form, whom=who, is_htmx=htmx)
        def case(form, whom, is_htmx):
            fuzzed.post(endpoint, address, form, whom=whom, is_htmx=is_htmx)

    else:
        address = url("clock:vote", game)

        @rules
        @given(form=vote_form, whom=who, is_json=htmx)
        def case(form, whom, is_json):
            game.refresh_from_db()
            data = {k: v for k, v in form.items() if k != "seq"}
            data["seq"] = seq_value(form["seq"], game)
            if is_json:
                cache.clear()
                fuzzed.login(whom)
                before = fuzzed.snapshot()
                response = fuzzed.client.post(address, data, HTTP_ACCEPT="application/json")
                fuzzed.stats[endpoint][response.status_code] += 1
                assert response.status_code < 500
                if refused(response):
                    assert fuzzed.snapshot() == before
            else:
                fuzzed.post(endpoint, address, data, whom=whom, is_htmx=False)

    case()


ENDPOINTS = list(SHARES)


@pytest.mark.parametrize("endpoint", ENDPOINTS)
def test_fuzz(table, endpoint):
    kind = endpoint.split(":")[1] if ":" in endpoint else "complots"
    fuzzed = table(kind)
    run(fuzzed, endpoint, budget(endpoint, EXAMPLES))
    assert sum(fuzzed.stats[endpoint].values()) >= 1
    assert not any(status >= 500 for status in fuzzed.stats[endpoint])


@pytest.mark.slow
def test_fuzz_long_run(table, request, capsys):
    """`pytest -m slow tests/table/test_fuzz.py -s`: 10,000 requests; prints the figures."""
    if "slow" not in (request.config.getoption("markexpr") or ""):
        pytest.skip("the long fuzz run: select it with -m slow")
    started = time.monotonic()
    only = os.environ.get("COMPLOTS_FUZZ_ONLY", "")  # e.g. "vote,chat": those endpoints only
    for endpoint in [e for e in ENDPOINTS if not only or e in only.split(",")]:
        kind = endpoint.split(":")[1] if ":" in endpoint else "complots"
        fuzzed = table(kind)
        t0 = time.monotonic()
        run(fuzzed, endpoint, budget(endpoint, SLOW_EXAMPLES))
        counts = dict(sorted(fuzzed.stats[endpoint].items()))
        with capsys.disabled():  # each endpoint's figures as soon as it is done
            print(
                f"\nfuzz {endpoint}: {sum(counts.values())} requests {counts}"
                f" in {time.monotonic() - t0:.0f}s",
                flush=True,
            )
        assert not any(status >= 500 for status in counts)
    with capsys.disabled():
        print(f"\nfuzz long run: {time.monotonic() - started:.0f}s in all", flush=True)
