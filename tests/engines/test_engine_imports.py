"""No engine module reaches for Django, Celery, randomness, the clock or the network.

The engines are pure functions of (players, options, seed, actions): the same inputs must
give the same state on any machine, at any time. This walks the AST of every ``.py`` file
under ``games/engines`` (every engine, present and future) and rejects any import of a
forbidden top-level module: ``import x``, ``from x import y``, and
``importlib.import_module("x")`` / ``__import__("x")`` calls with a literal name. Relative
imports stay inside the package and are allowed.
"""

import ast
from pathlib import Path

import pytest

ENGINES_DIR = Path(__file__).resolve().parents[2] / "games" / "engines"

FORBIDDEN = {
    # the web platform and the workers
    "django",
    "celery",
    "kombu",
    "redis",
    "psycopg",
    "psycopg2",
    # randomness and the clock (the seed is the only source of chance)
    "random",
    "time",
    "datetime",
    "zoneinfo",
    # the network
    "socket",
    "socketserver",
    "ssl",
    "select",
    "selectors",
    "asyncio",
    "http",
    "urllib",
    "urllib3",
    "requests",
    "httpx",
    "aiohttp",
    "ftplib",
    "smtplib",
    "poplib",
    "imaplib",
    "telnetlib",
    "xmlrpc",
    "webbrowser",
    "email",
}


def engine_files():
    return sorted(ENGINES_DIR.rglob("*.py"))


def imported_modules(path: Path):
    """Yield (line, top-level module name) for every import in the file."""
    tree = ast.parse(path.read_text(encoding="utf-8"), filename=str(path))
    for node in ast.walk(tree):
        if isinstance(node, ast.Import):
            for alias in node.names:
                yield node.lineno, alias.name.split(".")[0]
        elif isinstance(node, ast.ImportFrom):
            if node.level == 0 and node.module:
                yield node.lineno, node.module.split(".")[0]
            # relative imports stay inside games.engines: nothing to check
        elif isinstance(node, ast.Call):
            func = node.func
            name = (
                func.attr
                if isinstance(func, ast.Attribute)
                else func.id
                if isinstance(func, ast.Name)
                else None
            )
            if name in {"import_module", "__import__"} and node.args:
                first = node.args[0]
                if isinstance(first, ast.Constant) and isinstance(first.value, str):
                    yield node.lineno, first.value.lstrip(".").split(".")[0]


def test_the_engines_package_exists_and_has_modules():
    files = engine_files()
    assert files, f"no Python file under {ENGINES_DIR}"
    assert (ENGINES_DIR / "complots" / "__init__.py") in files
    assert (ENGINES_DIR / "regicide" / "__init__.py") in files
    assert (ENGINES_DIR / "intrigue" / "__init__.py") in files


@pytest.mark.parametrize(
    "path", engine_files(), ids=lambda p: str(p.relative_to(ENGINES_DIR.parent.parent))
)
def test_engine_module_imports_nothing_impure(path):
    offenders = [
        f"{path.name}:{line} imports {module}"
        for line, module in imported_modules(path)
        if module in FORBIDDEN
    ]
    assert not offenders, "; ".join(offenders)


def test_the_checker_catches_forbidden_imports(tmp_path):
    sample = tmp_path / "sample.py"
    sample.write_text(
        "import os, random\n"
        "from datetime import date\n"
        "import urllib.request\n"
        "from . import sibling\n"
        "import importlib\n"
        "importlib.import_module('socket')\n"
        "__import__('time')\n",
        encoding="utf-8",
    )
    found = {module for _, module in imported_modules(sample) if module in FORBIDDEN}
    assert found == {"random", "datetime", "urllib", "socket", "time"}
