"""The table as players read it: names instead of ids, private log lines, the platform's
notes in the log (timeouts, moderators), Tyrannie explained, words, full button names,
cards and seats as labelled lists, the live region, the lobby (settings, auto-start,
cancel, copy, rematch), the replay steps and the create form."""

import html as htmllib
import re

import pytest
from django.contrib.auth.models import Group

from games.moderation import services as moderation
from games.table import services
from games.table.models import Game, Seat
from games.table.records import player_record

from .factories import make_game
from .web_helpers import url

pytestmark = pytest.mark.django_db

HTMX = {"HTTP_HX_REQUEST": "true"}

HANDS = {
    "p1": ["capitaine", "inquisiteur"],
    "p2": ["comtesse", "assassin"],
    "p3": ["capitaine", "duchesse"],
}
INQUISITEUR = ["duchesse", "assassin", "comtesse", "capitaine", "inquisiteur"]


def complots_game(users, *, hands=None, **options):
    return make_game(
        users,
        kind="complots",
        options={"setup": {"hands": hands or HANDS}, "characters": INQUISITEUR, **options},
        min_seats=len(users),
        max_seats=len(users),
    )


def page(client, user, game):
    client.force_login(user)
    response = client.get(url("detail", game))
    assert response.status_code == 200
    return response.content.decode()


def play(game, user, action):
    game.refresh_from_db()
    services.action_submit(game_id=game.pk, user=user, action=action, expected_seq=game.state_seq)


def text_of(html):
    """The visible text of a page: tags, scripts and attributes dropped."""
    body = re.sub(r"<script.*?</script>", " ", html, flags=re.S)
    return htmllib.unescape(re.sub(r"<[^>]+>", " ", body))


def log_lines(html):
    block = re.search(r'<ol class="log-list"[^>]*>(.*?)</ol>', html, re.S).group(1)
    return [text_of(li).strip() for li in re.findall(r"<li>(.*?)</li>", block, re.S)]


def buttons(html):
    return [text_of(b).strip() for b in re.findall(r"<button[^>]*>(.*?)</button>", html, re.S)]


@pytest.fixture
def moderator(make_user):
    user = make_user("mod")
    user.is_staff = True
    user.save(update_fields=["is_staff"])
    moderation.moderators_group_sync()
    user.groups.add(Group.objects.get(name="Moderators"))
    return user


# --- names, private lines -------------------------------------------------------------------


def test_the_card_shown_to_the_inquisiteur_names_its_owner_and_no_id_shows(
    client, alice, bob, carol
):
    game = complots_game([alice, bob, carol])
    play(
        game,
        alice,
        {"type": "power", "character": "inquisiteur", "mode": "examine", "target": "p2"},
    )
    play(game, bob, {"type": "pass"})
    play(game, carol, {"type": "pass"})
    play(game, bob, {"type": "show", "character": "assassin"})
    mine = page(client, alice, game)
    assert "Bob shows you this card" in mine
    assert "Bob shows you the Assassin (only you know this)." in log_lines(mine)
    for user in (alice, bob, carol):
        visible = text_of(page(client, user, game))
        assert not re.search(r"\bp[1-9]\b", visible), f"an internal id on {user}'s page"
    for user in (bob, carol):
        assert "shows you the Assassin" not in page(client, user, game)


def test_a_proven_claim_tells_the_claimant_alone_what_they_drew(client, alice, bob, carol):
    game = complots_game([alice, bob, carol])
    play(game, alice, {"type": "power", "character": "capitaine", "target": "p2"})
    play(game, bob, {"type": "challenge"})
    drew = [line for line in log_lines(page(client, alice, game)) if line.startswith("You drew")]
    assert len(drew) == 1 and "(only you know this)" in drew[0]
    for user in (bob, carol):
        assert not any(line.startswith("You drew") for line in log_lines(page(client, user, game)))
    client.logout()
    assert "You drew" not in client.get(url("detail", game)).content.decode()


# --- the whole story: passes, timeouts, moderators -------------------------------------------


def test_passes_and_timeouts_are_in_the_log(client, alice, bob, carol):
    game = complots_game([alice, bob, carol])
    play(game, alice, {"type": "power", "character": "capitaine", "target": "p2"})
    play(game, bob, {"type": "pass"})
    game.refresh_from_db()
    services.system_action_submit(
        game_id=game.pk, player_id="p3", expected_seq=game.state_seq, reason="timeout"
    )
    lines = log_lines(page(client, bob, game))
    assert "Bob does not challenge." in lines
    timeout = lines.index("Carol did not answer in time: pass.")
    assert lines[timeout - 1] == "Carol does not challenge."  # newest first: the note, then it
    assert player_record(carol).timeouts == 1


def test_a_moderator_removal_is_told_as_such_and_is_no_abandon(
    client, alice, bob, carol, moderator
):
    game = complots_game([alice, bob, carol])
    seat = Seat.objects.get(game=game, user=carol)
    moderation.seat_kick(moderator=moderator, seat=seat, mode="out", reason="abusive chat")
    lines = log_lines(page(client, alice, game))
    assert "A moderator removed Carol: abusive chat" in lines
    assert not any("resign" in line for line in lines), lines
    assert player_record(carol).abandoned == 0
    # Her own resignation, by contrast, counts.
    play(game, bob, {"type": "resign"})
    assert player_record(bob).abandoned == 1
    assert "Bob resigns." in log_lines(page(client, alice, game))


