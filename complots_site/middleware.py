"""Responses to a logged-in visitor are theirs alone: ``Cache-Control: private, no-store``.

Every page a logged-in user sees may carry their own cards, messages or account details, so
no shared cache (proxy, CDN) may keep it and the browser does not store it either. Django's
``add_never_cache_headers`` writes the header (``max-age=0, no-cache, no-store,
must-revalidate, private``); views that show hidden information to anyone (the game page and
its fragments) are also decorated with ``never_cache`` themselves. Static files never get
here: WhiteNoise answers them earlier with their long cache.
"""

from asgiref.sync import iscoroutinefunction
from django.utils.cache import add_never_cache_headers
from django.utils.decorators import sync_and_async_middleware


@sync_and_async_middleware
def PrivateNoStoreMiddleware(get_response):
    if iscoroutinefunction(get_response):

        async def middleware(request):
            response = await get_response(request)
            if hasattr(request, "auser") and (await request.auser()).is_authenticated:
                add_never_cache_headers(response)
            return response

    else:

        def middleware(request):
            response = get_response(request)
            user = getattr(request, "user", None)
            if user is not None and user.is_authenticated:
                add_never_cache_headers(response)
            return response

    return middleware
