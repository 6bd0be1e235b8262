"""Every step of every tutorial, walked through the engine and through the services: each
expected move and each scripted move is legal at its step (a rules change that breaks a
tutorial fails here), each text has its French, and a whole lesson played through the
services leaves no clock, no record, no mail, no practice-limit count behind."""

import pytest
from django.utils import translation

from games.bot_seats.models import PracticeGame
from games.engines import get_engine
from games.mail.models import MailRecord
from games.table.models import Game, PlayerRecord
from games.table.selectors import user_games
from games.table.services import action_submit
from games.tutorials import services
from games.tutorials.lessons import TUTORIALS
from games.tutorials.models import TutorialCompletion, TutorialRun
from games.tutorials.steps import LEARNER, same_move

LESSONS = sorted(TUTORIALS)


def legal_has(engine, state, player, action) -> bool:
    return any(same_move(a, action) for a in engine.legal_actions(state, player))


def walk(tutorial):
    """(step, state before the step) for each step, through the engine alone."""
    engine = get_engine(tutorial.kind)
    players = [f"p{i}" for i in range(1, tutorial.seats + 1)]
    state = engine.new_game(players, options=tutorial.options, seed=b"\x07" * 32)
    for player, action in tutorial.opening:
        assert legal_has(engine, state, player, action), (player, action)
        state = engine.apply(state, player, dict(action))
    for step in tutorial.steps:
        yield step, state
        if step.is_move:
            assert LEARNER in engine.waiting_for(state), step.key
            assert legal_has(engine, state, LEARNER, step.expect), (step.key, step.expect)
            state = engine.apply(state, LEARNER, dict(step.expect))
        for player, action in step.then:
            assert legal_has(engine, state, player, action), (step.key, player, action)
            state = engine.apply(state, player, dict(action))


@pytest.mark.parametrize("slug", LESSONS)
@pytest.mark.parametrize("seed", [b"\x00" * 32, b"\xff" * 32, 12345])
def test_every_step_is_legal_whatever_the_seed(slug, seed):
    tutorial = TUTORIALS[slug]
    engine = get_engine(tutorial.kind)
    players = [f"p{i}" for i in range(1, tutorial.seats + 1)]
    state = engine.new_game(players, options=tutorial.options, seed=seed)
    for player, action in tutorial.opening:
        state = engine.apply(state, player, dict(action))
    for step in tutorial.steps:
        if step.is_move:
            assert legal_has(engine, state, LEARNER, step.expect), (step.key, seed)
            state = engine.apply(state, LEARNER, dict(step.expect))
        for player, action in step.then:
            assert legal_has(engine, state, player, action), (step.key, player, seed)
            state = engine.apply(state, player, dict(action))


@pytest.mark.parametrize("slug", LESSONS)
def test_the_shape_of_each_tutorial(slug):
    tutorial = TUTORIALS[slug]
    assert 5 <= len(tutorial.steps) <= 12
    keys = [s.key for s in tutorial.steps]
    assert len(set(keys)) == len(keys)
    assert not tutorial.steps[-1].is_move and not tutorial.steps[-1].then  # "Finish"
    assert sum(s.is_move for s in tutorial.steps) >= 4
    list(walk(tutorial))  # every step legal
    for step in tutorial.steps:
        assert step.point.strip()
        texts = [step.text] + ([step.hint] if step.hint else [])
        for text in texts:
            with translation.override("fr"):
                french = str(text)
            with translation.override("en"):
                english = str(text)
            assert french and french != english, f"{slug}.{step.key}: no French"
    for text in (tutorial.title, tutorial.summary):
        with translation.override("fr"):
            assert str(text) != str(tutorial.__class__) and str(text)


@pytest.mark.django_db
@pytest.mark.parametrize("slug", LESSONS)
def test_a_lesson_through_the_services(slug, alice):
    tutorial = TUTORIALS[slug]
    engine = get_engine(tutorial.kind)
    run = services.tutorial_start(user=alice, slug=slug)
    game = Game.objects.get(pk=run.game_id)
    assert game.tutorial and game.is_private and game.status == Game.Status.RUNNING
    assert not PracticeGame.objects.get(game=game).limited
    for index, step in enumerate(tutorial.steps):
        run.refresh_from_db()
        game.refresh_from_db()
        assert run.step == index and game.deadline_at is None
        if not step.is_move:
            assert services.move_check(alice, game.pk, {"type": "anything"})
            services.tutorial_next(user=alice, run_id=run.pk)
            continue
        state = engine.load(game.state)
        others = [
            a
            for a in engine.legal_actions(state, LEARNER)
            if not same_move(a, step.expect) and a.get("type") != "resign"
        ]
        if others:  # a legal move, not the step's: a hint, and nothing played
            assert services.move_check(alice, game.pk, dict(others[0]))
        assert services.move_check(alice, game.pk, dict(step.expect)) is None
        event = action_submit(
            game_id=game.pk, user=alice, action=dict(step.expect), expected_seq=game.state_seq
        )
        services.after_move(alice, game.pk, event)
    run.refresh_from_db()
    game.refresh_from_db()
    assert run.closed and run.finished_at
    assert TutorialCompletion.objects.filter(user=alice, slug=slug).exists()
    assert game.status == Game.Status.ABORTED  # kept, never deleted
    assert game.events.count() > len(tutorial.steps) // 2
    assert not user_games(user=alice).filter(pk=game.pk).exists()
    assert not PlayerRecord.objects.filter(user=alice).exclude(finished=0, timeouts=0).exists()
    assert not MailRecord.objects.filter(user=alice).exists()


