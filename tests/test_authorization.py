# ruff: noqa: E501  (the table below keeps one URL per line, whatever its length)
"""The authorization matrix: every URL pattern of the site x every kind of visitor x the HTTP
methods, against the status written in ROWS below.

A URL pattern without a row fails (``test_every_url_pattern_has_an_authorization_row``): a new
URL cannot ship before someone decides who may see it. Adding one is a one-line edit of ROWS:

    /route  subject  method  anonymous stranger player other_player host moderator admin

where /route is the pattern as get_resolver() spells it after a "/" (``/games/<int:game_id>/``).

``subject`` names what fills the path's parameters (``SUBJECTS`` / ``fill``): a game of
tests/site_world.py (``private``, ``public``, ``regicide``, ``intrigue``, ``finished``,
``waiting``, ``invited``), an admin object (``a.game``, ``a.user`` ...), or ``-`` for none.
Every request runs in a savepoint that is rolled back and with an empty cache, so rows are
independent. The visitors (tests/site_world.py): ``host`` hosts every game and is seated,
``player`` and ``other_player`` are seated in every game (``other_player`` in the three-seat
ones), ``stranger`` is logged in and seated nowhere, ``moderator`` is staff in the Moderators
group, ``admin`` a superuser. POSTs are sent as htmx sends them (``HX-Request``: a refusal
answers with its status instead of a redirect to the game page) and without data (no CSRF
check in the test client): the point is who gets in, and never a 5xx.
"""

from __future__ import annotations

import copy
import os
import re

import pytest
from django.contrib.auth.models import Group
from django.contrib.contenttypes.models import ContentType
from django.contrib.sites.models import Site
from django.core.cache import cache
from django.db import transaction
from django.test import Client
from django.urls import URLPattern, URLResolver, get_resolver

from games.mail.links import unsubscribe_token
from tests.site_world import ROLES, build_world, log_in

