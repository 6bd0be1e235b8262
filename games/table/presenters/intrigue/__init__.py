"""The Intrigue table: the island map (five castles, their slots, who sits where, the
advisors waiting at each door, the exiled), the open negotiation (petitioners, offers with
amounts), the viewer's own money, the move forms. Built from the engine's view only: the
money of the others is None there until the final scores, and nothing here reads it."""

from .table import present

__all__ = ["present"]
