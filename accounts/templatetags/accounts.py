from django import template

from ..models import display_name as _display_name

register = template.Library()


@register.filter
def display_name(user):
    """``{{ user|display_name }}``: the profile's display name, else the username."""
    return _display_name(user)
