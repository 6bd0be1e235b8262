"""Playing the human seats of a test game: a bot chooses for them from their own view,
and the move goes through ``action_submit`` like a page's form."""

from games.bots import get_bot
from games.engines import get_engine
from games.table import selectors
from games.table.models import Game, Seat
from games.table.services import action_submit

HUMAN_LEVEL = {"complots": "novice", "regicide": "standard", "intrigue": "standard"}


def human_moves(game, users, on_commit, *, limit=3000):
    """Play the seats of ``users`` until the game ends (the bots play theirs through their
    tasks, run by the commit callbacks). Returns the number of human moves."""
    moves = 0
    for step in range(limit):
        game = Game.objects.get(pk=game.pk)
        if game.status != Game.Status.RUNNING:
            return moves
        to_act = [
            s
            for s in Seat.objects.filter(game=game, to_act=True, user__in=users).select_related(
                "user"
            )
        ]
        assert to_act, f"step {step}: nobody may act and no bot moved (game {game.pk} stuck)"
        seat = to_act[0]
        game_view = selectors.game_view(game_id=game.pk, user=seat.user)
        bot = get_bot(game.kind, HUMAN_LEVEL[game.kind])
        action = bot.choose(game_view.view, game_view.legal_actions, step, player=seat.player_id)
        with on_commit(execute=True):
            action_submit(
                game_id=game.pk, user=seat.user, action=dict(action), expected_seq=game_view.seq
            )
        moves += 1
    raise AssertionError(f"game {game.pk} not over after {limit} human moves")


def engine_of(game):
    return get_engine(game.kind)
