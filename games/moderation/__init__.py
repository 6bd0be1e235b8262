"""Moderation: players' reports, moderators' decisions on games (abort, kick, extend a
deadline, hide a message) and on users (mute, ban), the audit list, the readable timeline of
a game (``timeline``) and the admin, which is the moderators' room (``admin``). A Django
app, label ``moderation``; its permissions are ``moderation.*``.

Writes go through ``services``; ``receivers`` refuse a muted or banned user's chat and moves
whatever writes them; ``page`` adds the report links and the chat mute to the game page.
See MODERATION.md.
"""
