"""The trial of django-eventstream + Pushpin in the cluster benchmark (bench/web/cluster.py
--fanout eventstream): bench-only settings, URLs and publishing, never used by the site.

Pushpin (Debian's package) holds the live connections in front of HAProxy and the web
processes; a page opens `/games/<id>/events/` (django_eventstream's view, behind Pushpin's
GRIP: the web process answers at once and Pushpin keeps the stream); on each move the web
process publishes through Pushpin's HTTP publishing port what our fan-out sends: the
`changed` notice to the players' channel, and to the anonymous spectators' channel the
notice with `"push": true` and the shared panel, rendered once per move. Events are kept
in the database (django_eventstream's storage) so that a reconnecting browser's
Last-Event-ID replays what it missed.
"""