# ---------------------------------------------------------------------------------------
# The table. Statuses in ROLES order: anonymous stranger player other_player host moderator
# admin. 302 is a redirect (log in, or the page's own redirect after a POST).
# ---------------------------------------------------------------------------------------
ROWS = r"""
# route  subject  method   anon stranger player other host moderator admin
# Private games: 403 for whoever has no seat and no invitation, moderators and admins
# included (they read games in the admin). POSTs as htmx: 204 + HX-Redirect to the login
# page for anonymous visitors; 302 is the page's redirect back with its message. `seen` is a
# beacon that answers 204 to anyone and only records a seated player's presence.
/                                                                    -        GET  200 200 200 200 200 200 200
/                                                                    -        POST 405 405 405 405 405 405 405
/accounts/^confirm-email/(?P<key>[-:\w]+)/$                          bogus    GET  200 200 200 200 200 200 200
/accounts/^confirm-email/(?P<key>[-:\w]+)/$                          bogus    POST 404 404 404 404 404 404 404
/accounts/^password/reset/key/(?P<uidb36>[0-9A-Za-z]+)-(?P<key>.+)/$ bogus    GET  200 200 200 200 200 200 200
/accounts/^password/reset/key/(?P<uidb36>[0-9A-Za-z]+)-(?P<key>.+)/$ bogus    POST 200 200 200 200 200 200 200
/accounts/confirm-email/                                             -        GET  200 200 200 200 200 200 200
/accounts/confirm-email/                                             -        POST 405 405 405 405 405 405 405
/accounts/email/                                                     -        GET  302 200 200 200 200 200 200
/accounts/email/                                                     -        POST 302 302 302 302 302 302 302
/accounts/inactive/                                                  -        GET  200 200 200 200 200 200 200
/accounts/inactive/                                                  -        POST 405 405 405 405 405 405 405
/accounts/login/                                                     -        GET  200 302 302 302 302 302 302
/accounts/login/                                                     -        POST 200 302 302 302 302 302 302
/accounts/login/code/                                                -        GET  200 302 302 302 302 302 302
/accounts/login/code/                                                -        POST 200 302 302 302 302 302 302
/accounts/login/code/confirm/                                        -        GET  302 302 302 302 302 302 302
/accounts/login/code/confirm/                                        -        POST 302 302 302 302 302 302 302
/accounts/logout/                                                    -        GET  302 200 200 200 200 200 200
/accounts/logout/                                                    -        POST 302 302 302 302 302 302 302
/accounts/password/change/                                           -        GET  302 200 200 200 200 200 200
/accounts/password/change/                                           -        POST 302 200 200 200 200 200 200
/accounts/password/reset/                                            -        GET  200 200 200 200 200 200 200
/accounts/password/reset/                                            -        POST 200 200 200 200 200 200 200
/accounts/password/reset/done/                                       -        GET  200 200 200 200 200 200 200
/accounts/password/reset/done/                                       -        POST 405 405 405 405 405 405 405
/accounts/password/reset/key/done/                                   bogus    GET  200 200 200 200 200 200 200
/accounts/password/reset/key/done/                                   bogus    POST 405 405 405 405 405 405 405
/accounts/password/set/                                              -        GET  302 302 302 302 302 302 302
/accounts/password/set/                                              -        POST 302 302 302 302 302 302 302
/accounts/reauthenticate/                                            -        GET  302 200 200 200 200 200 200
/accounts/reauthenticate/                                            -        POST 302 200 200 200 200 200 200
/accounts/reauthenticate/code/                                       -        GET  302 200 200 200 200 200 200
/accounts/reauthenticate/code/                                       -        POST 302 200 200 200 200 200 200
/accounts/reauthenticate/code/confirm/                               -        GET  302 302 302 302 302 302 302
/accounts/reauthenticate/code/confirm/                               -        POST 302 302 302 302 302 302 302
/accounts/signup/                                                    -        GET  200 302 302 302 302 302 302
/accounts/signup/                                                    -        POST 200 302 302 302 302 302 302
/games/                                                              -        GET  200 200 200 200 200 200 200
/games/                                                              -        POST 405 405 405 405 405 405 405
/games/<int:game_id>/                                                finished GET  200 200 200 200 200 200 200
/games/<int:game_id>/                                                finished POST 405 405 405 405 405 405 405
/games/<int:game_id>/                                                intrigue GET  200 200 200 200 200 200 200
/games/<int:game_id>/                                                intrigue POST 405 405 405 405 405 405 405
/games/<int:game_id>/                                                private  GET  403 403 200 200 200 403 403
/games/<int:game_id>/                                                private  POST 405 405 405 405 405 405 405
/games/<int:game_id>/                                                public   GET  200 200 200 200 200 200 200
/games/<int:game_id>/                                                public   POST 405 405 405 405 405 405 405
/games/<int:game_id>/                                                regicide GET  200 200 200 200 200 200 200
/games/<int:game_id>/                                                regicide POST 405 405 405 405 405 405 405
/games/<int:game_id>/                                                waiting  GET  200 200 200 200 200 200 200
/games/<int:game_id>/                                                waiting  POST 405 405 405 405 405 405 405
/games/<int:game_id>/act/                                            finished GET  302 405 405 405 405 405 405
/games/<int:game_id>/act/                                            finished POST 204 200 200 200 200 200 200
/games/<int:game_id>/act/                                            private  GET  302 405 405 405 405 405 405
/games/<int:game_id>/act/                                            private  POST 204 403 200 200 200 403 403
/games/<int:game_id>/act/                                            public   GET  302 405 405 405 405 405 405
/games/<int:game_id>/act/                                            public   POST 204 200 200 200 200 200 200
/games/<int:game_id>/act/                                            waiting  GET  302 405 405 405 405 405 405
/games/<int:game_id>/act/                                            waiting  POST 204 200 200 200 200 200 200
/games/<int:game_id>/bots/add/                                       finished GET  302 405 405 405 405 405 405
/games/<int:game_id>/bots/add/                                       finished POST 204 302 302 302 302 302 302
/games/<int:game_id>/bots/add/                                       private  GET  302 405 405 405 405 405 405
/games/<int:game_id>/bots/add/                                       private  POST 204 403 302 302 302 403 403
/games/<int:game_id>/bots/add/                                       public   GET  302 405 405 405 405 405 405
/games/<int:game_id>/bots/add/                                       public   POST 204 302 302 302 302 302 302
/games/<int:game_id>/bots/add/                                       waiting  GET  302 405 405 405 405 405 405
/games/<int:game_id>/bots/add/                                       waiting  POST 204 302 302 302 302 302 302
/games/<int:game_id>/bots/remove/                                    finished GET  302 405 405 405 405 405 405
/games/<int:game_id>/bots/remove/                                    finished POST 204 302 302 302 302 302 302
/games/<int:game_id>/bots/remove/                                    private  GET  302 405 405 405 405 405 405
/games/<int:game_id>/bots/remove/                                    private  POST 204 403 302 302 302 403 403
/games/<int:game_id>/bots/remove/                                    public   GET  302 405 405 405 405 405 405
/games/<int:game_id>/bots/remove/                                    public   POST 204 302 302 302 302 302 302
/games/<int:game_id>/bots/remove/                                    waiting  GET  302 405 405 405 405 405 405
/games/<int:game_id>/bots/remove/                                    waiting  POST 204 302 302 302 302 302 302
/games/<int:game_id>/cancel/                                         finished GET  302 405 405 405 405 405 405
/games/<int:game_id>/cancel/                                         finished POST 204 302 302 302 302 302 302
/games/<int:game_id>/cancel/                                         private  GET  302 405 405 405 405 405 405
/games/<int:game_id>/cancel/                                         private  POST 204 403 302 302 302 403 403
/games/<int:game_id>/cancel/                                         public   GET  302 405 405 405 405 405 405
/games/<int:game_id>/cancel/                                         public   POST 204 302 302 302 302 302 302
/games/<int:game_id>/cancel/                                         waiting  GET  302 405 405 405 405 405 405
/games/<int:game_id>/cancel/                                         waiting  POST 204 302 302 302 302 302 302
/games/<int:game_id>/changed/                                        finished GET  200 200 200 200 200 200 200
/games/<int:game_id>/changed/                                        finished POST 405 405 405 405 405 405 405
/games/<int:game_id>/changed/                                        private  GET  403 403 200 200 200 403 403
/games/<int:game_id>/changed/                                        private  POST 405 405 405 405 405 405 405
/games/<int:game_id>/changed/                                        public   GET  200 200 200 200 200 200 200
/games/<int:game_id>/changed/                                        public   POST 405 405 405 405 405 405 405
/games/<int:game_id>/changed/                                        waiting  GET  200 200 200 200 200 200 200
/games/<int:game_id>/changed/                                        waiting  POST 405 405 405 405 405 405 405
/games/<int:game_id>/chat/                                           finished GET  200 200 200 200 200 200 200
/games/<int:game_id>/chat/                                           finished POST 302 200 200 200 200 200 200
/games/<int:game_id>/chat/                                           private  GET  403 403 200 200 200 403 403
/games/<int:game_id>/chat/                                           private  POST 302 403 200 200 200 403 403
/games/<int:game_id>/chat/                                           public   GET  200 200 200 200 200 200 200
/games/<int:game_id>/chat/                                           public   POST 302 200 200 200 200 200 200
/games/<int:game_id>/chat/                                           waiting  GET  200 200 200 200 200 200 200
/games/<int:game_id>/chat/                                           waiting  POST 302 200 200 200 200 200 200
/games/<int:game_id>/invite/<str:token>/                             invited  GET  302 302 302 302 302 302 302
/games/<int:game_id>/invite/<str:token>/                             invited  POST 405 405 405 405 405 405 405
/games/<int:game_id>/invite/<str:token>/                             public   GET  302 302 302 302 302 302 302
/games/<int:game_id>/invite/<str:token>/                             public   POST 405 405 405 405 405 405 405
/games/<int:game_id>/join/                                           finished GET  302 405 405 405 405 405 405
/games/<int:game_id>/join/                                           finished POST 204 302 302 302 302 302 302
/games/<int:game_id>/join/                                           private  GET  302 405 405 405 405 405 405
/games/<int:game_id>/join/                                           private  POST 204 403 302 302 302 403 403
/games/<int:game_id>/join/                                           public   GET  302 405 405 405 405 405 405
/games/<int:game_id>/join/                                           public   POST 204 302 302 302 302 302 302
/games/<int:game_id>/join/                                           waiting  GET  302 405 405 405 405 405 405
/games/<int:game_id>/join/                                           waiting  POST 204 302 302 302 302 302 302
/games/<int:game_id>/leave/                                          finished GET  302 405 405 405 405 405 405
/games/<int:game_id>/leave/                                          finished POST 204 302 302 302 302 302 302
/games/<int:game_id>/leave/                                          private  GET  302 405 405 405 405 405 405
/games/<int:game_id>/leave/                                          private  POST 204 403 302 302 302 403 403
/games/<int:game_id>/leave/                                          public   GET  302 405 405 405 405 405 405
/games/<int:game_id>/leave/                                          public   POST 204 302 302 302 302 302 302
/games/<int:game_id>/leave/                                          waiting  GET  302 405 405 405 405 405 405
/games/<int:game_id>/leave/                                          waiting  POST 204 302 302 302 302 302 302
/games/<int:game_id>/live/                                           finished GET  200 200 200 200 200 200 200
/games/<int:game_id>/live/                                           finished POST 405 405 405 405 405 405 405
/games/<int:game_id>/live/                                           private  GET  403 403 200 200 200 403 403
/games/<int:game_id>/live/                                           private  POST 405 405 405 405 405 405 405
/games/<int:game_id>/live/                                           public   GET  200 200 200 200 200 200 200
/games/<int:game_id>/live/                                           public   POST 405 405 405 405 405 405 405
/games/<int:game_id>/live/                                           waiting  GET  200 200 200 200 200 200 200
/games/<int:game_id>/live/                                           waiting  POST 405 405 405 405 405 405 405
/games/<int:game_id>/log.json                                        finished GET  200 200 200 200 200 200 200
/games/<int:game_id>/log.json                                        finished POST 405 405 405 405 405 405 405
/games/<int:game_id>/log.json                                        private  GET  403 403 404 404 404 403 403
/games/<int:game_id>/log.json                                        private  POST 405 405 405 405 405 405 405
/games/<int:game_id>/log.json                                        public   GET  404 404 404 404 404 404 404
/games/<int:game_id>/log.json                                        public   POST 405 405 405 405 405 405 405
/games/<int:game_id>/log.json                                        waiting  GET  404 404 404 404 404 404 404
/games/<int:game_id>/log.json                                        waiting  POST 405 405 405 405 405 405 405
/games/<int:game_id>/log/                                            finished GET  200 200 200 200 200 200 200
/games/<int:game_id>/log/                                            finished POST 405 405 405 405 405 405 405
/games/<int:game_id>/log/                                            private  GET  403 403 200 200 200 403 403
/games/<int:game_id>/log/                                            private  POST 405 405 405 405 405 405 405
/games/<int:game_id>/log/                                            public   GET  200 200 200 200 200 200 200
/games/<int:game_id>/log/                                            public   POST 405 405 405 405 405 405 405
/games/<int:game_id>/log/                                            regicide GET  200 200 200 200 200 200 200
/games/<int:game_id>/log/                                            regicide POST 405 405 405 405 405 405 405
/games/<int:game_id>/log/                                            intrigue GET  200 200 200 200 200 200 200
/games/<int:game_id>/log/                                            intrigue POST 405 405 405 405 405 405 405
/games/<int:game_id>/panel/                                          finished GET  200 200 200 200 200 200 200
/games/<int:game_id>/panel/                                          finished POST 405 405 405 405 405 405 405
/games/<int:game_id>/panel/                                          private  GET  403 403 200 200 200 403 403
/games/<int:game_id>/panel/                                          private  POST 405 405 405 405 405 405 405
/games/<int:game_id>/panel/                                          public   GET  200 200 200 200 200 200 200
/games/<int:game_id>/panel/                                          public   POST 405 405 405 405 405 405 405
/games/<int:game_id>/panel/                                          waiting  GET  200 200 200 200 200 200 200
/games/<int:game_id>/panel/                                          waiting  POST 405 405 405 405 405 405 405
/games/<int:game_id>/policy/                                         finished GET  302 405 405 405 405 405 405
/games/<int:game_id>/policy/                                         finished POST 204 302 302 302 302 302 302
/games/<int:game_id>/policy/                                         private  GET  302 405 405 405 405 405 405
/games/<int:game_id>/policy/                                         private  POST 204 403 302 302 302 403 403
/games/<int:game_id>/policy/                                         public   GET  302 405 405 405 405 405 405
/games/<int:game_id>/policy/                                         public   POST 204 302 302 302 302 302 302
/games/<int:game_id>/policy/                                         waiting  GET  302 405 405 405 405 405 405
/games/<int:game_id>/policy/                                         waiting  POST 204 302 302 302 302 302 302
/games/<int:game_id>/condition/                                      finished GET  302 405 405 405 405 405 405
/games/<int:game_id>/condition/                                      finished POST 204 302 302 302 302 302 302
/games/<int:game_id>/condition/                                      private  GET  302 405 405 405 405 405 405
/games/<int:game_id>/condition/                                      private  POST 204 403 302 302 302 403 403
/games/<int:game_id>/condition/                                      public   GET  302 405 405 405 405 405 405
/games/<int:game_id>/condition/                                      public   POST 204 302 302 302 302 302 302
/games/<int:game_id>/condition/                                      waiting  GET  302 405 405 405 405 405 405
/games/<int:game_id>/condition/                                      waiting  POST 204 302 302 302 302 302 302
/ratings/                                                            -        GET  200 200 200 200 200 200 200
/ratings/                                                            -        POST 405 405 405 405 405 405 405
/ratings/<slug:pool>/                                                complots-duel GET 200 200 200 200 200 200 200
/ratings/<slug:pool>/                                                bogus    GET  404 404 404 404 404 404 404
/ratings/<slug:pool>/                                                complots-duel POST 405 405 405 405 405 405 405
/games/<int:game_id>/rematch/                                        finished GET  302 405 405 405 405 405 405
/games/<int:game_id>/rematch/                                        finished POST 204 302 302 302 302 302 302
/games/<int:game_id>/rematch/                                        private  GET  302 405 405 405 405 405 405
/games/<int:game_id>/rematch/                                        private  POST 204 403 302 302 302 403 403
/games/<int:game_id>/rematch/                                        public   GET  302 405 405 405 405 405 405
/games/<int:game_id>/rematch/                                        public   POST 204 302 302 302 302 302 302
/games/<int:game_id>/rematch/                                        waiting  GET  302 405 405 405 405 405 405
/games/<int:game_id>/rematch/                                        waiting  POST 204 302 302 302 302 302 302
/games/<int:game_id>/replay/                                         finished GET  200 200 200 200 200 200 200
/games/<int:game_id>/replay/                                         finished POST 405 405 405 405 405 405 405
/games/<int:game_id>/replay/                                         private  GET  403 403 404 404 404 403 403
/games/<int:game_id>/replay/                                         private  POST 405 405 405 405 405 405 405
/games/<int:game_id>/replay/                                         public   GET  404 404 404 404 404 404 404
/games/<int:game_id>/replay/                                         public   POST 405 405 405 405 405 405 405
/games/<int:game_id>/replay/                                         waiting  GET  404 404 404 404 404 404 404
/games/<int:game_id>/replay/                                         waiting  POST 405 405 405 405 405 405 405
/games/<int:game_id>/report/                                         finished GET  302 200 200 200 200 200 200
/games/<int:game_id>/report/                                         finished POST 302 400 400 400 400 400 400
/games/<int:game_id>/report/                                         private  GET  302 403 200 200 200 403 403
/games/<int:game_id>/report/                                         private  POST 302 403 400 400 400 403 403
/games/<int:game_id>/report/                                         public   GET  302 200 200 200 200 200 200
/games/<int:game_id>/report/                                         public   POST 302 400 400 400 400 400 400
/games/<int:game_id>/report/                                         waiting  GET  302 200 200 200 200 200 200
/games/<int:game_id>/report/                                         waiting  POST 302 400 400 400 400 400 400
/games/<int:game_id>/resume/                                         finished GET  302 405 405 405 405 405 405
/games/<int:game_id>/resume/                                         finished POST 302 302 302 302 302 302 302
/games/<int:game_id>/resume/                                         private  GET  302 405 405 405 405 405 405
/games/<int:game_id>/resume/                                         private  POST 302 403 302 302 302 403 403
/games/<int:game_id>/resume/                                         public   GET  302 405 405 405 405 405 405
/games/<int:game_id>/resume/                                         public   POST 302 302 302 302 302 302 302
/games/<int:game_id>/resume/                                         waiting  GET  302 405 405 405 405 405 405
/games/<int:game_id>/resume/                                         waiting  POST 302 302 302 302 302 302 302
/games/<int:game_id>/seen/                                           finished GET  405 405 405 405 405 405 405
/games/<int:game_id>/seen/                                           finished POST 204 204 204 204 204 204 204
/games/<int:game_id>/seen/                                           private  GET  405 405 405 405 405 405 405
/games/<int:game_id>/seen/                                           private  POST 204 204 204 204 204 204 204
/games/<int:game_id>/seen/                                           public   GET  405 405 405 405 405 405 405
/games/<int:game_id>/seen/                                           public   POST 204 204 204 204 204 204 204
/games/<int:game_id>/seen/                                           waiting  GET  405 405 405 405 405 405 405
/games/<int:game_id>/seen/                                           waiting  POST 204 204 204 204 204 204 204
/games/<int:game_id>/standing/                                       finished GET  302 405 405 405 405 405 405
/games/<int:game_id>/standing/                                       finished POST 204 200 200 200 200 200 200
/games/<int:game_id>/standing/                                       private  GET  302 405 405 405 405 405 405
/games/<int:game_id>/standing/                                       private  POST 204 403 200 200 200 403 403
/games/<int:game_id>/standing/                                       public   GET  302 405 405 405 405 405 405
/games/<int:game_id>/standing/                                       public   POST 204 200 200 200 200 200 200
/games/<int:game_id>/standing/                                       waiting  GET  302 405 405 405 405 405 405
/games/<int:game_id>/standing/                                       waiting  POST 204 200 200 200 200 200 200
/games/<int:game_id>/start/                                          finished GET  302 405 405 405 405 405 405
/games/<int:game_id>/start/                                          finished POST 204 302 302 302 302 302 302
/games/<int:game_id>/start/                                          private  GET  302 405 405 405 405 405 405
/games/<int:game_id>/start/                                          private  POST 204 403 302 302 302 403 403
/games/<int:game_id>/start/                                          public   GET  302 405 405 405 405 405 405
/games/<int:game_id>/start/                                          public   POST 204 302 302 302 302 302 302
/games/<int:game_id>/start/                                          waiting  GET  302 405 405 405 405 405 405
/games/<int:game_id>/start/                                          waiting  POST 204 302 302 302 302 302 302
/games/<int:game_id>/verify/                                         finished GET  200 200 200 200 200 200 200
/games/<int:game_id>/verify/                                         finished POST 405 405 405 405 405 405 405
/games/<int:game_id>/verify/                                         private  GET  403 403 404 404 404 403 403
/games/<int:game_id>/verify/                                         private  POST 405 405 405 405 405 405 405
/games/<int:game_id>/verify/                                         public   GET  404 404 404 404 404 404 404
/games/<int:game_id>/verify/                                         public   POST 405 405 405 405 405 405 405
/games/<int:game_id>/verify/                                         waiting  GET  404 404 404 404 404 404 404
/games/<int:game_id>/verify/                                         waiting  POST 405 405 405 405 405 405 405
/games/<int:game_id>/vote/                                           finished GET  302 405 405 405 405 405 405
/games/<int:game_id>/vote/                                           finished POST 302 302 302 302 302 302 302
/games/<int:game_id>/vote/                                           private  GET  302 405 405 405 405 405 405
/games/<int:game_id>/vote/                                           private  POST 302 403 302 302 302 403 403
/games/<int:game_id>/vote/                                           public   GET  302 405 405 405 405 405 405
/games/<int:game_id>/vote/                                           public   POST 302 302 302 302 302 302 302
/games/<int:game_id>/vote/                                           waiting  GET  302 405 405 405 405 405 405
/games/<int:game_id>/vote/                                           waiting  POST 302 302 302 302 302 302 302
/games/new/                                                          -        GET  302 200 200 200 200 200 200
/games/new/                                                          -        POST 204 400 400 400 400 400 400
/games/practice/                                                     -        GET  302 405 405 405 405 405 405
/games/practice/                                                     -        POST 204 302 302 302 302 302 302
/health/                                                             -        GET  200 200 200 200 200 200 200
/health/                                                             -        POST 405 405 405 405 405 405 405
/i18n/setlang/                                                       -        GET  302 302 302 302 302 302 302
/i18n/setlang/                                                       -        POST 302 302 302 302 302 302 302
/mail/unsubscribe/<str:token>/                                       player   GET  200 200 200 200 200 200 200
/mail/unsubscribe/<str:token>/                                       player   POST 200 200 200 200 200 200 200
/manifest.webmanifest                                                 -        GET  200 200 200 200 200 200 200
/manifest.webmanifest                                                 -        POST 405 405 405 405 405 405 405
/me/notifications/                                                   -        GET  302 200 200 200 200 200 200
/me/notifications/                                                   -        POST 302 302 302 302 302 302 302
/me/notifications/<int:pk>/remove/                                   -        GET  302 405 405 405 405 405 405
/me/notifications/<int:pk>/remove/                                   -        POST 302 404 404 404 404 404 404
/me/notifications/<int:pk>/test/                                     -        GET  302 405 405 405 405 405 405
/me/notifications/<int:pk>/test/                                     -        POST 302 404 404 404 404 404 404
/me/notifications/mute/<int:game_id>/                                private  GET  302 405 405 405 405 405 405
/me/notifications/mute/<int:game_id>/                                private  POST 302 404 302 302 302 404 404
/me/notifications/subscribe/                                         -        GET  302 405 405 405 405 405 405
/me/notifications/subscribe/                                         -        POST 302 400 400 400 400 400 400
/offline/                                                            -        GET  200 200 200 200 200 200 200
/offline/                                                            -        POST 405 405 405 405 405 405 405
/push/answer/<str:token>/                                            private  GET  400 400 400 400 400 400 400
/push/answer/<str:token>/                                            private  POST 400 400 400 400 400 400 400
/sw.js                                                               -        GET  200 200 200 200 200 200 200
/sw.js                                                               -        POST 405 405 405 405 405 405 405
/me/language/                                                        -        GET  405 405 405 405 405 405 405
/me/language/                                                        -        POST 302 302 302 302 302 302 302
/me/profile/                                                         -        GET  302 200 200 200 200 200 200
/me/profile/                                                         -        POST 302 200 200 200 200 200 200
/players/<str:username>/                                             player   GET  200 200 200 200 200 200 200
/players/<str:username>/                                             player   POST 405 405 405 405 405 405 405
/tutorials/                                                          -        GET  200 200 200 200 200 200 200
/tutorials/                                                          -        POST 405 405 405 405 405 405 405
/tutorials/<slug:slug>/start/                                        complots GET  302 405 405 405 405 405 405
/tutorials/<slug:slug>/start/                                        complots POST 204 302 302 302 302 302 302
/tutorials/<slug:slug>/start/                                        nope     POST 204 302 302 302 302 302 302
/tutorials/offer/dismiss/                                            -        GET  302 405 405 405 405 405 405
/tutorials/offer/dismiss/                                            -        POST 204 200 200 200 200 200 200
/tutorials/run/<int:run_id>/next/                                    bogus    GET  302 405 405 405 405 405 405
/tutorials/run/<int:run_id>/next/                                    bogus    POST 204 404 404 404 404 404 404
/tutorials/run/<int:run_id>/step/                                    bogus    GET  302 404 404 404 404 404 404
/tutorials/run/<int:run_id>/step/                                    bogus    POST 204 405 405 405 405 405 405
"""