@pytest.mark.django_db
def test_starting_again_closes_the_try_going_on(alice):
    first = services.tutorial_start(user=alice, slug="complots")
    assert user_games(user=alice).filter(pk=first.game_id).exists()  # listed while it runs
    second = services.tutorial_start(user=alice, slug="complots")
    first.refresh_from_db()
    assert first.closed and not second.closed
    assert Game.objects.get(pk=first.game_id).status == Game.Status.ABORTED
    assert not user_games(user=alice).filter(pk=first.game_id).exists()
    assert TutorialRun.objects.filter(user=alice).count() == 2


@pytest.mark.django_db
def test_a_wrong_move_from_the_page_is_not_played(client, alice):
    run = services.tutorial_start(user=alice, slug="complots")
    services.tutorial_next(user=alice, run_id=run.pk)  # past the welcome
    game = Game.objects.get(pk=run.game_id)
    client.force_login(alice)
    response = client.post(
        f"/games/{game.pk}/act/",
        {"action": '{"type": "income"}', "expected_seq": game.state_seq},
        HTTP_HX_REQUEST="true",
    )
    assert response.status_code == 200
    assert "Try the Duchesse here" in response.content.decode()
    assert Game.objects.get(pk=game.pk).state_seq == game.state_seq
    response = client.post(
        f"/games/{game.pk}/act/",
        {"action": '{"type": "power", "character": "duchesse"}', "expected_seq": game.state_seq},
        HTTP_HX_REQUEST="true",
    )
    run.refresh_from_db()
    assert run.step == 2  # played, and the opponents answered
    assert Game.objects.get(pk=game.pk).state_seq == game.state_seq + 4


@pytest.mark.django_db
def test_tutorials_are_not_counted_in_the_practice_limit(alice, settings):
    settings.PRACTICE_MAX_RUNNING = 1
    settings.PRACTICE_MAX_PER_HOUR = 1
    for slug in LESSONS:
        services.tutorial_start(user=alice, slug=slug)
    from games.bot_seats.services import practice_start

    practice_start(user=alice, kind="complots", bots=2, level="honest")


def test_several_lessons_per_game_each_with_its_first_named_by_the_descriptor():
    from games.table.descriptors import descriptor_for
    from games.tutorials.lessons import next_lesson

    kinds = {t.kind for t in TUTORIALS.values()}
    for kind in kinds:
        first = TUTORIALS[descriptor_for(kind).tutorial]
        lessons = sorted((t for t in TUTORIALS.values() if t.kind == kind), key=lambda t: t.order)
        assert lessons[0] is first  # the one offered to a new account comes first
        chain = [first]
        while next_lesson(chain[-1].slug) is not None:
            chain.append(next_lesson(chain[-1].slug))
        assert chain == lessons
    assert [t.slug for t in (next_lesson("complots"), next_lesson("complots2"))] == [
        "complots2",
        "complots-extensions",
    ]
    assert next_lesson("regicide").slug == "regicide-party"
    assert next_lesson("intrigue") is None and next_lesson("nope") is None
    orders = [t.order for t in TUTORIALS.values()]
    assert len(set(orders)) == len(orders)


def test_the_new_lessons_use_what_they_teach():
    """The Complots 2 lesson plays with Complots 2 characters, the extensions lesson with
    both extensions, the Regicide one with three players and their Jester."""
    complots2 = TUTORIALS["complots2"]
    assert set(complots2.options["characters"]) - {"duchesse", "assassin", "comtesse"}
    extensions = TUTORIALS["complots-extensions"]
    assert extensions.options["saint_barthelemy"] and extensions.options["tyrannie"]
    kinds = {s.expect["type"] for s in extensions.steps if s.expect}
    assert {"convert", "abuse_of_trust", "pass_plague"} <= kinds
    party = TUTORIALS["regicide-party"]
    assert party.seats == 3
    kinds = {s.expect["type"] for s in party.steps if s.expect}
    assert {"choose_next", "yield"} <= kinds


@pytest.mark.django_db
def test_the_list_shows_every_lesson_and_a_finished_one_offers_the_next(client, alice):
    client.force_login(alice)
    page = client.get("/tutorials/").content.decode()
    for slug in TUTORIALS:
        assert f'data-testid="tutorial-{slug}"' in page
    run = services.tutorial_start(user=alice, slug="regicide")
    run = services.tutorial_finish(user=alice, run=run)
    response = client.get(f"/tutorials/run/{run.pk}/step/", HTTP_HX_REQUEST="true")
    html = response.content.decode()
    assert 'data-testid="tutorial-next-lesson"' in html
    assert "/tutorials/regicide-party/start/" in html
    run = services.tutorial_start(user=alice, slug="intrigue")
    run = services.tutorial_finish(user=alice, run=run)
    html = client.get(f"/tutorials/run/{run.pk}/step/", HTTP_HX_REQUEST="true").content.decode()
    assert "tutorial-next-lesson" not in html and "tutorial-back" in html
