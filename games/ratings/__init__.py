"""Standing: ratings per game pool, leaderboards, and reliability beside every name.

- **Ratings** (`openskill`, Weng-Lin Plackett-Luce): one rating per player and pool (a
  game's descriptor names its pools and ranks its players: `GameDescriptor.rating_pools`,
  `rating_pool`, `ranks`). A rated game's end gets the next number of one site-wide
  sequence (`RatedGame.seq`) and updates its players' ratings in the transaction that ends
  it (`services.on_game_over`, on the table's `game_over` signal). The ratings are a
  projection of the finished games in that order: `manage.py ratings_rebuild` recomputes
  them and gives exactly the stored values; a moderator's void (a `rating_void` moderation
  event, `services.rated_game_void`) leaves a game out.
- **Reliability**: per finished game and player a `SeatResult` (decisions, timeouts, the
  unfair ones of the old deadline rule left out, abandon), summed over their last 20 games
  (`reliability.reliabilities`); a host's `TableCondition` refuses the players over a
  share of timeouts.
- **Records** of the games without ratings (cooperative): wins by player count, medals,
  the descriptor's `score` (best game, total), from the same `SeatResult` rows.
"""
