from django.contrib.auth.models import Group, Permission
from django.core.management import call_command

from games.moderation.services import MODERATOR_PERMISSIONS, MODERATORS_GROUP


def _perms(group):
    return {f"{p.content_type.app_label}.{p.codename}" for p in group.permissions.all()}


def test_migration_creates_the_group_with_exactly_the_needed_permissions(db):
    group = Group.objects.get(name=MODERATORS_GROUP)
    assert _perms(group) == set(MODERATOR_PERMISSIONS)
    assert "moderation.view_hidden_information" not in _perms(group)
    assert not any(p.split(".")[1].startswith(("add_", "delete_")) for p in _perms(group))


def test_setup_moderators_is_idempotent_and_repairs(db, capsys):
    group = Group.objects.get(name=MODERATORS_GROUP)
    extra = Permission.objects.get(codename="view_hidden_information")
    group.permissions.add(extra)
    group.permissions.remove(Permission.objects.get(codename="ban_user"))
    call_command("setup_moderators")
    out = capsys.readouterr().out
    assert "added: ban_user" in out and "removed: view_hidden_information" in out
    assert _perms(group) == set(MODERATOR_PERMISSIONS)
    call_command("setup_moderators")
    assert "added: none; removed: none" in capsys.readouterr().out
    assert Group.objects.filter(name=MODERATORS_GROUP).count() == 1


def test_moderator_is_staff_not_superuser_and_lacks_hidden_permission(moderator):
    assert moderator.is_staff and not moderator.is_superuser
    assert moderator.has_perm("moderation.moderate_game")
    assert moderator.has_perm("moderation.ban_user")
    assert not moderator.has_perm("moderation.view_hidden_information")
    assert not moderator.has_perm("games.change_game")
    assert not moderator.has_perm("auth.change_user")
