"""Staff tools: the moderation queue (P-FAIR-3) and read-only ratings (P-RATE-8).

The queue lists reports, open ones first; a report's page shows the game (with a link to its
replay), the reported account's per-decision timing and timeouts in that game (from the
``ActionRecord`` audit trail) and the accounts it most often shared a ranked table with.
Moderators decide with the actions dismiss, warn, flag, close (P-FAIR-3); nothing is decided
automatically (P-FAIR-5).
"""
from __future__ import annotations

from django.contrib import admin, messages
from django.db.models import Case, IntegerField, Value, When
from django.urls import reverse
from django.utils.html import format_html, format_html_join

from . import fairplay
from .models import FairPlayStatus, ModerationAction, Rating, RatingChange, Report, Settlement


def _decide(decision: str, label: str):
    def action(modeladmin, request, queryset):
        count = fairplay.resolve(list(queryset.select_related("reported")), decision, request.user)
        modeladmin.message_user(request, f"{label}: {count} report(s).", messages.SUCCESS)
    action.__name__ = f"decide_{decision}"
    action.short_description = label
    return action


@admin.register(Report)
class ReportAdmin(admin.ModelAdmin):
    """The moderation queue (P-FAIR-3)."""

    list_display = ("id", "created_at", "reported", "category", "reporter", "game_link", "hand",
                    "status", "reports_about_account")
    list_filter = ("status", "category")
    search_fields = ("reported__username", "reporter__username", "comment")
    raw_id_fields = ("reporter", "reported", "game", "resolved_by")
    readonly_fields = ("reporter", "reported", "category", "comment", "game_link", "hand",
                       "created_at", "status", "resolved_at", "resolved_by", "standing",
                       "decision_timing", "frequent_tablemates")
    fields = readonly_fields
    actions = [_decide("dismiss", "Dismiss"), _decide("warn", "Warn the account"),
               _decide("flag", "Set the fair-play flag"), _decide("close", "Close the account")]

    def get_queryset(self, request):
        open_first = Case(When(status=Report.Status.OPEN, then=Value(0)), default=Value(1),
                          output_field=IntegerField())
        return (super().get_queryset(request).select_related("reporter", "reported", "game")
                .order_by(open_first, "-created_at"))

    def has_add_permission(self, request):
        return False

    @admin.display(description="game")
    def game_link(self, obj):
        if obj.game_id is None:
            return "—"
        return format_html('<a href="{}">#{}</a> (<a href="{}">replay</a>)',
                           reverse("admin:games_game_change", args=[obj.game_id]), obj.game_id,
                           reverse("replay", args=[obj.game_id]))

    @admin.display(description="reports about this account")
    def reports_about_account(self, obj):
        return Report.objects.filter(reported_id=obj.reported_id).count()

    @admin.display(description="fair-play standing")
    def standing(self, obj):
        status = FairPlayStatus.objects.filter(user_id=obj.reported_id).first()
        if status is None:
            return "in good standing"
        return f"flagged: {status.flagged}; warnings: {status.warnings}"

    @admin.display(description="per-decision timing in this game (seconds; timeouts marked)")
    def decision_timing(self, obj):
        if obj.game is None:
            return "—"
        rows = fairplay.decision_timing(obj.game, obj.reported)
        if not rows:
            return "no decisions"
        timeouts = sum(1 for r in rows if r["timeout"])
        seconds = [r["seconds"] for r in rows if r["seconds"] is not None]
        mean = sum(seconds) / len(seconds) if seconds else 0.0
        body = format_html_join("", "<tr><td>{}</td><td>{}</td><td>{}</td><td>{}</td></tr>", (
            (r["seq"], r["action"], "" if r["seconds"] is None else f"{r['seconds']:.2f}",
             "TIMEOUT" if r["timeout"] else "") for r in rows))
        return format_html("<p>{} decisions, {} timeouts, mean {} s</p><table><tr><th>seq</th>"
                           "<th>action</th><th>seconds</th><th></th></tr>{}</table>",
                           len(rows), timeouts, f"{mean:.2f}", body)

    @admin.display(description="accounts most often at the same ranked table")
    def frequent_tablemates(self, obj):
        rows = fairplay.frequent_tablemates(obj.reported)
        if not rows:
            return "—"
        return format_html("<ul>{}</ul>", format_html_join("", "<li>{} ({}): {} games</li>", (
            (r["username"], "computer" if r["is_computer"] else "human", r["games"]) for r in rows)))


@admin.register(FairPlayStatus)
class FairPlayStatusAdmin(admin.ModelAdmin):
    list_display = ("user", "flagged", "flagged_at", "warnings", "last_warned_at")
    list_filter = ("flagged",)
    raw_id_fields = ("user",)
    readonly_fields = ("flagged", "flagged_at", "warnings", "last_warned_at")


@admin.register(ModerationAction)
class ModerationActionAdmin(admin.ModelAdmin):
    list_display = ("created_at", "kind", "account", "moderator", "report")
    list_filter = ("kind",)
    raw_id_fields = ("account", "moderator", "report")


@admin.register(Rating)
class RatingAdmin(admin.ModelAdmin):
    list_display = ("username", "family", "mu", "sigma", "games", "tenhou_r", "last_rated_at",
                    "is_computer", "flagged")
    list_filter = ("family", "is_computer", "flagged")
    search_fields = ("username",)
    raw_id_fields = ("user",)

    def has_change_permission(self, request, obj=None):
        return False


@admin.register(RatingChange)
class RatingChangeAdmin(admin.ModelAdmin):
    list_display = ("created_at", "game", "user", "family", "placement", "mu_before", "mu_after",
                    "display_change")
    list_filter = ("family",)
    raw_id_fields = ("game", "user")

    def has_change_permission(self, request, obj=None):
        return False


@admin.register(Settlement)
class SettlementAdmin(admin.ModelAdmin):
    list_display = ("game", "family", "settled_at")
    raw_id_fields = ("game",)

    def has_change_permission(self, request, obj=None):
        return False
