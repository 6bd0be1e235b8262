"""What the layers above the table add to the game page, without the table importing them.

A provider is a function `provider(request, game_view, context) -> dict`, registered by its
app's `ready` (`register`). The table builds the page context (players, table, chat, the
public facts of each seat in `context["seat_infos"]`, keyed by player id), then calls the
providers in registration order (the order of INSTALLED_APPS: the clock, then moderation).
A provider may add keys to each seat's info dict and returns keys for the page context.
The chat's own fragment calls them too, with `context["part"] == CHAT` and no seats.

Templates of the providers are included at named places of the page through
`context["page_blocks"]`: a dict of lists of template names, filled with `add_block`:

- "seat": under each seat (context: `info`, `player`, `game`, `state_seq`)
- "open": in the waiting room of an open game
- "chat": under the chat
- "chat_message": after each chat message (context: `message`)
- "page": at the end of the game page, outside the panel (e.g. the tutorial's step box;
  a template may bring its own static script there)

Everything a provider adds must be public, or the viewer's own: the providers receive the
viewer's `GameView`, never the state.

What a provider reads of the game or its seats goes through one-to-one relations loaded
with the page's own queries (`read_with`, read back with `loaded`), so that the page's
queries stay a small constant.

The lobby has its own providers (`register_lobby`): `provider(request, context) -> dict`,
whose templates are included below the lobby's sections through `context["lobby_blocks"]`
(`add_lobby_block`), e.g. the bots' "practice against bots" form; in each open table's row
(`context["open_games"]`, each `item` with its `game`) a provider adds a few words of its own
(`add_lobby_item_note`), written in Python: a template included per row would cost a busy
lobby more than the words it gives.

The public profile has its own (`register_profile`): `provider(request, player, context) ->
dict`, whose templates are included below the record through `context["profile_blocks"]`
(`add_profile_block`), e.g. the ratings and their history.
"""

from __future__ import annotations

from django.core.exceptions import ObjectDoesNotExist

PROVIDERS: list = []
# `context["part"]`: the whole page (or its panel), or only the chat's messages fragment.
PAGE = "page"
CHAT = "chat"
BLOCK_PLACES = ("seat", "open", "chat", "chat_message", "page")


def register(provider) -> None:
    """Add a provider to the game page (once)."""
    if provider not in PROVIDERS:
        PROVIDERS.append(provider)


def add_block(context, place: str, template: str) -> None:
    """Include `template` at `place` of the page (see the module's docstring)."""
    if place not in BLOCK_PLACES:
        raise ValueError(f"Unknown place {place!r} of the game page")
    blocks = context.setdefault("page_blocks", {p: [] for p in BLOCK_PLACES})
    if template not in blocks[place]:
        blocks[place].append(template)


def contribute(request, game_view, context) -> dict:
    """Run every provider on `context` (updated in place, and returned)."""
    context.setdefault("page_blocks", {p: [] for p in BLOCK_PLACES})
    context.setdefault("part", PAGE)
    context.setdefault("seat_infos", {})
    for provider in PROVIDERS:
        context.update(provider(request, game_view, context) or {})
    return context


# Relations the providers read, loaded with the rows of the game page (`read_with`): the
# game's query and its seats' query `select_related` them, so a provider's badges cost no
# query of their own. One-to-one relations only (a seat's `clock`, its user's
# `bot_account`...); a provider reads them with `loaded` and queries itself when it was
# handed rows without them.
GAME_RELATED: list[str] = []
SEAT_RELATED: list[str] = []


def read_with(*, game=(), seat=()) -> None:
    """Have the game page load these relations of the game and of its seats (once each)."""
    for target, paths in ((GAME_RELATED, game), (SEAT_RELATED, seat)):
        for path in paths:
            if path not in target:
                target.append(path)


MISSING = object()


def loaded(instance, path: str, default=MISSING):
    """The related object at `path` ("clock", "user__bot_account") of `instance` when the
    query that read it loaded it (None when there is none), else `default` (MISSING)."""
    for name in path.split("__"):
        if instance is None:
            return None
        descriptor = getattr(type(instance), name, None)
        if descriptor is None or not descriptor.is_cached(instance):
            return default
        try:
            instance = getattr(instance, name)
        except ObjectDoesNotExist:
            return None
    return instance


LOBBY_PROVIDERS: list = []


def register_lobby(provider) -> None:
    """Add a provider to the lobby page (once)."""
    if provider not in LOBBY_PROVIDERS:
        LOBBY_PROVIDERS.append(provider)


def add_lobby_block(context, template: str) -> None:
    """Include `template` below the lobby's sections."""
    blocks = context.setdefault("lobby_blocks", [])
    if template not in blocks:
        blocks.append(template)


def add_lobby_item_note(item, name: str, words: str) -> None:
    """Show `words` (plain text, escaped when shown) in an open table's row of the lobby, in a
    span of class `game-<name>` (test id `open-game-<name>`)."""
    item.setdefault("notes", []).append((name, words))


def lobby_contribute(request, context) -> dict:
    """Run every lobby provider on `context` (updated in place, and returned)."""
    context.setdefault("lobby_blocks", [])
    for provider in LOBBY_PROVIDERS:
        context.update(provider(request, context) or {})
    return context


# Moves posted from the game page (`views.play.action_post`) go through these hooks, which
# the layers above register in their apps' `ready` (the tutorials):
# - a check `check(user, game_id, action) -> str | None` runs before the move is submitted;
#   a message refuses it: nothing is played and the message is shown to the player (a
#   tutorial's "try the Duchesse here"). A check must be cheap for ordinary games.
# - an after-hook `hook(user, game_id, event)` runs once the player's move is played,
#   before the panel is rendered (a tutorial's scripted opponents answer it).
MOVE_CHECKS: list = []
AFTER_MOVE: list = []


def register_move_check(check) -> None:
    """Add a check run before every move posted from the game page (once)."""
    if check not in MOVE_CHECKS:
        MOVE_CHECKS.append(check)


def register_after_move(hook) -> None:
    """Add a hook run after every move played from the game page (once)."""
    if hook not in AFTER_MOVE:
        AFTER_MOVE.append(hook)


def move_refusal(user, game_id, action) -> str | None:
    """The first check's message refusing this move, or None: play it."""
    for check in MOVE_CHECKS:
        message = check(user, game_id, action)
        if message:
            return str(message)
    return None


def after_move(user, game_id, event) -> None:
    for hook in AFTER_MOVE:
        hook(user, game_id, event)


# A player's public profile (`views.players.player_profile`) takes contributions too:
# `provider(request, player, context) -> dict`, whose templates (`add_profile_block`) are
# included below the record, e.g. the tutorials the player finished. Public facts only.
PROFILE_PROVIDERS: list = []


def register_profile(provider) -> None:
    """Add a provider to the public profile page (once)."""
    if provider not in PROFILE_PROVIDERS:
        PROFILE_PROVIDERS.append(provider)


def add_profile_block(context, template: str) -> None:
    """Include `template` below the profile's record."""
    blocks = context.setdefault("profile_blocks", [])
    if template not in blocks:
        blocks.append(template)


def profile_contribute(request, player, context) -> dict:
    """Run every profile provider on `context` (updated in place, and returned)."""
    context.setdefault("profile_blocks", [])
    for provider in PROFILE_PROVIDERS:
        context.update(provider(request, player, context) or {})
    return context
