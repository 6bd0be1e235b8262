"""``{% load records %}{% player_record user %}``: a player's record (games finished, won,
abandoned, deadlines missed), rendered by ``games/_player_record.html``."""

from django import template

from games.table.records import player_record as _player_record

register = template.Library()


@register.inclusion_tag("games/_player_record.html")
def player_record(user, compact=True):
    return {"record": _player_record(user), "record_user": user, "compact": compact}
