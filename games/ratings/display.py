"""A rating in words and numbers for the templates."""

from __future__ import annotations

from dataclasses import dataclass

from .rating import provisional_games


@dataclass(frozen=True)
class Shown:
    """A rating as a page shows it: the number, "?" while provisional, the games."""

    value: int
    games: int

    @property
    def provisional(self) -> bool:
        return self.games < provisional_games()

    def __str__(self):
        return f"{self.value}?" if self.provisional else str(self.value)


def signed(delta: int) -> str:
    """ "+14", "-3", "±0"."""
    return f"+{delta}" if delta > 0 else ("±0" if delta == 0 else f"−{-delta}")