# --- Tyrannie, words, buttons, lists -------------------------------------------------------------


def test_tyrannie_cards_are_explained_with_the_characters(client, alice, bob, carol):
    game = complots_game([alice, bob, carol], tyrannie=True)
    html = page(client, alice, game)
    for slug, words in (("peste", "5 coins"), ("mendiant", "1 coin")):
        match = re.search(rf'data-aid="{slug}">(.*?)</li>', html, re.S)
        assert match and words in text_of(match.group(1))


def test_english_words_and_full_button_names(client, alice, bob, carol):
    hands = {"p1": ["capitaine", "duchesse"], "p2": ["comtesse", "assassin"], "p3": HANDS["p3"]}
    game = make_game(
        [alice, bob, carol],
        kind="complots",
        options={"setup": {"hands": hands, "coins": {"p1": 7}}},
        min_seats=3,
        max_seats=3,
    )
    html = page(client, alice, game)
    visible = text_of(html)
    for word in ("Treasury", "Court", "Coup (7 coins)", "Coup against Bob", "Steal 2 from Bob"):
        assert word in visible, word
    for french in ("Trésor", "Cour ", "Assassination", " Or "):
        assert french not in visible, french
    names = buttons(html)
    assert "Announce the Duchesse" in names
    assert len(names) == len(set(names)), f"two buttons share a name: {names}"


def test_cards_and_seats_are_labelled_lists_and_the_log_scrolls_by_keyboard(client, alice, bob):
    game = complots_game(
        [alice, bob], hands={"p1": ["capitaine", "duchesse"], "p2": ["comtesse", "assassin"]}
    )
    html = page(client, alice, game)
    assert '<ul class="opponents" aria-label="Other players">' in html
    assert '<ul class="seat-cards" aria-label="Cards of Bob">' in html
    mine = re.search(r'<ul class="seat-cards" aria-label="Cards of Alice">(.*?)</ul>', html, re.S)
    assert "Capitaine, Voleurs, face down, only you see it." in text_of(mine.group(1))
    assert text_of(html).count("Face-down card") >= 2
    assert re.search(r'<ol class="log-list" reversed(?: start="\d+")? tabindex="0"', html)
    # The persistent live region sits outside the panel; the panel brings its new text.
    assert html.index('id="game-announcer"') < html.index('id="game-panel"')
    client.force_login(alice)
    fragment = client.get(url("panel", game), **HTMX).content.decode()
    announce = re.search(
        r'<div id="game-announcer" hx-swap-oob="innerHTML">(.*?)</div>', fragment, re.S
    )
    assert announce and "Your move." in announce.group(1)
    assert 'href="#move-form"' in fragment and 'id="move-form"' in fragment


def test_no_inline_script_handler_or_style_on_the_pages(client, alice, bob):
    game = complots_game(
        [alice, bob], hands={"p1": ["capitaine", "duchesse"], "p2": ["comtesse", "assassin"]}
    )
    open_table = services.game_create(host=alice, kind="complots", visibility="private")
    for html in (
        page(client, alice, game),
        page(client, alice, open_table),
        client.get("/games/").content.decode(),
    ):
        assert not re.search(r"\son[a-z]+=", html), "inline event handler"
        assert " style=" not in html
        assert not re.search(r"<script(?![^>]*\bsrc=)[^>]*>", html), "inline script"


# --- lobby --------------------------------------------------------------------------------------


def test_lobby_shows_each_open_table_settings(client, alice, bob):
    services.game_create(
        host=alice,
        kind="complots",
        options={"characters": INQUISITEUR, "tyrannie": True},
        time_control="corr-1d",
        auto_start=True,
    )
    client.force_login(bob)
    html = client.get("/games/").content.decode()
    settings = text_of(
        re.search(r'data-testid="open-game-settings">(.*?)</span>', html, re.S).group(1)
    )
    assert "Inquisiteur" in settings and "Tyrannie" in settings and "starts when full" in settings
    assert "1 day" in settings or "day" in settings


def test_a_full_table_starts_by_itself_when_the_host_chose_it(client, alice, bob, carol):
    client.force_login(alice)
    response = client.post(
        "/games/new/",
        {
            "kind": "complots",
            "max_seats": 3,
            "characters": "base",
            "visibility": "public",
            "time_control": "live",
            "auto_start": "on",
        },
    )
    game = Game.objects.get()
    assert response.status_code == 302 and game.auto_start
    services.seat_join(game_id=game.pk, user=bob)
    game.refresh_from_db()
    assert game.status == Game.Status.OPEN
    services.seat_join(game_id=game.pk, user=carol)
    game.refresh_from_db()
    assert game.status == Game.Status.RUNNING and game.state_seq == 1
    # Without the box ticked, the host starts it.
    client.post(
        "/games/new/",
        {
            "kind": "complots",
            "max_seats": 2,
            "characters": "base",
            "visibility": "public",
            "time_control": "live",
        },
    )
    manual = Game.objects.exclude(pk=game.pk).get()
    services.seat_join(game_id=manual.pk, user=bob)
    manual.refresh_from_db()
    assert manual.status == Game.Status.OPEN


