"""The French catalogue's typography: one apostrophe (’) and a no-break space before the
double signs ":", ";", "!" and "?" (scripts/french_typography.py sets both; run it after
appending entries by hand)."""

import re
from pathlib import Path

from django.conf import settings

#: Left alone: code in braces ("{'type': 'play'}"), HTML tags, format parameters.
PROTECTED = re.compile(r"\{[^{}]*\}|<[^<>]*>|%\([^)]*\)[-#0 +]*\d*(?:\.\d+)?[a-z]")
#: A double sign that ends a word (not "://", "23:59" nor "?next="), nor the mark "(!)".
DOUBLE_SIGN = re.compile(r"(?<!\()([:;!?])(?=\s|$|\\n|[\"»)])")


def entries():
    """Every entry of the catalogue as {field: text} ("msgid", "msgstr", "msgstr[0]", ...),
    each string joined over its lines."""
    text = (Path(settings.BASE_DIR) / "locale/fr/LC_MESSAGES/django.po").read_text("utf-8")
    for block in text.split("\n\n")[1:]:
        fields, current = {}, None
        for line in block.splitlines():
            match = re.match(r'^(msgid|msgid_plural|msgstr(?:\[\d\])?) "(.*)"$', line)
            if match:
                current = match.group(1)
                fields[current] = match.group(2)
            elif line.startswith('"') and current:
                fields[current] += line[1:-1]
        yield fields


def translations():
    """(msgid, msgstr text without its protected parts) of every translation."""
    for fields in entries():
        for key, value in fields.items():
            if key.startswith("msgstr"):
                yield fields.get("msgid", ""), PROTECTED.sub("§", value)


def test_french_writes_one_apostrophe():
    straight = [msgid for msgid, text in translations() if "'" in text]
    assert straight == [], f"straight apostrophes (run scripts/french_typography.py): {straight}"


def test_french_puts_a_no_break_space_before_double_signs():
    loose = [
        msgid
        for msgid, text in translations()
        for match in DOUBLE_SIGN.finditer(text)
        if text[: match.start()][-1:] != "\u00a0"
    ]
    assert loose == [], f"no no-break space before : ; ! ? (run the script): {loose}"


def test_the_check_sees_what_it_should():
    assert DOUBLE_SIGN.search("Gagnant : Alice") and DOUBLE_SIGN.search("Bonjour !")
    assert not DOUBLE_SIGN.search("https://example.org/?next=1 à 23:59 (!)")
    assert PROTECTED.sub("§", "{'type': 'yield'} %(name)s") == "§ §"
