"""Views of the games pages, split by concept: `lobby` (tables and seats), `play` (the game
page, moves, polling, chat) and `finished` (replay, verification, log download). The live
stream is in `games.table.views.live`."""
