"""On each move, publish through Pushpin what our fan-out sends (see the package)."""

import json
import logging
import re

from django.apps import AppConfig

log = logging.getLogger(__name__)
REVISION = re.compile(r'data-revision="(\d+)"')


def publish(game_id, seq, rev, chat=None):
    from django.test import Client
    from django_eventstream import send_event

    from eventstream_trial import channels
    from games.table.views import spectators

    notice = {"seq": int(seq), "rev": int(rev)}
    if chat is not None:
        notice["chat"] = chat
    compact = {"separators": (",", ":")}
    send_event(
        channels.players(game_id), "changed", json.dumps(notice, **compact), json_encode=False
    )
    if not spectators.is_public(game_id):
        return
    # the anonymous spectators' panel, rendered once for all of them by the site's own panel
    # view (the default language and time zone: one channel per language in a real use)
    response = Client().get(
        f"/games/{int(game_id)}/panel/?spectator=1", secure=True, headers={"host": "127.0.0.1"}
    )
    html = response.content.decode()
    found = REVISION.search(html)
    if response.status_code != 200 or not found or "csrfmiddlewaretoken" in html:
        send_event(
            channels.public(game_id), "changed", json.dumps(notice, **compact), json_encode=False
        )
        return
    send_event(
        channels.public(game_id),
        "changed",
        json.dumps({**notice, "push": True}, **compact),
        json_encode=False,
    )
    send_event(
        channels.public(game_id),
        "panel",
        json.dumps({"rev": int(found.group(1)), "html": html}, **compact),
        json_encode=False,
    )


class TrialConfig(AppConfig):
    name = "eventstream_trial"
    label = "eventstream_trial"

    def ready(self):
        from games.table import live

        site_publish = live.publish_change

        def publish_change(game_id, seq, rev, chat=None):
            try:
                publish(game_id, seq, rev, chat)
            except Exception:  # as the site's: a move stands when publishing fails
                log.warning("eventstream trial: could not publish game %s", game_id, exc_info=True)
            return site_publish(game_id, seq, rev, chat)

        live.publish_change = publish_change
