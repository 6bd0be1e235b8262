"""The tutorials, one module per lesson, each with a ``TUTORIAL``; ``TUTORIALS`` by slug."""

from __future__ import annotations

from games.tutorials.lessons import complots, intrigue, regicide

TUTORIALS = {lesson.TUTORIAL.slug: lesson.TUTORIAL for lesson in (complots, regicide, intrigue)}


def tutorial_for(slug):
    """The tutorial of ``slug``, or None."""
    return TUTORIALS.get(slug) if isinstance(slug, str) else None
