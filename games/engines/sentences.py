"""Sentences the platform translates: what an engine's ``describe`` returns.

Engines cannot import Django, so they never translate. A ``Sentence`` is a ``str`` (its
English text: it prints, compares, joins and serializes as plain English) that also carries
an English template marked with ``N_`` (or a plural pair marked with ``Nn_``) and the
parameters to fill it with. The site's ``makemessages`` extracts both markers; the French
lives in the site's catalogue. The platform shows a sentence in the reader's language with
``render`` and Django's gettext (``games.table.sentences.localize``):

1. Template. ``gettext(template)``; a plural pair ``Nn_("%(count)s coin", "%(count)s
   coins")`` goes through ``ngettext(singular, plural, params["count"])``, so each language
   applies its own plural rule (French: 0 and 1 are singular). A template nobody marked (the
   glue of ``joined``) is not in the catalogue and stays as it is.
2. Nested words. A parameter that is itself a game word (a character with its article, an
   advisor, an amount of coins) is a ``Sentence``: it is rendered the same way, in the same
   language, before it is put in. An ``Amount`` is a number written with the language's
   thousands separator. Any other value (a card label, a count) is put in as it is.
3. Elision. Where the translated template writes "de ", "que ", "le " or "la " (or the
   same capitalized) right before a parameter whose value is a ``Name`` (a player's display
   name) or a nested word, and that value starts with a vowel or an h, the word is elided
   with a typographic apostrophe: "de %(player)s" gives "d’Alice" but "de Bob", "que
   %(x)s" gives "qu’Ève". Plain strings (card labels: "de A♣") never elide.
4. Capital. A nested word that opens the sentence starts with a capital ("La Reine de
   Cœur attaque") unless its own template opens with a parameter: a player's name is written
   as its player spells it ("alice's Writer 1 is exiled").

A translated template that does not fit its parameters (a bad catalogue entry) falls back
to the English one. This module is pure Python, like every engine.
"""

import re
from typing import NamedTuple


class Plural(NamedTuple):
    """The two English forms of a template chosen by its ``count`` parameter."""

    singular: str
    plural: str


def Nn_(singular: str, plural: str) -> Plural:  # noqa: N802 (a gettext-style marker)
    """Mark a plural pair of English templates for extraction (the ``N_`` of ``ngettext``);
    the sentence's ``count`` parameter picks the form."""
    return Plural(singular, plural)


class Name(str):
    """A player's display name: put in as written, French elision applies ("d’Alice")."""

    __slots__ = ()


class Amount(int):
    """A number written with thousands separators: "10,000" in English."""

    __slots__ = ()

    def __str__(self):
        return f"{int(self):,}"


def _english_plural(singular, plural, n):
    return singular if n == 1 else plural


_ELIDABLE = re.compile(r"(?<![^\W\d_])(de|que|le|la|De|Que|Le|La) (%\((\w+)\)s)")
_ELIDED = {"de": "d’", "que": "qu’", "le": "l’", "la": "l’"}
_VOWELS = frozenset("aeiouyhàâäéèêëîïôöûü")


def _starts_with_vowel(text: str) -> bool:
    return text[:1].lower() in _VOWELS


class Sentence(str):
    """An English sentence (the ``str`` value) with its template and parameters.

    ``Sentence(N_("%(player)s resigns."), player=Name("Bob"))``; ``template`` may be a
    ``Plural`` (``Nn_``) whose ``count`` parameter picks the form. See the module's
    docstring for how the platform translates it.
    """

    def __new__(cls, template, params=None, /, **kwargs):
        params = {**(params or {}), **kwargs}
        self = super().__new__(cls, _render(template, params, None, None, None, None))
        self.template = template
        self.params = params
        return self

    def render(self, gettext=None, ngettext=None, amount=None) -> str:
        """The sentence with ``gettext(template)`` (``ngettext(singular, plural, n)`` for a
        plural) and ``amount(n)`` (the text of an ``Amount``) of a language; without them,
        the English text."""
        if gettext is None and ngettext is None and amount is None:
            return str(self)
        return _render(self.template, self.params, gettext, ngettext, amount, None)


def _render(template, params, gettext, ngettext, amount, capital) -> str:
    """The text of a template and its parameters; ``capital``: ``None`` for a whole
    sentence, ``True`` for a word that opens one, ``False`` for a word within one."""
    english = _choose(template, params, None, None)
    translated = _choose(template, params, gettext, ngettext)
    text = _fill(translated, params, gettext, ngettext, amount, capital)
    if text is None and translated != english:
        text = _fill(english, params, gettext, ngettext, amount, capital)
    return text if text is not None else english


def _choose(template, params, gettext, ngettext) -> str:
    if isinstance(template, Plural):
        count = params.get("count")
        n = count if isinstance(count, int) and not isinstance(count, bool) else 2
        return (ngettext or _english_plural)(template.singular, template.plural, n)
    template = str(template)
    return gettext(template) if gettext is not None and template else template


def _fill(template, params, gettext, ngettext, amount, capital):
    """``template`` filled in (``None`` when it does not fit the parameters)."""
    if not params:
        text = template
    else:
        values = {}
        for key, value in params.items():
            if isinstance(value, Sentence):
                opens = capital is not False and template.startswith(f"%({key})s")
                value = _Word(
                    _render(value.template, value.params, gettext, ngettext, amount, opens)
                )
            elif isinstance(value, Amount):
                value = amount(value) if amount is not None else str(value)
            values[key] = value
        template = _ELIDABLE.sub(lambda match: _elide(match, values), template)
        try:
            text = template % values
        except (KeyError, ValueError, TypeError):
            return None
    if capital is True and text and not template.startswith("%("):
        text = text[0].upper() + text[1:]
    return text


class _Word(str):
    """A nested word once rendered (elidable, like a ``Name``)."""

    __slots__ = ()


def _elide(match, values) -> str:
    article, placeholder, key = match.groups()
    value = values.get(key)
    if not isinstance(value, (Name, _Word)) or not _starts_with_vowel(value):
        return match.group(0)
    elided = _ELIDED[article.lower()]
    return (elided[0].upper() + elided[1:] if article[0].isupper() else elided) + placeholder


def joined(items, separator=", ") -> "Sentence | str":
    """``items`` (words, names, plain strings) separated by ``separator``, each rendered
    in the sentence's language."""
    items = list(items)
    if not items:
        return ""
    template = separator.join(f"%(item{i})s" for i in range(len(items)))
    return Sentence(template, {f"item{i}": item for i, item in enumerate(items)})
