"""The mail: what is sent and when. "Your turn" / "your answer is awaited", the 80 % reminder,
"game over" and the daily digest, each claimed once (``sending``), rendered in the player's
language (``rendering``), with a one-click unsubscribe (``links``, ``views``). A Django app,
label ``mail``.

It listens to the clock's signals (``receivers``) and reads the table's presence: no turn
mail to a player who has the game open. See MAIL.md.
"""
