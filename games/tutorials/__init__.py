"""Learn by playing: a tutorial per game, from its rulebook's examples.

A tutorial is a real game of the site (the same page, engine and log) from a rigged deal
(``options["setup"]``), against bots whose moves are given: ``lessons/`` holds one module
per tutorial, its steps as data (``steps.Tutorial`` and ``steps.Step``: setup, opening
moves, text, page part pointed at, expected move, the opponents' moves that follow).

- **The game** (``services.tutorial_start``): ``games.bot_seats.services.practice_start(...,
  tutorial=True)`` makes a private game flagged ``Game.tutorial``: no clock (no deadline, no
  timeout, no reminder, nothing in the records' missed deadlines), no mail (the clock tells
  the mail nothing of it), never rated or counted in the records, no rematch, not counted in
  the practice-game limits, in no lobby (private). Its bots never move by themselves; the
  script plays their moves through ``games.table.services.action_submit``. Standing orders
  are off. A new try closes the previous one (its game aborted, kept in the log, hidden
  from the player's lists like every tutorial game over).
- **The steps**: the game page shows a step box (a "page" block of ``games.table.page``,
  ``templates/tutorials/_box.html``, ``static/tutorials/js/tutorial.js``) whose text is
  announced to screen readers (aria-live); it outlines the page part the step talks about
  and the button of the expected move. The table's move hooks (``register_move_check``,
  ``register_after_move``) refuse any other move with a friendly hint, before it reaches
  ``action_submit``, and play the opponents' answers after the expected one.
- **Progress**: ``TutorialRun`` (the step reached; left and resumed from ``/tutorials/``),
  ``TutorialCompletion`` (on the player's public profile, kept for good), ``TutorialOffer``
  (a new account is offered the tutorial of the first game whose page it opens).

Each game's descriptor names its first tutorial (``GameDescriptor.tutorial``, docs/games.md);
a game may have more, which follow it by ``order`` (``lessons.next_lesson``: a finished
lesson offers the next one of its game).
``tests/tutorials/`` walks every step of every tutorial through the engine and the services,
and plays each to the end in Chromium in both languages.

Layers: above the bots' seats (starts its games with ``practice_start``) and the table,
below the mail (which knows nothing of it).
"""