ADMIN_ROWS = r"""
# The admin: anyone not staff is sent to its login page (302). Moderators (Moderators group)
# see games, seats, events, chat, reports, sanctions and users, change what their permissions
# allow; the superuser everything. Games, seats, events, chat messages and moderation records
# are read-only for everyone (403 on add/change/delete POSTs): moderation services change them.
/^admin/games/(?P<rest>(report|moderationaction|usersanction)/.*)$ -                  GET  301 301 301 301 301 301 301
/^admin/games/(?P<rest>(report|moderationaction|usersanction)/.*)$ -                  POST 301 301 301 301 301 301 301
/admin/                                                            -                  GET  302 302 302 302 302 200 200
/admin/                                                            -                  POST 302 302 302 302 302 200 200
/admin/(?P<url>.*)$                                                -                  GET  302 302 302 302 302 404 404
/admin/(?P<url>.*)$                                                -                  POST 302 302 302 302 302 404 404
/admin/^(?P<app_label>auth|sites|account|push|games|moderation)/$  games              GET  302 302 302 302 302 200 200
/admin/^(?P<app_label>auth|sites|account|push|games|moderation)/$  games              POST 302 302 302 302 302 200 200
/admin/^(?P<app_label>auth|sites|account|push|games|moderation)/$  push               GET  302 302 302 302 302 200 200
/admin/account/emailaddress/                                       -                  GET  302 302 302 302 302 403 200
/admin/account/emailaddress/                                       -                  POST 302 302 302 302 302 403 200
/admin/account/emailaddress/<path:object_id>/                      a.emailaddress     GET  302 302 302 302 302 302 302
/admin/account/emailaddress/<path:object_id>/                      a.emailaddress     POST 302 302 302 302 302 302 302
/admin/account/emailaddress/<path:object_id>/change/               a.emailaddress     GET  302 302 302 302 302 403 200
/admin/account/emailaddress/<path:object_id>/change/               a.emailaddress     POST 302 302 302 302 302 403 200
/admin/account/emailaddress/<path:object_id>/delete/               a.emailaddress     GET  302 302 302 302 302 403 200
/admin/account/emailaddress/<path:object_id>/delete/               a.emailaddress     POST 302 302 302 302 302 403 200
/admin/account/emailaddress/<path:object_id>/history/              a.emailaddress     GET  302 302 302 302 302 403 200
/admin/account/emailaddress/<path:object_id>/history/              a.emailaddress     POST 302 302 302 302 302 403 200
/admin/account/emailaddress/add/                                   -                  GET  302 302 302 302 302 403 200
/admin/account/emailaddress/add/                                   -                  POST 302 302 302 302 302 403 200
/admin/auth/group/                                                 -                  GET  302 302 302 302 302 403 200
/admin/auth/group/                                                 -                  POST 302 302 302 302 302 403 200
/admin/auth/group/<path:object_id>/                                a.group            GET  302 302 302 302 302 302 302
/admin/auth/group/<path:object_id>/                                a.group            POST 302 302 302 302 302 302 302
/admin/auth/group/<path:object_id>/change/                         a.group            GET  302 302 302 302 302 403 200
/admin/auth/group/<path:object_id>/change/                         a.group            POST 302 302 302 302 302 403 200
/admin/auth/group/<path:object_id>/delete/                         a.group            GET  302 302 302 302 302 403 200
/admin/auth/group/<path:object_id>/delete/                         a.group            POST 302 302 302 302 302 403 200
/admin/auth/group/<path:object_id>/history/                        a.group            GET  302 302 302 302 302 403 200
/admin/auth/group/<path:object_id>/history/                        a.group            POST 302 302 302 302 302 403 200
/admin/auth/group/add/                                             -                  GET  302 302 302 302 302 403 200
/admin/auth/group/add/                                             -                  POST 302 302 302 302 302 403 200
/admin/auth/user/                                                  -                  GET  302 302 302 302 302 200 200
/admin/auth/user/                                                  -                  POST 302 302 302 302 302 200 200
/admin/auth/user/<id>/password/                                    a.user             GET  302 302 302 302 302 403 200
/admin/auth/user/<id>/password/                                    a.user             POST 302 302 302 302 302 403 200
/admin/auth/user/<path:object_id>/                                 a.user             GET  302 302 302 302 302 302 302
/admin/auth/user/<path:object_id>/                                 a.user             POST 302 302 302 302 302 302 302
/admin/auth/user/<path:object_id>/change/                          a.user             GET  302 302 302 302 302 200 200
/admin/auth/user/<path:object_id>/change/                          a.user             POST 302 302 302 302 302 403 200
/admin/auth/user/<path:object_id>/delete/                          a.user             GET  302 302 302 302 302 403 200
/admin/auth/user/<path:object_id>/delete/                          a.user             POST 302 302 302 302 302 403 200
/admin/auth/user/<path:object_id>/history/                         a.user             GET  302 302 302 302 302 200 200
/admin/auth/user/<path:object_id>/history/                         a.user             POST 302 302 302 302 302 200 200
/admin/auth/user/add/                                              -                  GET  302 302 302 302 302 403 200
/admin/auth/user/add/                                              -                  POST 302 302 302 302 302 403 200
/admin/autocomplete/                                               -                  GET  302 302 302 302 302 403 403
/admin/autocomplete/                                               -                  POST 302 302 302 302 302 405 405
/admin/games/chatmessage/                                          -                  GET  302 302 302 302 302 200 200
/admin/games/chatmessage/                                          -                  POST 302 302 302 302 302 200 200
/admin/games/chatmessage/<path:object_id>/                         a.chatmessage      GET  302 302 302 302 302 302 302
/admin/games/chatmessage/<path:object_id>/                         a.chatmessage      POST 302 302 302 302 302 302 302
/admin/games/chatmessage/<path:object_id>/change/                  a.chatmessage      GET  302 302 302 302 302 200 200
/admin/games/chatmessage/<path:object_id>/change/                  a.chatmessage      POST 302 302 302 302 302 403 403
/admin/games/chatmessage/<path:object_id>/delete/                  a.chatmessage      GET  302 302 302 302 302 403 403
/admin/games/chatmessage/<path:object_id>/delete/                  a.chatmessage      POST 302 302 302 302 302 403 403
/admin/games/chatmessage/<path:object_id>/history/                 a.chatmessage      GET  302 302 302 302 302 200 200
/admin/games/chatmessage/<path:object_id>/history/                 a.chatmessage      POST 302 302 302 302 302 200 200
/admin/games/chatmessage/add/                                      -                  GET  302 302 302 302 302 403 403
/admin/games/chatmessage/add/                                      -                  POST 302 302 302 302 302 403 403
/admin/games/event/                                                -                  GET  302 302 302 302 302 200 200
/admin/games/event/                                                -                  POST 302 302 302 302 302 200 200
/admin/games/event/<path:object_id>/                               a.event            GET  302 302 302 302 302 302 302
/admin/games/event/<path:object_id>/                               a.event            POST 302 302 302 302 302 302 302
/admin/games/event/<path:object_id>/change/                        a.event            GET  302 302 302 302 302 200 200
/admin/games/event/<path:object_id>/change/                        a.event            POST 302 302 302 302 302 403 403
/admin/games/event/<path:object_id>/delete/                        a.event            GET  302 302 302 302 302 403 403
/admin/games/event/<path:object_id>/delete/                        a.event            POST 302 302 302 302 302 403 403
/admin/games/event/<path:object_id>/history/                       a.event            GET  302 302 302 302 302 200 200
/admin/games/event/<path:object_id>/history/                       a.event            POST 302 302 302 302 302 200 200
/admin/games/event/add/                                            -                  GET  302 302 302 302 302 403 403
/admin/games/event/add/                                            -                  POST 302 302 302 302 302 403 403
/admin/games/game/                                                 -                  GET  302 302 302 302 302 200 200
/admin/games/game/                                                 -                  POST 302 302 302 302 302 200 200
/admin/games/game/<int:object_id>/moderate/                        a.game             GET  302 302 302 302 302 200 200
/admin/games/game/<int:object_id>/moderate/                        a.game             POST 302 302 302 302 302 200 200
/admin/games/game/<int:object_id>/timeline/                        a.game             GET  302 302 302 302 302 200 200
/admin/games/game/<int:object_id>/timeline/                        a.game             POST 302 302 302 302 302 200 200
/admin/games/game/<path:object_id>/                                a.game             GET  302 302 302 302 302 302 302
/admin/games/game/<path:object_id>/                                a.game             POST 302 302 302 302 302 302 302
/admin/games/game/<path:object_id>/change/                         a.game             GET  302 302 302 302 302 200 200
/admin/games/game/<path:object_id>/change/                         a.game             POST 302 302 302 302 302 403 403
/admin/games/game/<path:object_id>/delete/                         a.game             GET  302 302 302 302 302 403 403
/admin/games/game/<path:object_id>/delete/                         a.game             POST 302 302 302 302 302 403 403
/admin/games/game/<path:object_id>/history/                        a.game             GET  302 302 302 302 302 200 200
/admin/games/game/<path:object_id>/history/                        a.game             POST 302 302 302 302 302 200 200
/admin/games/game/add/                                             -                  GET  302 302 302 302 302 403 403
/admin/games/game/add/                                             -                  POST 302 302 302 302 302 403 403
/admin/games/seat/                                                 -                  GET  302 302 302 302 302 200 200
/admin/games/seat/                                                 -                  POST 302 302 302 302 302 200 200
/admin/games/seat/<path:object_id>/                                a.seat             GET  302 302 302 302 302 302 302
/admin/games/seat/<path:object_id>/                                a.seat             POST 302 302 302 302 302 302 302
/admin/games/seat/<path:object_id>/change/                         a.seat             GET  302 302 302 302 302 200 200
/admin/games/seat/<path:object_id>/change/                         a.seat             POST 302 302 302 302 302 403 403
/admin/games/seat/<path:object_id>/delete/                         a.seat             GET  302 302 302 302 302 403 403
/admin/games/seat/<path:object_id>/delete/                         a.seat             POST 302 302 302 302 302 403 403
/admin/games/seat/<path:object_id>/history/                        a.seat             GET  302 302 302 302 302 200 200
/admin/games/seat/<path:object_id>/history/                        a.seat             POST 302 302 302 302 302 200 200
/admin/games/seat/add/                                             -                  GET  302 302 302 302 302 403 403
/admin/games/seat/add/                                             -                  POST 302 302 302 302 302 403 403
/admin/jsi18n/                                                     -                  GET  302 302 302 302 302 200 200
/admin/jsi18n/                                                     -                  POST 302 302 302 302 302 405 405
/admin/login/                                                      -                  GET  200 200 200 200 200 302 302
/admin/login/                                                      -                  POST 200 200 200 200 200 200 200
/admin/logout/                                                     -                  GET  302 302 302 302 302 405 405
/admin/logout/                                                     -                  POST 302 302 302 302 302 302 302
/admin/moderation/moderationaction/                                -                  GET  302 302 302 302 302 200 200
/admin/moderation/moderationaction/                                -                  POST 302 302 302 302 302 200 200
/admin/moderation/moderationaction/<path:object_id>/               a.moderationaction GET  302 302 302 302 302 302 302
/admin/moderation/moderationaction/<path:object_id>/               a.moderationaction POST 302 302 302 302 302 302 302
/admin/moderation/moderationaction/<path:object_id>/change/        a.moderationaction GET  302 302 302 302 302 200 200
/admin/moderation/moderationaction/<path:object_id>/change/        a.moderationaction POST 302 302 302 302 302 403 403
/admin/moderation/moderationaction/<path:object_id>/delete/        a.moderationaction GET  302 302 302 302 302 403 403
/admin/moderation/moderationaction/<path:object_id>/delete/        a.moderationaction POST 302 302 302 302 302 403 403
/admin/moderation/moderationaction/<path:object_id>/history/       a.moderationaction GET  302 302 302 302 302 200 200
/admin/moderation/moderationaction/<path:object_id>/history/       a.moderationaction POST 302 302 302 302 302 200 200
/admin/moderation/moderationaction/add/                            -                  GET  302 302 302 302 302 403 403
/admin/moderation/moderationaction/add/                            -                  POST 302 302 302 302 302 403 403
/admin/moderation/report/                                          -                  GET  302 302 302 302 302 200 200
/admin/moderation/report/                                          -                  POST 302 302 302 302 302 200 200
/admin/moderation/report/<int:object_id>/handle/                   a.report           GET  302 302 302 302 302 403 403
/admin/moderation/report/<int:object_id>/handle/                   a.report           POST 302 302 302 302 302 302 302
/admin/moderation/report/<path:object_id>/                         a.report           GET  302 302 302 302 302 302 302
/admin/moderation/report/<path:object_id>/                         a.report           POST 302 302 302 302 302 302 302
/admin/moderation/report/<path:object_id>/change/                  a.report           GET  302 302 302 302 302 200 200
/admin/moderation/report/<path:object_id>/change/                  a.report           POST 302 302 302 302 302 403 403
/admin/moderation/report/<path:object_id>/delete/                  a.report           GET  302 302 302 302 302 403 403
/admin/moderation/report/<path:object_id>/delete/                  a.report           POST 302 302 302 302 302 403 403
/admin/moderation/report/<path:object_id>/history/                 a.report           GET  302 302 302 302 302 200 200
/admin/moderation/report/<path:object_id>/history/                 a.report           POST 302 302 302 302 302 200 200
/admin/moderation/report/add/                                      -                  GET  302 302 302 302 302 403 403
/admin/moderation/report/add/                                      -                  POST 302 302 302 302 302 403 403
/admin/moderation/usersanction/                                    -                  GET  302 302 302 302 302 200 200
/admin/moderation/usersanction/                                    -                  POST 302 302 302 302 302 200 200
/admin/moderation/usersanction/<path:object_id>/                   a.usersanction     GET  302 302 302 302 302 302 302
/admin/moderation/usersanction/<path:object_id>/                   a.usersanction     POST 302 302 302 302 302 302 302
/admin/moderation/usersanction/<path:object_id>/change/            a.usersanction     GET  302 302 302 302 302 200 200
/admin/moderation/usersanction/<path:object_id>/change/            a.usersanction     POST 302 302 302 302 302 403 403
/admin/moderation/usersanction/<path:object_id>/delete/            a.usersanction     GET  302 302 302 302 302 403 403
/admin/moderation/usersanction/<path:object_id>/delete/            a.usersanction     POST 302 302 302 302 302 403 403
/admin/moderation/usersanction/<path:object_id>/history/           a.usersanction     GET  302 302 302 302 302 200 200
/admin/moderation/usersanction/<path:object_id>/history/           a.usersanction     POST 302 302 302 302 302 200 200
/admin/moderation/usersanction/add/                                -                  GET  302 302 302 302 302 403 403
/admin/moderation/usersanction/add/                                -                  POST 302 302 302 302 302 403 403
/admin/password_change/                                            -                  GET  302 302 302 302 302 200 200
/admin/password_change/                                            -                  POST 302 302 302 302 302 200 200
/admin/password_change/done/                                       -                  GET  302 302 302 302 302 200 200
/admin/password_change/done/                                       -                  POST 302 302 302 302 302 405 405
# The push devices and records: read-only, without their secrets; a superuser may remove a device.
/admin/push/pushrecord/                                            -                  GET  302 302 302 302 302 200 200
/admin/push/pushrecord/                                            -                  POST 302 302 302 302 302 200 200
/admin/push/pushrecord/<path:object_id>/                           a.pushrecord       GET  302 302 302 302 302 302 302
/admin/push/pushrecord/<path:object_id>/                           a.pushrecord       POST 302 302 302 302 302 302 302
/admin/push/pushrecord/<path:object_id>/change/                    a.pushrecord       GET  302 302 302 302 302 200 200
/admin/push/pushrecord/<path:object_id>/change/                    a.pushrecord       POST 302 302 302 302 302 403 403
/admin/push/pushrecord/<path:object_id>/delete/                    a.pushrecord       GET  302 302 302 302 302 403 403
/admin/push/pushrecord/<path:object_id>/delete/                    a.pushrecord       POST 302 302 302 302 302 403 403
/admin/push/pushrecord/<path:object_id>/history/                   a.pushrecord       GET  302 302 302 302 302 200 200
/admin/push/pushrecord/<path:object_id>/history/                   a.pushrecord       POST 302 302 302 302 302 200 200
/admin/push/pushrecord/add/                                        -                  GET  302 302 302 302 302 403 403
/admin/push/pushrecord/add/                                        -                  POST 302 302 302 302 302 403 403
/admin/push/pushsubscription/                                      -                  GET  302 302 302 302 302 200 200
/admin/push/pushsubscription/                                      -                  POST 302 302 302 302 302 200 200
/admin/push/pushsubscription/<path:object_id>/                     a.pushsubscription GET  302 302 302 302 302 302 302
/admin/push/pushsubscription/<path:object_id>/                     a.pushsubscription POST 302 302 302 302 302 302 302
/admin/push/pushsubscription/<path:object_id>/change/              a.pushsubscription GET  302 302 302 302 302 200 200
/admin/push/pushsubscription/<path:object_id>/change/              a.pushsubscription POST 302 302 302 302 302 403 403
/admin/push/pushsubscription/<path:object_id>/delete/              a.pushsubscription GET  302 302 302 302 302 403 200
/admin/push/pushsubscription/<path:object_id>/delete/              a.pushsubscription POST 302 302 302 302 302 403 200
/admin/push/pushsubscription/<path:object_id>/history/             a.pushsubscription GET  302 302 302 302 302 200 200
/admin/push/pushsubscription/<path:object_id>/history/             a.pushsubscription POST 302 302 302 302 302 200 200
/admin/push/pushsubscription/add/                                  -                  GET  302 302 302 302 302 403 403
/admin/push/pushsubscription/add/                                  -                  POST 302 302 302 302 302 403 403
/admin/r/<path:content_type_id>/<path:object_id>/                  a.game             GET  302 302 302 302 302 404 404
/admin/r/<path:content_type_id>/<path:object_id>/                  a.game             POST 302 302 302 302 302 404 404
/admin/sites/site/                                                 -                  GET  302 302 302 302 302 403 200
/admin/sites/site/                                                 -                  POST 302 302 302 302 302 403 200
/admin/sites/site/<path:object_id>/                                a.site             GET  302 302 302 302 302 302 302
/admin/sites/site/<path:object_id>/                                a.site             POST 302 302 302 302 302 302 302
/admin/sites/site/<path:object_id>/change/                         a.site             GET  302 302 302 302 302 403 200
/admin/sites/site/<path:object_id>/change/                         a.site             POST 302 302 302 302 302 403 200
/admin/sites/site/<path:object_id>/delete/                         a.site             GET  302 302 302 302 302 403 200
/admin/sites/site/<path:object_id>/delete/                         a.site             POST 302 302 302 302 302 403 200
/admin/sites/site/<path:object_id>/history/                        a.site             GET  302 302 302 302 302 403 200
/admin/sites/site/<path:object_id>/history/                        a.site             POST 302 302 302 302 302 403 200
/admin/sites/site/add/                                             -                  GET  302 302 302 302 302 403 200
/admin/sites/site/add/                                             -                  POST 302 302 302 302 302 403 200
"""


