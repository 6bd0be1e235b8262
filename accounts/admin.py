from django.contrib import admin
from django.contrib.auth import get_user_model
from django.contrib.auth.admin import UserAdmin

from .models import Profile

User = get_user_model()


class ProfileInline(admin.StackedInline):
    model = Profile
    can_delete = False
    extra = 0
    fields = [
        "display_name",
        "language",
        "timezone",
        ("email_on_turn", "email_reminder", "email_digest"),
        "away_until",
    ]


class UserWithProfileAdmin(UserAdmin):
    inlines = [ProfileInline]
    list_display = [*UserAdmin.list_display, "profile_display_name"]
    list_select_related = ["profile"]

    @admin.display(description="display name", ordering="profile__display_name")
    def profile_display_name(self, user):
        return user.profile.display_name if hasattr(user, "profile") else ""


admin.site.unregister(User)
admin.site.register(User, UserWithProfileAdmin)
