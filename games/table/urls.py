"""The table's URLs (namespace ``games``): lobby, game page, moves, chat, live updates,
replay, public profiles."""

from django.urls import path

from games.table.views import finished, live, lobby, log, play, players

app_name = "games"

urlpatterns = [
    path("games/", lobby.lobby, name="lobby"),
    path("games/new/", lobby.game_create, name="create"),
    path("games/<int:game_id>/", play.game_detail, name="detail"),
    path("games/<int:game_id>/join/", lobby.seat_join, name="join"),
    path("games/<int:game_id>/leave/", lobby.seat_leave, name="leave"),
    path("games/<int:game_id>/start/", lobby.game_start, name="start"),
    path("games/<int:game_id>/cancel/", lobby.game_cancel, name="cancel"),
    path("games/<int:game_id>/rematch/", lobby.game_rematch, name="rematch"),
    path("games/<int:game_id>/seen/", play.game_seen, name="seen"),
    path("games/<int:game_id>/invite/<str:token>/", lobby.invitation, name="invitation"),
    path("games/<int:game_id>/panel/", play.game_panel, name="panel"),
    path("games/<int:game_id>/act/", play.action_post, name="act"),
    path("games/<int:game_id>/standing/", play.standing_post, name="standing"),
    path("games/<int:game_id>/changed/", play.game_changed, name="changed"),
    path("games/<int:game_id>/live/", live.game_live, name="live"),
    path("games/<int:game_id>/chat/", play.chat, name="chat"),
    path("games/<int:game_id>/replay/", finished.replay, name="replay"),
    path("games/<int:game_id>/verify/", finished.verify, name="verify"),
    path("games/<int:game_id>/log/", log.game_log, name="log"),
    path("games/<int:game_id>/log.json", finished.log_download, name="log_download"),
    path("players/<str:username>/", players.player_profile, name="player"),
]
