"""The profile's standing orders: their heading above their checkboxes."""

import pytest
from django.urls import reverse

pytestmark = pytest.mark.django_db


def test_the_standing_orders_heading_sits_above_its_checkboxes(client, alice):
    client.force_login(alice)
    html = client.get(reverse("accounts:profile")).content.decode()
    group = html.split('data-testid="standing-orders-default"', 1)[1].split("</fieldset>", 1)[0]
    heading = group.index("Standing orders of new games")
    first_box = group.index('type="checkbox"')
    assert heading < first_box
    assert 'role="group" aria-labelledby="id_standing_orders_heading"' in group
