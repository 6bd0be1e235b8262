"""Time left before a deadline, worded one way everywhere: "2 d 3 h", "23 h 59 min",
"12 min", "45 s" ("2 j 3 h" in French). The game page's countdown (`_countdown.html`, then
game.js every second with the same units), the mails and any badge use `time_left`."""

from __future__ import annotations

from datetime import datetime

from django.utils import timezone
from django.utils.translation import pgettext


def units() -> dict[str, str]:
    """The unit words of the active language, for the page's script as for the server."""
    return {
        "d": pgettext("time left, days", "d"),
        "h": pgettext("time left, hours", "h"),
        "min": pgettext("time left, minutes", "min"),
        "s": pgettext("time left, seconds", "s"),
    }


def time_left(deadline: datetime | None, now: datetime | None = None) -> str:
    """The time from `now` to `deadline` in the site's one wording; "0 s" once it passed."""
    if deadline is None:
        return ""
    seconds = int(max(0, (deadline - (now or timezone.now())).total_seconds()))
    return wording(seconds)


def wording(seconds: int) -> str:
    u = units()
    days, rest = divmod(max(0, int(seconds)), 86400)
    hours, rest = divmod(rest, 3600)
    minutes, secs = divmod(rest, 60)
    if days:
        return f"{days}\u00a0{u['d']} {hours}\u00a0{u['h']}"
    if hours:
        return f"{hours}\u00a0{u['h']} {minutes:02d}\u00a0{u['min']}"
    if minutes:
        return f"{minutes}\u00a0{u['min']}"
    return f"{secs}\u00a0{u['s']}"
