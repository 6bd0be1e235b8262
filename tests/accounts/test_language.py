"""French and English: the switch, the profile's language, the browser's."""

import os
import re

import pytest
from django.urls import reverse

from accounts.models import Profile

pytestmark = pytest.mark.django_db

FRENCH_TITLE = "Jeux de cartes de bluff et d’intrigue, joués sur plusieurs jours"
ENGLISH_TITLE = "Card games of bluff and intrigue, played over days"


def home_text(client, **headers):
    response = client.get(reverse("home"), headers=headers)
    assert response.status_code == 200
    return response.content.decode()


def test_english_by_default(client):
    assert ENGLISH_TITLE in home_text(client)


def test_the_browsers_language(client):
    text = home_text(client, accept_language="fr-FR,fr;q=0.9")
    assert FRENCH_TITLE in text
    assert '<html lang="fr">' in text


def test_the_switch_serves_the_page_in_french(client):
    response = client.post(reverse("accounts:set_language"), {"language": "fr", "next": "/"})
    assert response.status_code == 302
    assert FRENCH_TITLE in home_text(client)
    client.post(reverse("accounts:set_language"), {"language": "en", "next": "/"})
    assert ENGLISH_TITLE in home_text(client, accept_language="fr")


def test_the_switch_is_remembered_in_the_profile(client, alice):
    client.force_login(alice)
    client.post(reverse("accounts:set_language"), {"language": "fr", "next": "/"})
    assert Profile.objects.get(user=alice).language == "fr"


def test_the_switch_refuses_unknown_languages(client, alice):
    client.force_login(alice)
    client.post(reverse("accounts:set_language"), {"language": "xx", "next": "/"})
    assert Profile.objects.get(user=alice).language == ""
    assert ENGLISH_TITLE in home_text(client)


def test_the_profiles_language_wins_over_the_browser(client, alice):
    alice.profile.language = "fr"
    alice.profile.save()
    client.force_login(alice)
    assert FRENCH_TITLE in home_text(client, accept_language="en")


def test_saving_the_profile_in_french_switches_the_site(client, alice):
    client.force_login(alice)
    response = client.post(
        reverse("accounts:profile"),
        {"display_name": "Alice", "language": "fr", "timezone": "UTC"},
        follow=True,
    )
    text = response.content.decode()
    assert "Vos préférences sont enregistrées." in text
    assert FRENCH_TITLE in home_text(client, accept_language="en")


def test_allauth_pages_are_french_too(client):
    response = client.get(reverse("account_login"), headers={"accept_language": "fr"})
    assert "Connexion" in response.content.decode()


def test_every_french_string_is_translated():
    from pathlib import Path

    from django.conf import settings

    base = Path(settings.BASE_DIR)
    catalogues = [base / "locale" / "fr" / "LC_MESSAGES" / "django.po"]
    catalogues += sorted(base.glob("*/locale/fr/LC_MESSAGES/django.po"))
    entries = []
    for po in catalogues:
        entries += po.read_text(encoding="utf-8").split("\n\n")[1:]  # [0] is the header
    assert len(entries) > 50
    assert untranslated_entries("\n\n" + "\n\n".join(entries)) == []


def untranslated_entries(po_text):
    entries = po_text.split("\n\n")[1:]
    return [
        entry
        for entry in entries
        if "#, fuzzy" in entry
        or re.search(r'^msgstr(\[0\])? ""\Z', entry.strip(), re.MULTILINE)
        or re.search(r'^msgstr(\[\d\])? ""\n(?!")', entry.strip() + "\n", re.MULTILINE)
    ]


def test_every_string_in_the_code_has_a_french_translation(tmp_path):
    """The committed catalogue covers the code: run scripts/messages and translate if not."""
    import shutil
    import subprocess
    import sys
    from pathlib import Path

    from django.conf import settings

    base = Path(settings.BASE_DIR)
    copy = tmp_path / "site"
    skip = {
        ".git",
        ".venv",
        "node_modules",
        "var",
        "staticfiles",
        "tests",
        "__pycache__",
        ".pytest_cache",
        ".ruff_cache",
        ".hypothesis",
        "test-results",
    }
    shutil.copytree(base, copy, ignore=lambda folder, names: [n for n in names if n in skip])
    result = subprocess.run(
        [sys.executable, "manage.py", "makemessages", "-l", "fr", "--no-obsolete"],
        cwd=copy,
        env={**os.environ, "DEBUG": "1", "VAR_DIR": str(tmp_path / "var")},
        capture_output=True,
        text=True,
        timeout=300,
    )
    assert result.returncode == 0, result.stderr
    catalogues = [copy / "locale" / "fr" / "LC_MESSAGES" / "django.po"]
    catalogues += sorted(copy.glob("*/locale/fr/LC_MESSAGES/django.po"))
    missing = [
        f"{po.relative_to(copy)}: {line.split(' ', 1)[1]}"
        for po in catalogues
        for entry in untranslated_entries(po.read_text(encoding="utf-8"))
        for line in entry.splitlines()
        if line.startswith("msgid ")
    ]
    assert missing == [], "untranslated (run scripts/messages, then translate): " + repr(missing)


def test_there_is_one_catalogue():
    """Every string lives in locale/: no app keeps a catalogue of its own."""
    from pathlib import Path

    from django.conf import settings

    assert list(Path(settings.BASE_DIR).glob("*/locale/*/LC_MESSAGES/*.po")) == []
