"""Standing orders: answers the platform plays for a player who set them in advance.

Pure functions of what the player may know (their own view and legal actions): an order
never uses anything hidden from them, and acts only when the player is waited for.
"""

PASS_UNTARGETED = "pass_untargeted"
NEVER_CHALLENGE = "never_challenge"
BLOCK_FOREIGN_AID = "block_foreign_aid"
PASS_UNTIL_TURN = "pass_until_turn"

STANDING_ORDERS = (PASS_UNTARGETED, NEVER_CHALLENGE, BLOCK_FOREIGN_AID, PASS_UNTIL_TURN)

_WINDOWS = ("challenge", "block", "announce")
_PASS = {"type": "pass"}
# actions that take from every opponent (or from the richest): they concern everyone
_AGAINST_ALL = ("pape", "justicier")


def _concerns(pending, player):
    """True when the open question is about ``player``: their own turn's action, an action
    targeting them (or every opponent), or a decision that is theirs (Sorcière, Comtesse)."""
    if pending.get("player") == player or pending.get("decider") == player:
        return True
    action = pending.get("action") or {}
    if action.get("target") == player:
        return True
    if action.get("type") == "power" and action.get("character") in _AGAINST_ALL:
        return True
    claim = pending.get("claim") or {}
    return claim.get("player") == player


def answer_uses_hidden(view, player, orders):
    """True when ``standing_answer`` looks at the player's hidden cards now: the block window
    of an Aide Étrangère under ``block_foreign_aid`` (it blocks only with a real Duchesse, so
    its answer, block or pass, tells what the player holds). Every other order answers from
    public facts alone (the moment, who is targeted)."""
    pending = view.get("pending") or {}
    action = pending.get("action") or {}
    return (
        BLOCK_FOREIGN_AID in orders
        and pending.get("moment") == "block"
        and action.get("type") == "foreign_aid"
        and player in (pending.get("waiting_for") or ())
    )


def standing_answer(view, legal, player, orders):
    """``(action or None, orders left)`` for ``player`` with ``orders`` (a set of slugs).

    - ``block_foreign_aid``: in the block window of an Aide Étrangère, block with a live card
      of the player's that blocks it (the Duchesse), else pass: it answers either way, so
      whether and when it acts tells nothing about the player's cards.
    - ``pass_until_turn``: pass in every window until the player's own turn, when it lapses.
    - ``never_challenge``: pass in every challenge window.
    - ``pass_untargeted``: pass in a window whose question is not about the player.
    """
    left = set(orders)
    pending = view.get("pending")
    if pending is None:
        return None, left
    moment = pending.get("moment")
    if PASS_UNTIL_TURN in left and moment == "turn" and pending.get("player") == player:
        left.discard(PASS_UNTIL_TURN)
    if player not in (pending.get("waiting_for") or ()) or _PASS not in legal:
        return None, left
    action = pending.get("action") or {}
    if BLOCK_FOREIGN_AID in left and moment == "block" and action.get("type") == "foreign_aid":
        mine = [
            card["character"]
            for seat in view["players"]
            if seat["id"] == player
            for card in seat["cards"]
            if not card["lost"]
        ]
        for character in pending.get("blockers") or ():
            block = {"type": "block", "character": character}
            if character in mine and block in legal:
                return block, left
        return dict(_PASS), left
    if moment not in _WINDOWS:
        return None, left
    if PASS_UNTIL_TURN in left:
        return dict(_PASS), left
    if NEVER_CHALLENGE in left and moment == "challenge":
        return dict(_PASS), left
    if PASS_UNTARGETED in left and not _concerns(pending, player):
        return dict(_PASS), left
    return None, left
