"""The platform's own sentences: French elision before a name, "you" for oneself."""

from __future__ import annotations

import pytest

from games.table.sentences import named
from tests.table.factories import make_game, users
from tests.table.web_helpers import url

pytestmark = pytest.mark.django_db


def test_french_elides_before_a_vowel_and_keeps_de_before_a_consonant():
    assert named("Waiting for %(names)s", "fr", names="Alice") == "En attente d’Alice"
    assert named("Waiting for %(names)s", "fr", names="Bob") == "En attente de Bob"
    assert named("Waiting for %(names)s", "en", names="Alice") == "Waiting for Alice"


def test_the_player_waited_for_reads_you(client):
    game = make_game(users("alice", "bob"), kind="complots")
    waited = {s.player_id: s.user for s in game.seats.select_related("user")}
    from games.engines import get_engine

    engine = get_engine("complots")
    mover = waited[engine.waiting_for(engine.load(game.state))[0]]
    other = next(u for u in waited.values() if u != mover)
    client.force_login(mover)
    assert "Waiting for you" in client.get(url("detail", game)).content.decode()
    client.force_login(other)
    html = client.get(url("detail", game), HTTP_ACCEPT_LANGUAGE="fr").content.decode()
    # The two-player setup awaits both players at first: the reader comes first as "vous".
    expected = "d’alice" if mover.username == "alice" else "de bob"
    line = html.split('data-testid="waiting">', 1)[1].split("\n", 1)[0]
    assert line.startswith("En attente de ") and line.endswith(expected), line


def test_an_aborted_game_has_no_turn_or_deciding_badge(client):
    from games.table.models import Game

    game = make_game(users("alice", "bob"), kind="complots")
    client.force_login(game.seats.first().user)
    before = client.get(url("detail", game)).content.decode()
    assert "badge-turn" in before or "badge-wait" in before
    Game.objects.filter(pk=game.pk).update(status=Game.Status.ABORTED)
    html = client.get(url("detail", game)).content.decode()
    assert "badge-turn" not in html and "badge-wait" not in html


def test_a_player_out_of_the_game_has_no_standing_orders(client):
    from games.table.models import Seat

    game = make_game(users("alice", "bob", "carol"), kind="complots")
    seat = game.seats.select_related("user").last()
    client.force_login(seat.user)
    assert "Standing orders" in client.get(url("detail", game)).content.decode()
    Seat.objects.filter(pk=seat.pk).update(status=Seat.Status.LEFT)
    assert "Standing orders" not in client.get(url("detail", game)).content.decode()


def test_intrigue_elides_names_and_advisors_in_french():
    from django.utils import translation

    from games.table.presenters.intrigue.actions import action_groups
    from games.table.presenters.intrigue.labels import stage_title

    names = {"p1": "Alice", "p2": "Bob"}
    external = {"kind": "external", "host": "p1", "type": "ecrivain"}
    with translation.override("fr"):
        assert stage_title(external, names).startswith("Conflit externe au château d’Alice")
        internal = {"kind": "internal", "host": "p2", "slot": 1000}
        assert stage_title(internal, names).startswith("Conflit interne au château de Bob")
        view = {"offers": [{"from": "p1", "status": "standing", "amount": 2000}]}
        legal = [
            {"type": "accept", "from": "p1"},
            {"type": "place", "owner": "p1", "advisor": "ecrivain-1", "slot": 1000},
        ]
        groups = action_groups(legal, view, names)
    words = [g.title for g in groups] + [b.label for g in groups for b in g.buttons]
    assert any(w.startswith("Accepter les 2") and w.endswith("d’Alice") for w in words), words
    assert "Placer l’Écrivain 1 d’Alice" in words, words
    with translation.override("en"):
        assert stage_title(external, names).startswith("External conflict at Alice's castle")


def test_a_petitioner_still_bargaining_reads_right_in_french():
    from django.utils import translation

    with translation.override("fr"):
        assert translation.gettext("bargaining") == "négocie encore"


def test_english_sentences_put_no_french_article_before_a_game_word():
    """docs/rulings.md, "Game words in English sentences": "Give the Peste to Bob"."""
    import re

    from tests.test_catalogue import entries

    french_article = re.compile(r"\b(La|Le|L') ?(Peste|Mendiant|Duchesse|Espion|Comtesse)\b")
    english = [f.get(k, "") for f in entries() for k in ("msgid", "msgid_plural")]
    assert [m for m in english if french_article.search(m)] == []


def test_the_reader_comes_first_when_others_are_waited_for_too():
    from django.utils import translation

    from games.table.views.panel import waiting_line

    table = {"waiting_for": ["bob", "alice", "carol"]}
    with translation.override("en"):
        assert waiting_line(table, "alice") == "Waiting for you and bob, carol"
        assert waiting_line({"waiting_for": ["alice"]}, "alice") == "Waiting for you"
        assert waiting_line(table, None) == "Waiting for bob, alice, carol"
    with translation.override("fr"):
        assert waiting_line({"waiting_for": ["bob", "alice"]}, "bob") == (
            "En attente de vous et d’alice"
        )
        assert waiting_line({"waiting_for": ["alice"]}, "alice") == "En attente de vous"
