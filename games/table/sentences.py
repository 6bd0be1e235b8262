"""The engines' sentences in the reader's language (`games.engines.sentences`).

An engine's `describe` returns a `Sentence`: an English `N_`-marked template and its
parameters. `localize` renders it with Django's gettext/ngettext in `lang` (nested words
translated first, French elision, the language's thousands separator); any other text is
returned as it is.
"""

from django.utils import translation

from games.engines.sentences import Name, Sentence

#: The thousands separator of an `Amount` ("10 000 ducats": a narrow no-break space in
#: French, as the log has always written it; Django's French format has a wider one).
_THOUSANDS = {"fr": "\u202f"}


def localize(text, lang: str) -> str:
    """`text` (a `Sentence`, else any value) as a plain string in `lang`."""
    if not isinstance(text, Sentence):
        return str(text)
    language = (lang or "en").split("-")[0]
    separator = _THOUSANDS.get(language, ",")
    with translation.override(language):
        return text.render(
            gettext=translation.gettext,
            ngettext=translation.ngettext,
            amount=lambda n: f"{int(n):,}".replace(",", separator),
        )


def named(template: str, lang: str | None = None, /, *, words=None, **names) -> str:
    """The platform's own sentence `template` (an English msgid marked with `N_`) in `lang`
    (the active language when `None`), with player names put in under the engines' rule of
    French elision: "Waiting for %(names)s" gives "En attente d’Alice" but "En attente de
    Bob". Every keyword value is a name or a game word that elides like one ("le
    %(advisor)s" gives "l’Écrivain 2"), written as it is; `words` are the other parameters
    (numbers, amounts, slots), put in as they are and never elided."""
    params = {k: Name(str(v)) for k, v in names.items()}
    params.update(words or {})
    return localize(Sentence(template, params), lang or translation.get_language() or "en")
