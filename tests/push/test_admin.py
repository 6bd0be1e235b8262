"""The moderators' admin of the push devices and records: read-only, and never a device's
secrets (endpoint path, keys) nor a notification's one-tap token."""

import pytest
from django.urls import reverse

from games.moderation.services import moderators_group_sync
from games.push.models import PushRecord, PushSubscription

pytestmark = pytest.mark.django_db

ENDPOINT = "https://fcm.googleapis.com/fcm/send/dEvIcEsEcReTpAtH"
P256DH = "BPUBLICKEYOFTHEDEVICEp256dhxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxx"
AUTH = "aUtHsEcReTvAlUe"
TOKEN = "OnEtApToKeNsEcReT"


@pytest.fixture
def moderator(make_user):
    user = make_user("mod", display_name="Mod")
    user.is_staff = True
    user.save()
    group, _added, _removed = moderators_group_sync()
    user.groups.add(group)
    return user


@pytest.fixture
def device(bob):
    sub = PushSubscription.objects.create(
        user=bob,
        endpoint=ENDPOINT,
        p256dh=P256DH,
        auth=AUTH,
        name="Pixel",
        session_digest="sEsSiOnDiGeSt",
        last_error=f"ConnectionError: Max retries exceeded with url: {ENDPOINT}",
    )
    record = PushRecord.objects.create(
        subscription=sub,
        user=bob,
        kind="turn",
        key="k1",
        status="failed",
        payload={
            "title": "Your turn in Ticktock",
            "body": "Alice claims the Duke: block or pass?",
            "answer": f"/push/answer/{TOKEN}/",
            "actions": [{"action": "answer", "title": "Pass"}],
        },
        last_error=f"push service: 500 for /fcm/send/dEvIcEsEcReTpAtH (auth {AUTH})",
    )
    return sub, record


SECRETS = ("dEvIcEsEcReTpAtH", P256DH, AUTH, "sEsSiOnDiGeSt", TOKEN)


def test_a_moderator_sees_devices_and_records_without_their_secrets(client, moderator, device):
    sub, record = device
    client.force_login(moderator)
    pages = [
        reverse("admin:push_pushsubscription_changelist"),
        reverse("admin:push_pushsubscription_change", args=[sub.pk]),
        reverse("admin:push_pushrecord_changelist"),
        reverse("admin:push_pushrecord_change", args=[record.pk]),
    ]
    for url in pages:
        response = client.get(url)
        assert response.status_code == 200, url
        html = response.content.decode()
        if url != pages[2]:  # the push service's host only
            assert "fcm.googleapis.com" in html, url
        for secret in SECRETS:
            assert secret not in html, (url, secret)
    html = client.get(pages[3]).content.decode()
    assert "Alice claims the Duke: block or pass?" in html
    assert "offered (its token is not shown)" in html
    assert "Pixel" in client.get(pages[0]).content.decode()


def test_read_only_for_moderators_and_records_for_everyone(client, moderator, device, admin_user):
    sub, record = device
    client.force_login(moderator)
    change = reverse("admin:push_pushsubscription_change", args=[sub.pk])
    assert client.post(change, {"name": "x"}).status_code == 403
    assert (
        client.post(
            reverse("admin:push_pushsubscription_delete", args=[sub.pk]), {"post": "yes"}
        ).status_code
        == 403
    )
    client.force_login(admin_user)
    assert client.get(reverse("admin:push_pushrecord_add")).status_code == 403
    assert (
        client.post(
            reverse("admin:push_pushrecord_delete", args=[record.pk]), {"post": "yes"}
        ).status_code
        == 403
    )
    # A superuser may remove a device: its records go with it.
    client.post(reverse("admin:push_pushsubscription_delete", args=[sub.pk]), {"post": "yes"})
    assert not PushSubscription.objects.exists() and not PushRecord.objects.exists()
