"""The rating arithmetic: Weng-Lin Plackett-Luce (`openskill`), the inactivity that widens
sigma, and the number shown (a conservative ordinal, mu - 3 sigma, scaled).

Pure functions of their arguments (no database, no clock): the services and the rebuild
call them with the same stored values in the same order and get the same floats.
"""

from __future__ import annotations

import math
from dataclasses import dataclass
from datetime import datetime

from django.conf import settings
from openskill.models import PlackettLuce

MODEL = PlackettLuce()  # mu 25, sigma 25/3, tau 25/300 added to sigma before each game
MU0, SIGMA0 = MODEL.mu, MODEL.sigma
# Inactivity: each 30 days without a rated game in the pool adds this much variance (as a
# standard deviation) to sigma before the next game, never beyond a newcomer's sigma.
IDLE_TAU_PER_MONTH = SIGMA0 / 6
# The number shown: BASE + SCALE * (mu - 3 sigma). A newcomer shows BASE (then "?").
BASE, SCALE = 1000, 40


def shown(mu: float, sigma: float) -> int:
    """The rating as shown and sorted: the conservative ordinal, scaled."""
    return round(BASE + SCALE * (mu - 3 * sigma))


def provisional_games() -> int:
    """Below this many rated games in a pool, a rating shows "?" (RATINGS_PROVISIONAL_GAMES)."""
    return settings.RATINGS_PROVISIONAL_GAMES


def widened(sigma: float, last: datetime | None, now: datetime) -> float:
    """`sigma` after the inactivity since `last` (None: a newcomer, unchanged)."""
    if last is None or now <= last:
        return sigma
    months = (now - last).total_seconds() / (30 * 86400)
    return min(SIGMA0, math.sqrt(sigma * sigma + months * IDLE_TAU_PER_MONTH**2))


@dataclass
class Standing:
    """A player's rating going into a game."""

    mu: float = MU0
    sigma: float = SIGMA0
    games: int = 0
    last: datetime | None = None


def rate(players: list[Standing], ranks: list[int], now: datetime) -> list[tuple[float, float]]:
    """The new (mu, sigma) of each player of a game ranked `ranks` (1 the best, ties equal),
    in the order given."""
    teams = [[MODEL.rating(mu=p.mu, sigma=widened(p.sigma, p.last, now))] for p in players]
    rated = MODEL.rate(teams, ranks=[float(r) for r in ranks])
    return [(team[0].mu, team[0].sigma) for team in rated]
