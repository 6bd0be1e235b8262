"""On PostgreSQL a game page's statements are prepared on their connection once they have
run a few times (settings: server-side binding, `DATABASE_PREPARE_THRESHOLD`): the seats'
join with their players, records, clocks and sanctions costs more to plan than to run."""

import pytest
from django.db import connection

from .factories import make_game
from .web_helpers import url

pytestmark = [pytest.mark.postgres, pytest.mark.django_db]


def prepared() -> list[str]:
    with connection.cursor() as cursor:
        cursor.execute("SELECT statement FROM pg_prepared_statements")
        return [row[0] for row in cursor.fetchall()]


def test_the_pages_statements_are_prepared_after_a_few_pages(client, alice, bob):
    game = make_game([alice, bob], kind="complots")
    client.force_login(alice)
    assert connection.settings_dict["OPTIONS"]["prepare_threshold"] == 5
    seats = 'FROM "games_seat" INNER JOIN "auth_user"'
    for _ in range(6):
        response = client.get(url("detail", game))
        assert response.status_code == 200
    statements = prepared()
    assert any(seats in s and 'WHERE "games_seat"."game_id" = $1' in s for s in statements), (
        statements
    )
