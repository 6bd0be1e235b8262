"""What the platform knows of one game, in one object: `GameDescriptor`.

The platform (lobby, game page, chat, clock, mail, bots' seats, moderation) never names a
game: it asks the descriptor of a game's kind (`games.table.descriptors.descriptor_for`).
A descriptor's defaults make a playable game of any engine of the registry: the generic
presenter (players, log, one button per legal action), free chat, no create-form fields
of its own, no bots. A game overrides what it has of its own.
"""

from __future__ import annotations

from django.utils.translation import gettext as _
from django.utils.translation import ngettext, pgettext_lazy

from games.engines import get_engine
from games.table.presenters.base import action_json, present_generic

# Resigning is never an ordinary move: it gets its own guarded control ("Abandon the game"),
# so it is taken out of the move buttons and handed over as `resign_action`.
RESIGN = "resign"

# The words of the answers a window offers, by action type, for `question`.
ANSWER_WORDS = {
    "challenge": pgettext_lazy("answer", "challenge"),
    "block": pgettext_lazy("answer", "block"),
    "pass": pgettext_lazy("answer", "pass"),
}


class GameDescriptor:
    """One game as the platform sees it. Subclass it, set what differs, and register an
    instance (`games.table.descriptors.register_descriptor`, or a module of this package
    with a `DESCRIPTOR`)."""

    #: The engine's registry name, stored as `Game.kind` (French for the game's own words).
    slug = ""
    #: The game's name (translated lazily) and a sentence for the home page.
    name = ""
    summary = ""
    #: Place on the home page (lowest first).
    order = 100
    #: Static stylesheets the game's page adds (known before the start, so the table drawn
    #: after the start is styled without a reload).
    stylesheets: tuple[str, ...] = ()
    #: Chat: None for free text; else an object with `chat_phrases(view, viewer)` (None:
    #: free text now, or the list of phrases the rules allow) and `phrase_text(phrase)`.
    chat = None
    #: True when the chat has private lines between two players (whispered promises).
    whispers = False
    #: True when the players win or lose all together (the mail says "won"/"lost" to all).
    cooperative = False
    #: The bots' levels of this game (`games.bots.available_levels`) -> their labels.
    bot_levels: dict = {}
    #: The level preselected for a dropped seat's takeover ("": the first level).
    bot_default_level = ""
    #: Offered first in the create form.
    default_choice = False
    #: The slug of the game's tutorial (`games.tutorials`), offered to a new account on the
    #: first page of this game it opens; "" for none.
    tutorial = ""

    def __init__(self, slug: str | None = None, **attributes):
        if slug is not None:
            self.slug = slug
        for key, value in attributes.items():
            if not hasattr(type(self), key):
                raise TypeError(f"GameDescriptor has no attribute {key!r}")
            setattr(self, key, value)
        if not self.slug:
            raise ValueError("A game descriptor needs its engine's slug")

    def __repr__(self):
        return f"<{type(self).__name__} {self.slug}>"

    @property
    def players(self) -> str:
        """How many play it, in words ("2 to 8 players"), from the engine's player counts."""
        engine = get_engine(self.slug)
        low, high = engine.min_players, engine.max_players
        if low == high:
            return ngettext("%(n)d player", "%(n)d players", low) % {"n": low}
        return _("%(min)d to %(max)d players") % {"min": low, "max": high}

    @property
    def solo(self) -> bool:
        """True when one player may play it alone (the engine takes a single player): the
        create form's "One seat: a solo game" hint shows for it only."""
        return get_engine(self.slug).min_players == 1

    @property
    def label(self) -> str:
        """The game's name in the active language."""
        return str(self.name) if self.name else self.slug.capitalize()

    # --- the table ------------------------------------------------------------------------

    def presenter(self, *, view, viewer, legal_actions, names, lang, describe=None) -> dict:
        """Template context of the table (see games.table.presenters): the generic table."""
        return present_generic(
            view=view,
            viewer=viewer,
            legal_actions=legal_actions,
            names=names,
            lang=lang,
            describe=describe,
        )

    def present(self, *, view, viewer, legal_actions, names, lang, describe=None) -> dict:
        """The table for `viewer` (None: a spectator), from their view and legal actions
        only, with the resign action taken out of the moves (`resign_action`)."""
        ordinary = [a for a in legal_actions if a.get("type") != RESIGN]
        resign = next((a for a in legal_actions if a.get("type") == RESIGN), None)
        table = self.presenter(
            view=view,
            viewer=viewer,
            legal_actions=ordinary,
            names=names,
            lang=lang,
            describe=describe,
        )
        table["resign_action"] = action_json(resign) if resign is not None else ""
        return table

    def question(self, *, view, viewer, legal_actions, names) -> str:
        """The open question for `viewer`, in one sentence of the active language, from
        their view and legal actions only (public facts and their own): "Alice claims
        Foreign Aid: block or pass?". Mails, pushes and the one-tap page show it. Empty
        when `viewer` has nothing to decide."""
        moves = [a for a in legal_actions if a.get("type") != RESIGN]
        if not moves:
            return ""
        answers = answer_words(moves)
        if answers:
            return _("Your answer is awaited: %(answers)s?") % {"answers": answers}
        return str(_("Your move."))

    #: The window answers that need no choice (the action is exactly `{"type": ...}`): a
    #: player may give one in one tap from a notification or a mail's link.
    one_tap_types: tuple[str, ...] = ("pass",)

    def one_tap_answer(self, legal_actions) -> dict | None:
        """The answer a one-tap button gives among `legal_actions`, or None."""
        for kind in self.one_tap_types:
            if {"type": kind} in legal_actions:
                return {"type": kind}
        return None

    def one_tap_label(self, action) -> str:
        """The one-tap button's word ("Pass")."""
        word = ANSWER_WORDS.get(action.get("type"))
        return str(word).capitalize() if word is not None else str(_("Answer"))

    def action_label(self, action, names) -> str:
        """A played action in words for the replay ("Income", "Block: the Duchesse")."""
        groups = present_generic(
            view={}, viewer=None, legal_actions=[action], names=names, lang="en"
        )["action_groups"]
        if not groups:
            return ""
        return f"{groups[0].title}: {groups[0].buttons[0].label}"

    def reveal(self, *, steps, names) -> dict | None:
        """The end-of-game reveal: the story with its hidden parts shown, from `steps` (the
        whole event log replayed once the game is over, `games.table.reveal.RevealStep`:
        every seat's view before and after each event, and the public log lines it added).
        Returns the context of the template named by its `"template"` key (with a
        `"title"`), shown on the finished page and in the replay, or None: no reveal (the
        default; the finished table and the replay still show every card)."""
        return None

    # --- the create form ------------------------------------------------------------------

    def form_fields(self) -> dict:
        """The create form's fields of this game only (name -> form field), shown as rows
        after the common ones; names are shared by every game of the site."""
        return {}

    def form_fieldsets(self) -> list[dict]:
        """Groups of this game's fields shown apart: `{"name", "legend", "css", "fields"}`
        (`fields`: names of `form_fields`), after the rows."""
        return []

    def clean_form(self, form, data: dict) -> None:
        """Check this game's fields in the cleaned `data` (`form.add_error` for each)."""

    def options_from(self, data: dict) -> dict:
        """The engine options of a valid form's cleaned `data`."""
        return {}

    def settings_words(self, options: dict) -> list[str]:
        """The game's options in words for the lobby and the page ("random characters")."""
        return []

    # --- standing: ratings and records ------------------------------------------------------

    def rating_pools(self) -> dict:
        """The game's rating pools: slug -> label. A player has one rating per pool; none
        (the default): the game is never rated (a cooperative game)."""
        return {}

    def rating_pool(self, seats: int, options: dict) -> str | None:
        """The pool a game of `seats` players with these engine options counts in (a slug
        of `rating_pools`), or None: not rated. Default: the only pool, if exactly one."""
        pools = list(self.rating_pools())
        return pools[0] if len(pools) == 1 else None

    def ranks(self, outcome: dict, view: dict) -> dict[str, int]:
        """How a finished game ranks its players: {player id: rank}, 1 the best, equal
        ranks for a tie. From the engine's `outcome` and the final public view (`view(state,
        None)`: nothing hidden). Default: the winners first, every other player tied after
        them. The platform then puts the players who left below everyone still in."""
        winners = outcome.get("winners") if isinstance(outcome, dict) else None
        winners = set(winners) if isinstance(winners, list) else set()
        players = [p.get("id") for p in view.get("players", []) if isinstance(p, dict)]
        return {p: 1 if p in winners else 2 for p in players if isinstance(p, str)}

    #: The word of the game's `score` on the profile ("enemies defeated"); empty: no score.
    score_label = ""

    def score(self, outcome: dict, view: dict) -> int | None:
        """How far a finished game went, for the records of the profile (its best game,
        its total): a number the higher the better, or None (the default: no score)."""
        return None


def answer_words(moves) -> str:
    """ "challenge, block or pass" for the window answers among `moves` (empty if none)."""
    words = []
    for move in moves:
        word = ANSWER_WORDS.get(move.get("type"))
        if word is not None and str(word) not in words:
            words.append(str(word))
    if not words:
        return ""
    if len(words) == 1:
        return words[0]
    return _("%(some)s or %(last)s") % {"some": ", ".join(words[:-1]), "last": words[-1]}
