"""The shape of the code: the layers and the absence of import circles (import-linter's
contracts in pyproject.toml, the same check as `lint-imports`), and modules small enough to
read in one sitting."""

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
