"""Authentication backends that load the user's profile with the user, in one query.

Every logged-in request needs both (the header's display name, the language and time zone
of `ProfilePreferencesMiddleware`): Django's backends fetch the user alone, and the
profile then costs a second query. Same authentication as the backends they extend."""

from allauth.account.auth_backends import AuthenticationBackend as AllauthBackend
from django.contrib.auth import get_user_model
from django.contrib.auth.backends import ModelBackend


def user_with_profile(backend, user_id):
    User = get_user_model()
    try:
        user = User._default_manager.select_related("profile").get(pk=user_id)
    except User.DoesNotExist:
        return None
    return user if backend.user_can_authenticate(user) else None


class ProfileModelBackend(ModelBackend):
    def get_user(self, user_id):
        return user_with_profile(self, user_id)


class ProfileAllauthBackend(AllauthBackend):
    def get_user(self, user_id):
        return user_with_profile(self, user_id)
