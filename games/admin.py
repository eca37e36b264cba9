"""Staff tools: stored games (read-mostly; the log is the truth and is never edited here)."""
from django.contrib import admin

from .models import ActionRecord, Game, Seat


class SeatInline(admin.TabularInline):
    model = Seat
    extra = 0
    raw_id_fields = ("user",)


@admin.register(Game)
class GameAdmin(admin.ModelAdmin):
    list_display = ("id", "kind", "preset_name", "preset_version", "status", "end_reason",
                    "created_at", "finished_at")
    list_filter = ("kind", "status", "preset_name")
    inlines = [SeatInline]
    readonly_fields = ("log", "preset_snapshot", "seq", "phase", "state_version", "hands_started",
                       "final_scores", "game_result", "pending_computer_seats", "continued_seats")
    raw_id_fields = ("created_by",)


@admin.register(ActionRecord)
class ActionRecordAdmin(admin.ModelAdmin):
    list_display = ("game", "index", "seq", "seat", "kind", "by_computer", "timeout", "created_at")
    list_filter = ("kind", "by_computer")
    raw_id_fields = ("game",)
