import pytest

from games.push import keys
from games.push.models import PushSubscription

from .pushservice import PushService

PRIVATE, PUBLIC = keys.generate_pair()


@pytest.fixture
def vapid(settings):
    settings.VAPID_PRIVATE_KEY = PRIVATE
    settings.VAPID_PUBLIC_KEY = PUBLIC
    settings.VAPID_SUBJECT = "mailto:admin@complots.test"
    return PUBLIC


@pytest.fixture
def push_service(vapid):
    service = PushService(vapid)
    yield service
    service.stop()


@pytest.fixture
def subscribe(push_service):
    """subscribe(user, name="phone") -> the device (and its PushSubscription row)."""

    def make(user, name=None):
        device = push_service.device(name or f"{user.username}-{len(push_service.devices)}")
        info = device.info()
        device.row = PushSubscription.objects.create(
            user=user,
            endpoint=info["endpoint"],
            p256dh=info["keys"]["p256dh"],
            auth=info["keys"]["auth"],
            name="Phone",
        )
        return device

    return make
