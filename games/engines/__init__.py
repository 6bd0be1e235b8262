"""Pure rules engines for the games of the site.

The contract is ``docs/engines.md`` and the readings of the rules ``docs/rulings.md`` (both at
the repository root); ``Engine`` in ``base`` documents every method and its default.

Every engine is driven through the same surface::

    from games.engines import get_engine, IllegalAction

    engine = get_engine("complots")
    state = engine.new_game(["alice", "bob", "carol"], options=None, seed=b"...")
    engine.legal_actions(state, "alice")
    state = engine.apply(state, "alice", {"type": "income"})

No engine imports Django, Celery, ``random``, ``time``, ``datetime`` or anything networked.
"""

from games.engines.base import Engine, IllegalAction, SeededRandom, decision_key_of
from games.engines.registry import (
    available_engines,
    get_engine,
    register_engine,
    unregister_engine,
)

__all__ = [
    "Engine",
    "IllegalAction",
    "SeededRandom",
    "available_engines",
    "decision_key_of",
    "get_engine",
    "register_engine",
    "unregister_engine",
]
