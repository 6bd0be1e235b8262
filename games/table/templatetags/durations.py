"""`{{ deadline|time_left }}` and `{% time_units %}`: the one wording of the time left
(`games.table.durations`)."""

import json

from django import template
from django.utils.translation import gettext

from games.table import durations

register = template.Library()


@register.filter
def time_left(deadline):
    return durations.time_left(deadline)


@register.simple_tag
def time_units():
    """The unit words and the "in %(left)s" of the active language as JSON, for the
    countdown's script (a data attribute)."""
    words = {**durations.units(), "in": gettext("in %(left)s")}
    return json.dumps(words, ensure_ascii=False)
