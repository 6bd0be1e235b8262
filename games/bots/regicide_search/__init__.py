"""The Regicide ``strong`` bot: a search over the cards its seat cannot see.

``search`` holds the bot; ``sample`` reads the view (and its public log) into what the seat
knows and deals the unknown cards at random into positions it cannot tell from the real
one; ``policy`` is the fast player the positions are played out with.
"""

from games.bots.regicide_search.search import StrongBot

__all__ = ["StrongBot"]