def parse(table: str) -> dict:
    rows = {}
    for line in table.strip().splitlines():
        line = line.split("#", 1)[0].strip()
        if not line:
            continue
        route, subject, method, *statuses = line.split()
        assert route.startswith("/"), f"a route starts with /: {line}"
        route = route[1:]
        assert len(statuses) == len(ROLES), f"row needs {len(ROLES)} statuses: {line}"
        key = (route, subject, method)
        assert key not in rows, f"duplicate row: {line}"
        rows[key] = [int(status) for status in statuses]
    return rows


def all_rows() -> dict:
    return {**parse(ROWS), **parse(ADMIN_ROWS)}


def url_patterns(patterns=None, prefix=""):
    """Every URL pattern of the site, as (route, pattern): includes walked recursively."""
    if patterns is None:
        patterns = get_resolver().url_patterns
    for pattern in patterns:
        route = prefix + str(pattern.pattern)
        if isinstance(pattern, URLResolver):
            yield from url_patterns(pattern.url_patterns, route)
        elif isinstance(pattern, URLPattern):
            yield route, pattern


# ---------------------------------------------------------------------------------------
# Filling the path parameters.
# ---------------------------------------------------------------------------------------
def admin_objects(world) -> dict:
    from allauth.account.models import EmailAddress

    from games.moderation import services as moderation
    from games.table import services as table
    from games.table.models import Event, Seat

    public = world.games["public"]
    message = table.chat_post(game_id=public.pk, user=world.user("player"), text="hello")
    report = moderation.report_create(
        reporter=world.user("other_player"), game=public, category="abuse", message=message
    )
    sanction = moderation.user_mute(
        moderator=world.user("admin"), user=world.user("stranger"), hours=1, reason="test"
    )
    from games.moderation.models import ModerationAction
    from games.push.models import PushRecord, PushSubscription

    device = PushSubscription.objects.create(
        user=world.user("player"), endpoint="https://push.example/secret", p256dh="k", auth="a"
    )
    record = PushRecord.objects.create(
        subscription=device, user=device.user, game=public, kind="turn", key="k"
    )
    return {
        "a.pushsubscription": device,
        "a.pushrecord": record,
        "a.group": Group.objects.get(name="Moderators"),
        "a.site": Site.objects.get_current(),
        "a.emailaddress": EmailAddress.objects.get(user=world.user("player")),
        "a.seat": Seat.objects.filter(game=public).first(),
        "a.event": Event.objects.filter(game=public).first(),
        "a.chatmessage": message,
        "a.report": report,
        "a.moderationaction": ModerationAction.objects.latest("pk"),
        "a.usersanction": sanction,
        "a.user": world.user("player"),
        "a.game": public,
    }


