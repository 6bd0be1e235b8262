"""The Complots presenter: the engine's view of one player -> the table's template context
(`table.present`), the legal actions as grouped buttons (`actions.group_actions`), and the
characters' cards (`cards`)."""

from games.table.presenters.complots.actions import group_actions
from games.table.presenters.complots.table import pending_context, present

__all__ = ["group_actions", "pending_context", "present"]
