"""``get_bot`` / ``available_levels`` / ``register_bot``, and the package's imports."""

import ast
from pathlib import Path

import pytest

from games.bots import Bot, available_games, available_levels, get_bot, register_bot, registry

BOTS_DIR = Path(__file__).resolve().parents[2] / "games" / "bots"


class _Kind:
    kind = "complots"


def test_complots_levels():
    assert available_levels("complots") == ["novice", "honest", "bluffer", "strong"]
    assert available_levels(_Kind()) == ["novice", "honest", "bluffer", "strong"]
    assert "complots" in available_games()
    assert available_levels("no-such-game") == []


@pytest.mark.parametrize("level", ["novice", "honest", "bluffer", "strong"])
def test_get_bot_by_name_and_by_kind(level):
    bot = get_bot("complots", level)
    assert isinstance(bot, Bot)
    assert bot.level == level and bot.game == "complots"
    assert get_bot(_Kind(), level) is bot  # one shared, stateless instance


def test_unknown_level_lists_the_known_ones():
    with pytest.raises(ValueError, match="novice, honest, bluffer"):
        get_bot("complots", "grandmaster")


def test_unknown_game_lists_the_games_with_bots():
    with pytest.raises(ValueError, match="complots"):
        get_bot("chess", "novice")


def test_not_a_game():
    with pytest.raises(ValueError, match="kind"):
        get_bot(42, "novice")


def test_a_new_game_plugs_in_with_one_line(monkeypatch):
    monkeypatch.setattr(registry, "_PATHS", dict(registry._PATHS))
    monkeypatch.setattr(registry, "_INSTANCES", dict(registry._INSTANCES))
    register_bot("chess", "standard", "games.bots.complots.novice:NoviceBot")
    assert available_levels("chess") == ["standard"]
    assert get_bot("chess", "standard").choose  # imported lazily
    with pytest.raises(ValueError, match="standard"):
        get_bot("chess", "novice")
    with pytest.raises(ValueError):
        register_bot("chess", "", "x:y")
    with pytest.raises(ValueError):
        register_bot("chess", "odd", object())


def test_every_game_has_its_levels():
    assert available_games() == ["complots", "intrigue", "regicide"]
    assert available_levels("regicide") == ["standard", "strong"]
    assert available_levels("intrigue") == ["standard"]


ALLOWED_TOP = {"games", "hashlib", "math", "itertools", "__future__", "importlib"}


def test_bots_import_only_the_engines_and_the_standard_library():
    """No Django, no ``random``, no clock: a bot is a pure function of its arguments."""
    for path in sorted(BOTS_DIR.rglob("*.py")):
        tree = ast.parse(path.read_text(), filename=str(path))
        for node in ast.walk(tree):
            if isinstance(node, ast.Import):
                names = [alias.name for alias in node.names]
            elif isinstance(node, ast.ImportFrom) and node.level == 0:
                names = [node.module or ""]
            else:
                continue
            for name in names:
                top = name.split(".")[0]
                assert top in ALLOWED_TOP, f"{path.name} imports {name}"
                if top == "games":
                    assert name.startswith(("games.engines", "games.bots")), (
                        f"{path.name} imports {name}"
                    )