def fill(route: str, subject: str, world, objects) -> str:
    """The path of `route` with its parameters taken from `subject`."""
    games = world.games

    def value(name):
        if name == "game_id":
            return str(games[subject].pk)
        if name == "token" and route.startswith("mail/"):
            return unsubscribe_token(world.user(subject), "turn")
        if name == "token":
            return games[subject].invitation_token or "no-token"
        if name == "username":
            return world.user(subject).username
        if name == "pk":
            return "999999"
        if name in {"object_id", "id"}:
            return str(objects[subject].pk) if subject in objects else "999999"
        if name == "content_type_id":
            return str(ContentType.objects.get_for_model(objects[subject]).pk)
        if name == "app_label":
            return subject
        if name == "pool":
            return subject
        if name == "rest":
            return "report/"
        if name == "url":
            return "no-such-page/"
        if name in {"key", "uidb36"}:
            return "bogus"
        if name == "slug":  # a tutorial
            return subject
        if name == "run_id":  # a tutorial's run: none of the visitors'
            return "999999"
        raise AssertionError(f"no value for <{name}> in {route}")

    if route.startswith("^") or "(?P<" in route:
        path = re.sub(r"\(\?P<(\w+)>(?:[^()]|\([^()]*\))*\)", lambda m: value(m.group(1)), route)
        path = path.replace("^", "").replace("$", "")
    else:
        path = re.sub(r"<(?:\w+:)?(\w+)>", lambda m: value(m.group(1)), route)
    if subject == "a.user" and route.endswith("<id>/password/"):
        path = path.replace("999999", str(objects[subject].pk))
    return "/" + path


