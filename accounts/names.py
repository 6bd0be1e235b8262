"""Names other players see (display names and usernames): no invisible characters, and
none that can be mistaken for another player's name.

Two names are confusable when they have the same skeleton: each character, after NFKC
normalisation and case folding, replaced by the smallest of itself and its homoglyphs in
Unicode's confusables list (UTS #39 data, from the maintained `confusable_homoglyphs`
package, not a table of ours). "Аlice" (Cyrillic А), "A1ice" and "ＡLICE" all have the
skeleton of "Alice".
"""

from __future__ import annotations

import functools
import unicodedata

from confusable_homoglyphs import confusables
from django.contrib.auth import get_user_model
from django.core.exceptions import ValidationError
from django.utils.translation import gettext_lazy as _

INVISIBLE = _("A name cannot contain invisible characters.")
CONFUSABLE = _(
    "This name can be mistaken for another player's name: choose one that looks different."
)

# Control, format (zero-width spaces and joiners, soft hyphen, bidi marks), private use,
# unassigned, surrogates, and line or paragraph separators.
_INVISIBLE_CATEGORIES = {"Cc", "Cf", "Co", "Cn", "Cs", "Zl", "Zp"}
# Letters and symbols that are drawn blank (Unicode's Default_Ignorable fillers, braille
# blank); Python's unicodedata does not expose that property.
_BLANK_CHARACTERS = {"\u115f", "\u1160", "\u3164", "\uffa0", "\u2800"}


def has_invisible(name: str) -> bool:
    for char in name:
        if char in _BLANK_CHARACTERS:
            return True
        category = unicodedata.category(char)
        if category in _INVISIBLE_CATEGORIES:
            return True
        if category == "Zs" and char != " ":
            return True  # spaces other than the plain one (the forms collapse whitespace)
    return False


@functools.lru_cache(maxsize=4096)
def _representative(char: str) -> str:
    """The smallest of `char` and its single-character homoglyphs."""
    found = confusables.confusables_data.get(char) or []
    options = [char]
    for homoglyph in found:
        text = homoglyph["c"].strip("\u200e\u200f")  # the data wraps right-to-left ones
        if len(text) == 1:
            options.append(text)
    return min(options)


def skeleton(name: str) -> str:
    """What a name looks like: equal skeletons, names that can be taken for each other."""
    text = unicodedata.normalize("NFKC", " ".join(name.split())).casefold()
    text = "".join(_representative(char) for char in text)
    # Folding again after the mapping: a homoglyph may be an upper-case letter ("l" -> "I").
    return "".join(_representative(char) for char in text.casefold())


def names_in_use(exclude_user_id=None):
    """Every name other players see or log in with: usernames and display names."""
    from .models import Profile

    users = get_user_model().objects.all()
    profiles = Profile.objects.exclude(display_name="")
    if exclude_user_id is not None:
        users = users.exclude(pk=exclude_user_id)
        profiles = profiles.exclude(user_id=exclude_user_id)
    yield from users.values_list("username", flat=True).iterator()
    yield from profiles.values_list("display_name", flat=True).iterator()


def validate_name(name: str, *, user_id=None) -> None:
    """Raise ValidationError when `name` has invisible characters or can be mistaken for
    another user's name (`user_id`'s own names excepted)."""
    if has_invisible(name):
        raise ValidationError(INVISIBLE, code="invisible")
    wanted = skeleton(name)
    if any(skeleton(other) == wanted for other in names_in_use(user_id)):
        raise ValidationError(CONFUSABLE, code="confusable")