def test_the_create_form_answers_get_and_the_host_cancels_an_open_table(client, alice, bob):
    client.force_login(alice)
    response = client.get("/games/new/")
    assert response.status_code == 200 and 'class="create-form"' in response.content.decode()
    assert 'name="auto_start"' in response.content.decode()
    game = services.game_create(host=alice, kind="complots", visibility="private")
    html = page(client, alice, game)
    assert 'data-testid="cancel-table"' in html
    assert 'data-copy="#invitation-url"' in html and 'id="invitation-url"' in html
    services.seat_join(game_id=game.pk, user=bob, invitation_token=game.invitation_token)
    assert 'data-testid="cancel-table"' not in page(client, bob, game)
    client.force_login(bob)
    client.post(url("cancel", game))
    game.refresh_from_db()
    assert game.status == Game.Status.OPEN
    client.force_login(alice)
    assert client.post(url("cancel", game)).status_code == 302
    game.refresh_from_db()
    assert game.status == Game.Status.ABORTED


def test_rematch_same_settings_and_seats(client, alice, bob, carol):
    game = complots_game([alice, bob, carol], tyrannie=True)
    for user in (bob, carol):
        play(game, user, {"type": "resign"})
    game.refresh_from_db()
    assert game.status == Game.Status.FINISHED
    html = page(client, bob, game)
    assert 'data-testid="rematch"' in html
    client.force_login(bob)
    response = client.post(url("rematch", game))
    new = Game.objects.get(rematch_of=game)
    assert response.status_code == 302 and response["Location"] == url("detail", new)
    assert new.status == Game.Status.OPEN and new.host == bob and not new.auto_start
    assert new.options == {"characters": INQUISITEUR, "tyrannie": True}
    assert (new.kind, new.max_seats, new.time_control, new.visibility) == (
        game.kind,
        game.max_seats,
        game.time_control,
        game.visibility,
    )
    assert [s.user for s in new.seats.order_by("position")] == [alice, bob, carol]
    client.force_login(carol)
    client.post(url("rematch", game))
    assert Game.objects.filter(rematch_of=game).count() == 1
    client.force_login(alice)
    client.post(url("rematch", new))  # not over: refused, nothing created
    assert Game.objects.filter(rematch_of=new).count() == 0


# --- small things ---------------------------------------------------------------------------------


def test_replay_steps_are_distinct_pages(client, alice, bob, carol):
    game = complots_game([alice, bob, carol])
    play(game, alice, {"type": "income"})
    play(game, bob, {"type": "resign"})
    play(game, carol, {"type": "resign"})
    client.force_login(alice)
    zero = client.get(url("replay", game) + "?step=0")
    assert zero.status_code == 302 and zero["Location"].endswith("?step=1")
    one = client.get(url("replay", game) + "?step=1").content.decode()
    two = client.get(url("replay", game) + "?step=2").content.decode()
    assert "Step 1 of" in one and "Step 2 of" in two
    assert 'href="?step=0"' not in one + two


def test_countdown_and_time_zone(client, alice, bob):
    game = make_game(
        [alice, bob],
        kind="complots",
        time_control="corr-1d",
        options={
            "setup": {"hands": {"p1": ["capitaine", "duchesse"], "p2": ["comtesse", "assassin"]}}
        },
    )
    client.force_login(alice)
    client.cookies["tz"] = "Asia/Tokyo"
    html = client.get(url("detail", game)).content.decode()
    countdown = re.search(r"<time [^>]*data-countdown[^>]*>", html).group(0)
    assert "title=" in countdown and "JST" in countdown
    alice.profile.refresh_from_db()
    assert alice.profile.timezone == "Asia/Tokyo"
    client.cookies["tz"] = "Not/AZone"
    client.get(url("detail", game))
    alice.profile.refresh_from_db()
    assert alice.profile.timezone == "Asia/Tokyo"


def test_french_page_elides_and_never_guesses_a_gender(client, alice, bob, carol):
    from django.utils import translation

    game = complots_game([alice, bob, carol])
    play(game, alice, {"type": "power", "character": "capitaine", "target": "p2"})
    play(game, bob, {"type": "challenge"})
    play(game, bob, {"type": "lose", "character": "comtesse"})
    play(game, bob, {"type": "pass"})
    play(game, bob, {"type": "resign"})
    with translation.override("fr"):
        client.force_login(carol)
        client.cookies["django_language"] = "fr"
        visible = text_of(client.get(url("detail", game)).content.decode())
    assert "Bob est hors jeu." in visible and "Hors jeu" in visible
    assert not re.search(r"\b[Dd]e [AEIOUYÉ]", visible), re.findall(
        r".{30}\b[Dd]e [AEIOUYÉ].{20}", visible
    )
    assert "éliminé" not in visible.lower()
    assert "Trésor" in visible and "Treasury" not in visible