def request(client, method, path):
    cache.clear()
    with transaction.atomic():
        if method == "GET":
            response = client.get(path)
        else:  # as the site's pages send them: htmx answers a refusal with its status
            response = client.post(path, HTTP_HX_REQUEST="true")
        transaction.set_rollback(True)
    # A stream (the live updates) is left unread and unclosed: closing it would end the
    # request and hand the test's database connection back to the pool.
    return response.status_code


@pytest.fixture(autouse=True)
def _private_cache(settings):
    settings.CACHES = {
        **settings.CACHES,
        "default": {"BACKEND": "django.core.cache.backends.locmem.LocMemCache", "LOCATION": "z"}
    }
    settings.REDIS_URL = ""


def test_every_url_pattern_has_an_authorization_row():
    covered = {route for route, _subject, _method in all_rows()}
    missing = [route for route, _pattern in url_patterns() if route not in covered]
    assert not missing, "new URL without an authorization row: " + ", ".join(missing)
    stale = covered - {route for route, _pattern in url_patterns()}
    assert not stale, "rows for URLs that no longer exist: " + ", ".join(sorted(stale))


@pytest.mark.django_db
@pytest.mark.parametrize("role", ROLES)
def test_authorization_matrix(role):
    world = build_world()
    objects = admin_objects(world)
    client = log_in(Client(raise_request_exception=False), world, role)
    cookies = copy.deepcopy(client.cookies)
    index = ROLES.index(role)
    wrong, printed = [], []
    for (route, subject, method), statuses in sorted(all_rows().items()):
        client.cookies = copy.deepcopy(cookies)
        path = fill(route, subject, world, objects)
        status = request(client, method, path)
        printed.append((route, subject, method, status))
        if status >= 500:
            wrong.append(f"{method} {path} ({route}, {subject}): {status}, a server error")
        elif status != statuses[index]:
            wrong.append(f"{method} {path} ({route}, {subject}): {status}, not {statuses[index]}")
    if os.environ.get("AUTHZ_PRINT"):
        with open(os.environ["AUTHZ_PRINT"] + f".{role}", "w") as out:
            for row in printed:
                out.write(" ".join(map(str, row)) + "\n")
    assert not wrong, f"{role}:\n" + "\n".join(wrong)
