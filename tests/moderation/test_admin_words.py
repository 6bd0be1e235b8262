"""The moderators' room reads right: a kick row names the moderator and the target's seat,
an Intrigue table shows its own columns and castles, times are formatted, the game list's
times are short."""

import pytest
from django.urls import reverse

from games.moderation import services as moderation
from games.moderation.models import Report
from games.moderation.timeline import game_snapshot
from games.table import services
from tests.table.factories import make_game

from .conftest import start_game

pytestmark = pytest.mark.django_db


def test_a_kick_row_names_the_moderator_and_the_targets_seat(mod_client, moderator, make_user):
    alice, bob = make_user("alice"), make_user("bob")
    game = start_game(alice, bob)
    seat = game.seats.get(user=bob)
    moderation.seat_kick(moderator=moderator, seat=seat, mode="autopilot", reason="asleep")
    html = mod_client.get(reverse("admin:games_game_timeline", args=[game.pk])).content.decode()
    row = html.split('class="event event-moderation"', 1)[1].split("</tr>", 1)[0]
    cells = row.split("<td>")
    assert cells[3].startswith("mod</td>"), cells[3]  # the moderator, without a seat
    assert f"bob ({seat.player_id})" in cells[5] and "asleep" in cells[5]


def test_an_intrigue_table_shows_its_own_columns_and_castles(mod_client, make_user):
    players = [make_user(name) for name in ("alice", "bob", "carol")]
    game = make_game(players, kind="intrigue", min_seats=3, max_seats=3)
    snapshot = game_snapshot(game, hidden=False)
    assert "Money" in snapshot["columns"] and "Coins" not in snapshot["columns"]
    assert len(snapshot["boards"]) == 3
    assert all(p["values"][snapshot["columns"].index("Money")] is None for p in snapshot["players"])
    html = mod_client.get(reverse("admin:games_game_change", args=[game.pk])).content.decode()
    assert 'data-testid="moderation-boards"' in html and "<th>Lives</th>" not in html
    seen = game_snapshot(game, hidden=True)
    assert all(p["values"][seen["columns"].index("Money")] is not None for p in seen["players"])


def test_times_are_formatted_for_people(mod_client, make_user):
    alice, bob = make_user("alice"), make_user("bob")
    game = start_game(alice, bob)
    said = services.chat_post(game_id=game.pk, user=alice, text="rude")
    report = moderation.report_create(reporter=bob, game=game, category="abuse", message=said)
    page = mod_client.get(reverse("admin:moderation_report_change", args=[report.pk]))
    html = page.content.decode()
    assert "rude" in html and "+00:00" not in html
    assert Report.objects.count() == 1
    listing = mod_client.get(reverse("admin:games_game_changelist")).content.decode()
    assert "field-created_short" in listing and "field-deadline_short" in listing
    assert "moderation/admin.css" in listing


def test_a_game_that_is_over_shows_no_deadline_in_the_list(mod_client, make_user):
    from datetime import timedelta

    from django.utils import timezone

    from games.table.models import Game

    game = start_game(make_user("alice"), make_user("bob"))
    deadline = timezone.now() + timedelta(hours=5)
    Game.objects.filter(pk=game.pk).update(deadline_at=deadline)

    def deadline_cell():
        listing = mod_client.get(reverse("admin:games_game_changelist")).content.decode()
        return listing.split('class="field-deadline_short">', 1)[1].split("</td>", 1)[0]

    assert deadline_cell() != "—"
    Game.objects.filter(pk=game.pk).update(status=Game.Status.FINISHED)
    assert deadline_cell() == "—"
