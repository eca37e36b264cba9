"""Staff tools: accounts, with computers marked (P-BOT-1: created only by staff)."""
from django.contrib import admin
from django.contrib.auth.admin import UserAdmin

from .models import User


@admin.register(User)
class MahjongUserAdmin(UserAdmin):
    list_display = ("username", "email", "email_confirmed_at", "is_computer", "computer_strength",
                    "is_staff", "date_joined")
    list_filter = ("is_computer", "is_staff", "is_active")
    fieldsets = UserAdmin.fieldsets + (
        ("Mahjong Planet", {"fields": ("email_confirmed_at", "is_computer", "computer_strength",
                                       "computer_description")}),
    )
