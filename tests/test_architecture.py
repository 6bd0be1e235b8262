"""The shape of the code: the layers and the absence of import circles (import-linter's
contracts in pyproject.toml, the same check as `lint-imports`), and modules small enough to
read in one sitting."""

import re
import subprocess
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent
PACKAGES = ("games", "accounts", "complots_site")
MAX_MODULE_LINES = 450  # "about 400": a module past that splits by concept


def test_import_contracts_are_kept():
    # In a subprocess: the linter configures logging in-process, which would change what
    # later tests capture with caplog.
    pytest.importorskip("importlinter.cli")
    command = Path(sys.executable).parent / "lint-imports"
    result = subprocess.run(
        [str(command), "--config", str(ROOT / "pyproject.toml")],
        cwd=ROOT,
        capture_output=True,
        text=True,
        timeout=300,
    )
    output = result.stdout + result.stderr
    assert result.returncode == 0, output
    assert "0 broken" in output


@pytest.mark.parametrize("package", PACKAGES)
def test_no_module_is_too_long(package):
    long = {
        str(path.relative_to(ROOT)): lines
        for path in (ROOT / package).rglob("*.py")
        if "migrations" not in path.parts
        and (lines := len(path.read_text(encoding="utf-8").splitlines())) > MAX_MODULE_LINES
    }
    assert not long, f"split these modules by concept: {long}"


def test_no_module_is_named_by_a_suffix():
    """One room per concern: `models_deadlines.py`, `urls_moderation.py` and the like are
    packages now (`games/clock/models.py`, `games/moderation/urls.py`)."""
    stems = ("models_", "views_", "urls_", "selectors_", "tasks_", "services_")
    named = [
        str(path.relative_to(ROOT))
        for path in (ROOT / "games").rglob("*.py")
        if path.stem.startswith(stems)
    ]
    assert not named


# The platform knows each game only through its descriptor (games/table/descriptors/<game>.py)
# and the per-game presenters, templates and static files beside them; engines and bots are
# the games' own code.
PLATFORM = ("games/table", "games/clock", "games/mail", "games/moderation", "games/bot_seats")
PLATFORM_ROOTS = ("accounts", "complots_site")
GAME_PARTS = ("games/table/descriptors/", "games/table/presenters/")
SLUG_LITERAL = re.compile(r"""["'](complots|regicide|intrigue)["']""")
# The site is called Complots: its cache prefix is the site's name, not a game's.
SITE_NAME = 'CACHE_KEY_PREFIX = os.environ.get("CACHE_KEY_PREFIX", "complots")'


def test_no_platform_module_names_a_game():
    found = []
    for top in PLATFORM + PLATFORM_ROOTS:
        for path in (ROOT / top).rglob("*.py"):
            relative = path.relative_to(ROOT).as_posix()
            if "migrations" in path.parts or relative.startswith(GAME_PARTS):
                continue
            for number, line in enumerate(path.read_text(encoding="utf-8").splitlines(), 1):
                if SLUG_LITERAL.search(line) and SITE_NAME not in line:
                    found.append(f"{relative}:{number}: {line.strip()}")
    assert not found, "a game's slug outside its descriptor:\n" + "\n".join(found)


def test_no_platform_module_probes_an_engine_with_getattr():
    """The engine base class carries every optional method with its default."""
    probe = re.compile(r"(getattr|hasattr)\(\s*(self\.)?engine\b")
    found = [
        f"{path.relative_to(ROOT)}:{number}"
        for top in PLATFORM + PLATFORM_ROOTS
        for path in (ROOT / top).rglob("*.py")
        for number, line in enumerate(path.read_text(encoding="utf-8").splitlines(), 1)
        if probe.search(line)
    ]
    assert not found, found


def tracked_files():
    """The repository's own files (what git tracks), not what a run left behind."""
    listed = subprocess.run(
        ["git", "ls-files", "-z"], cwd=ROOT, capture_output=True, text=True, timeout=60
    )
    if listed.returncode != 0:
        pytest.skip("not a git checkout")
    return [ROOT / name for name in listed.stdout.split("\0") if name]


def test_no_file_names_a_path_outside_the_repository():
    # Built from pieces so that this file does not name those paths itself.
    shared, workplace = "shared", "work"
    pieces = [f"/{workplace}/", f"../{shared}", f"{shared}/design", f"{shared}/rules"]
    outside = re.compile("|".join(re.escape(piece) for piece in pieces))
    found = []
    for path in tracked_files():
        if not path.is_file():
            continue
        try:
            text = path.read_text(encoding="utf-8")
        except (UnicodeDecodeError, OSError):
            continue
        if outside.search(text):
            found.append(str(path.relative_to(ROOT)))
    assert not found, found
