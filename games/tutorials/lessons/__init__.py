"""The tutorials, one module per lesson, each with a ``TUTORIAL``; ``TUTORIALS`` by slug.

A game may have several lessons (its first one is named by its descriptor's ``tutorial``,
the one offered to a new account); the list page shows them all, in ``order``.
"""

from __future__ import annotations

from games.tutorials.lessons import (
    complots,
    complots2,
    intrigue,
    regicide,
    regicide_party,
    saint_barthelemy,
)

LESSONS = (complots, complots2, saint_barthelemy, regicide, regicide_party, intrigue)
TUTORIALS = {lesson.TUTORIAL.slug: lesson.TUTORIAL for lesson in LESSONS}


def tutorial_for(slug):
    """The tutorial of ``slug``, or None."""
    return TUTORIALS.get(slug) if isinstance(slug, str) else None


def next_lesson(slug):
    """The lesson of the same game that follows ``slug`` (by ``order``), or None."""
    current = tutorial_for(slug)
    if current is None:
        return None
    later = [t for t in TUTORIALS.values() if t.kind == current.kind and t.order > current.order]
    return min(later, key=lambda t: t.order) if later else None
