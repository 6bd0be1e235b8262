from django.urls import path

from games import sse
from games.views import finished, lobby, play

app_name = "games"

urlpatterns = [
    path("", lobby.lobby, name="lobby"),
    path("new/", lobby.game_create, name="create"),
    path("<int:game_id>/", play.game_detail, name="detail"),
    path("<int:game_id>/join/", lobby.seat_join, name="join"),
    path("<int:game_id>/leave/", lobby.seat_leave, name="leave"),
    path("<int:game_id>/start/", lobby.game_start, name="start"),
    path("<int:game_id>/invite/<str:token>/", lobby.invitation, name="invitation"),
    path("<int:game_id>/panel/", play.game_panel, name="panel"),
    path("<int:game_id>/act/", play.action_post, name="act"),
    path("<int:game_id>/changed/", play.game_changed, name="changed"),
    path("<int:game_id>/live/", sse.game_live, name="live"),
    path("<int:game_id>/chat/", play.chat, name="chat"),
    path("<int:game_id>/replay/", finished.replay, name="replay"),
    path("<int:game_id>/verify/", finished.verify, name="verify"),
    path("<int:game_id>/log.json", finished.log_download, name="log_download"),
]
