"""Every dispatch table of the engine, in one place, read top to bottom.

Which function handles a decision (moment and action type), the legal and default actions of
each moment, a decision frame whose players were all eliminated, and each stage of the turn's
action by power. ``engine`` and ``machine`` read these tables; the modules of the handlers
never import this one. (The finishers of counter-announcements are all in
``announcements``, which lists them in its own ``FINISH``.)
"""

from games.engines.complots import announcements, extensions, flow, legal, powers, setup
from games.engines.complots.frames import (
    ANNOUNCE,
    BLACKMAIL,
    BLOCK,
    CHALLENGE,
    CHOOSE,
    EXAMINE,
    EXCHANGE,
    GIVE,
    LOSE,
    PLAGUE,
    SHOW,
    SPLIT,
    SPY,
    TURN,
)

# -- decisions ---------------------------------------------------------------------------------

#: (moment, action type) -> handler(state, top frame, seat, action) of a legal action. The
#: engine copies the state first and runs ``machine.run`` after, unless the handler returns
#: False (a window only lost one of its players: nothing can run).
APPLY = {
    # the turn's action
    (TURN, "income"): powers.income,
    (TURN, "foreign_aid"): powers.foreign_aid,
    (TURN, "coup"): powers.coup,
    (TURN, "power"): powers.claim_power,
    (TURN, "convert"): extensions.convert,
    (TURN, "abuse_of_trust"): extensions.abuse_of_trust,
    (TURN, "plague"): extensions.give_plague,
    (TURN, "beggar"): extensions.give_beggar,
    # windows open to several players
    (CHALLENGE, "challenge"): flow.challenge,
    (CHALLENGE, "pass"): flow.pass_challenge,
    (BLOCK, "block"): powers.block,
    (BLOCK, "pass"): flow.pass_block,
    (ANNOUNCE, "announce"): announcements.announce,
    (ANNOUNCE, "pass"): announcements.pass_announcement,
    # one player's decisions
    (CHOOSE, "choose"): setup.choose,
    (LOSE, "lose"): flow.lose_chosen,
    (EXCHANGE, "exchange"): powers.finish_exchange,
    (SHOW, "show"): powers.show,
    (EXAMINE, "give_back"): powers.examine_decision,
    (EXAMINE, "force_discard"): powers.examine_decision,
    (GIVE, "give"): extensions.give,
    (SPLIT, "split"): extensions.split,
    (BLACKMAIL, "blackmail_choice"): extensions.blackmail_choice,
    (SPY, "spy_again"): extensions.spy_again,
    (SPY, "spy_stop"): extensions.spy_stop,
    (PLAGUE, "pass_plague"): announcements.pass_plague,
}

#: moment -> legal(state, top frame, seat): the tuple or list of shared legal actions
LEGAL = {
    TURN: legal.turn,
    CHALLENGE: legal.challenge_or_pass,
    BLOCK: legal.block,
    LOSE: legal.lose,
    EXCHANGE: legal.exchange,
    SHOW: legal.show,
    EXAMINE: legal.examine,
    ANNOUNCE: legal.announce,
    GIVE: legal.give,
    SPLIT: legal.split,
    BLACKMAIL: legal.blackmail,
    SPY: legal.spy,
    PLAGUE: legal.plague,
    CHOOSE: legal.choose,
}

#: moment -> default(state, top frame, seat): the action played for a player who timed out
DEFAULT = {
    TURN: legal.default_turn,
    CHALLENGE: legal.pass_,
    BLOCK: legal.pass_,
    LOSE: legal.default_lose,
    EXCHANGE: legal.default_exchange,
    SHOW: legal.default_show,
    EXAMINE: legal.default_examine,
    ANNOUNCE: legal.pass_,
    GIVE: legal.default_give,
    SPLIT: legal.default_split,
    BLACKMAIL: legal.default_blackmail,
    SPY: legal.default_spy,
    PLAGUE: legal.default_plague,
    CHOOSE: legal.default_choose,
}

# -- frames that are not decisions ---------------------------------------------------------

#: frame kind -> lapse(state, frame) once a decision frame lost every player it waited for
#: (it is already off the stack; the other kinds just close)
LAPSE = {
    CHALLENGE: flow.claim_stands,
    ANNOUNCE: announcements.close_announcements,
    EXCHANGE: powers.return_drawn,
}

# -- the turn's action, by power (a character, "foreign_aid" or "abuse_of_trust") ----------

#: power -> after(state, act frame) once its claim stands, before any block window; returns
#: the frame to go on with, or None when the action ends there or went on elsewhere
AFTER_CLAIM = {
    "illusionniste": extensions.after_illusionniste,  # the counter-announcement window
    "pape": extensions.after_pape,  # the counter-announcement window
    "bourreau": extensions.after_bourreau,  # the 3 Or go to the target, blocked or not
}

#: power -> blockers(state, act frame): the seats that may block it, when it is not the
#: target alone (targeted powers ask their target)
BLOCKERS = {
    "foreign_aid": powers.foreign_aid_blockers,
    "justicier": extensions.justicier_blockers,
}

#: power -> on_blocked(state, act frame) when a block stood
ON_BLOCKED = {
    "maitre_chanteur": extensions.blocked_maitre_chanteur,
}

#: power -> resolve(state, act frame) once it stood, unblocked (the frame is on top)
RESOLVE = {
    "foreign_aid": powers.resolve_foreign_aid,
    "duchesse": powers.resolve_duchesse,
    "assassin": powers.resolve_assassin,
    "capitaine": powers.resolve_capitaine,
    "ambassadeur": powers.resolve_exchange,
    "espion": powers.resolve_exchange,
    "inquisiteur": powers.resolve_inquisiteur,
    "ursuline": extensions.resolve_ursuline,
    "justicier": extensions.resolve_justicier,
    "bourreau": extensions.resolve_bourreau,
    "maitre_chanteur": extensions.resolve_maitre_chanteur,
    "abuse_of_trust": extensions.resolve_abuse,
}

#: stage -> run(state, act frame) for the stages of Complots 2 powers after their
#: counter-announcement window
STAGES = {
    "illusionniste": extensions.stage_illusionniste,
    "pape": extensions.stage_pape,
}
