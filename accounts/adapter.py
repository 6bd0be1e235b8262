"""The site's allauth adapter: login throttling that a client cannot sidestep.

allauth counts failed logins per client address and per "key" (``login_failed`` in
``ACCOUNT_RATE_LIMITS``). Out of the box the key is the text typed in the login field, so
``alice``, ``ALICE`` and ``alice@example.com`` are three counters for one account. Here the
key is the account itself whenever the login names one (its username or any of its
addresses, verified or not, in any case), else the lower-cased text. The client address is
``REMOTE_ADDR`` as the ASGI server gives it, never a header the client writes: behind a
proxy, uvicorn's ``--proxy-headers --forwarded-allow-ips=<the proxy's address>`` makes it
the real client (README, "Deploying").

The lock is a slowdown the owner can get around: login by a mailed code
(``ACCOUNT_LOGIN_BY_CODE_ENABLED``) does not count failed passwords, and a completed
password reset clears the account's counter (allauth clears it per address; the
``password_reset`` receiver below also clears it by username).
"""

from __future__ import annotations

from allauth.account.adapter import DefaultAccountAdapter
from allauth.account.models import EmailAddress
from allauth.account.signals import password_reset
from django.contrib.auth import get_user_model
from django.contrib.sites.shortcuts import get_current_site
from django.core.exceptions import PermissionDenied
from django.dispatch import receiver
from django.utils.translation import gettext_lazy as _

from .names import validate_name


def account_of(login: str) -> int | None:
    """The id of the user that `login` names (username or any address, any case), or None."""
    login = (login or "").strip()
    if not login:
        return None
    users = get_user_model().objects
    user_id = users.filter(username__iexact=login).values_list("pk", flat=True).first()
    if user_id is None and "@" in login:
        user_id = (
            EmailAddress.objects.filter(email__iexact=login)
            .order_by("-primary", "pk")
            .values_list("user_id", flat=True)
            .first()
        )
        if user_id is None:
            user_id = users.filter(email__iexact=login).values_list("pk", flat=True).first()
    return user_id


class AccountAdapter(DefaultAccountAdapter):
    error_messages = {
        **DefaultAccountAdapter.error_messages,
        "too_many_login_attempts": _(
            "Too many failed login attempts. Try again in a few minutes, sign in with a "
            "code sent by email, or reset your password."
        ),
    }

    def _get_login_attempts_cache_key(self, request, **credentials) -> str:
        """allauth's key of the per-account ``login_failed`` limit (and of its clearing
        after a password reset): the account when the login names one."""
        login = credentials.get("email", credentials.get("username", "")) or ""
        user_id = account_of(login)
        who = f"user:{user_id}" if user_id is not None else f"login:{login.strip().lower()}"
        return f"{get_current_site(request).domain}:{who}"

    def clean_username(self, username, shallow=False):
        """allauth's checks, then no invisible character and no username that can be
        mistaken for another player's username or display name (accounts.names)."""
        username = super().clean_username(username, shallow=shallow)
        if not shallow:
            validate_name(username)
        return username

    def get_client_ip(self, request) -> str:
        """The peer address the ASGI/WSGI server reports, never X-Forwarded-For: only the
        server (told which proxy to trust) may turn a forwarded header into REMOTE_ADDR."""
        ip = request.META.get("REMOTE_ADDR")
        if not ip:
            raise PermissionDenied("Unable to determine client IP address")
        return ip


@receiver(password_reset, dispatch_uid="accounts_clear_login_failures_on_reset")
def clear_login_failures(sender, request, user, **kwargs):
    """A completed password reset clears the account's failed-login counter, whatever
    addresses it has."""
    from allauth.account.adapter import get_adapter

    get_adapter(request)._delete_login_attempts_cached_email(request, username=user.username)
