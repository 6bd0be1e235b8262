#!/usr/bin/env python3
"""French typography of the catalogue's translations (locale/fr/LC_MESSAGES/django.po).

Run once after appending entries by hand (tests/test_catalogue.py checks the catalogue):

    python3 scripts/french_typography.py

In every msgstr line (never a msgid):
- one apostrophe: the typographic ’ (U+2019) for the straight ' ;
- a no-break space (U+00A0) before ":", ";", "!" and "?" when a plain space stood there,
  so the sign never wraps to the start of a line.
Code written inside braces ("{'type': 'play'}"), HTML tags and format parameters
("%(name)s") are left as they are. The script only rewrites characters within lines: the
entries keep their wrapping, so it merges with entries appended elsewhere.
"""

import re
import sys
from pathlib import Path

CATALOGUE = Path(__file__).resolve().parent.parent / "locale" / "fr" / "LC_MESSAGES" / "django.po"

#: What the script never touches: code in braces, HTML tags, format parameters.
PROTECTED = re.compile(r"\{[^{}]*\}|<[^<>]*>|%\([^)]*\)[-#0 +]*\d*(?:\.\d+)?[a-z]")
NBSP = "\u00a0"


def typeset(text: str) -> str:
    """The text of a msgstr with French typography (see the module's docstring)."""
    out, last = [], 0
    for match in PROTECTED.finditer(text):
        out.append(_plain(text[last : match.start()]))
        out.append(match.group(0))
        last = match.end()
    out.append(_plain(text[last:]))
    return "".join(out)


def _plain(text: str) -> str:
    text = text.replace("'", "\u2019")
    return re.sub(r"[ \u202f]([:;!?])", NBSP + r"\1", text)


def fix(po_text: str) -> str:
    lines, in_msgstr = po_text.split("\n"), False
    for index, line in enumerate(lines):
        if line.startswith("msgstr"):
            in_msgstr = True
            head, _, quoted = line.partition(" ")
            lines[index] = f"{head} {typeset(quoted)}"
        elif line.startswith('"') and in_msgstr:
            lines[index] = typeset(line)
        else:
            in_msgstr = False
    return "\n".join(lines)


def main(argv):
    path = Path(argv[1]) if len(argv) > 1 else CATALOGUE
    text = path.read_text(encoding="utf-8")
    header, sep, body = text.partition("\n\n")  # the header's msgstr holds "Plural-Forms: ..."
    fixed = header + sep + fix(body)
    if fixed != text:
        path.write_text(fixed, encoding="utf-8")
    print(f"{path}: {'rewritten' if fixed != text else 'already typeset'}")


if __name__ == "__main__":
    main(sys.argv)
