"""The clock: nobody waits forever. Deadlines (``deadlines``: the rule; ``bookkeeping``: after
every change), timeouts and drops (``timeouts``), the beat sweeper (``sweeper``), countdown
tasks (``tasks``), away mode, votes against an absent player (``votes``), the host's timeout
policy and taking a seat back (``seats``). A Django app, label ``clock``.

It listens to the table's ``game_changed`` signal and adds its badges and controls to the
game page (``page``); it tells the mail about new decisions, reminders and the end through
its own signals (``signals``). See DEADLINES.md.
"""
