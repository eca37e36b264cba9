"""Staff tools: accounts, with computers marked (P-BOT-1: created only by staff), and the
roster of outside bot accounts (P-BOT-2): staff list a bot account (``computer_listed``: it
appears on ``/computers/`` with its operator and description and may take a computer seat at
a public, ranked table) or unlist it again, by the list's actions or the account's form."""
from django.contrib import admin, messages
from django.contrib.auth.admin import UserAdmin
from django.utils.translation import gettext_lazy as _
from django.utils.translation import ngettext

from .models import User


def _set_listed(modeladmin, request, queryset, listed: bool) -> None:
    bots = queryset.filter(bot_account_at__isnull=False)
    changed = bots.exclude(computer_listed=listed).update(computer_listed=listed)
    skipped = queryset.count() - bots.count()
    text = (ngettext("%(n)d bot account listed on the roster.", "%(n)d bot accounts listed on the roster.",
                     changed) if listed else
            ngettext("%(n)d bot account taken off the roster.", "%(n)d bot accounts taken off the roster.",
                     changed))
    modeladmin.message_user(request, text % {"n": changed}, messages.SUCCESS)
    if skipped:
        modeladmin.message_user(request, ngettext(
            "%(n)d account skipped: only bot accounts are listed or unlisted (built-in computers are "
            "always listed).", "%(n)d accounts skipped: only bot accounts are listed or unlisted "
            "(built-in computers are always listed).", skipped) % {"n": skipped}, messages.WARNING)


@admin.action(description=_("List the selected bot accounts on the computer roster"))
def list_bots(modeladmin, request, queryset):
    """Put the selected outside bot accounts on the roster (P-BOT-2)."""
    _set_listed(modeladmin, request, queryset, True)


@admin.action(description=_("Take the selected bot accounts off the computer roster"))
def unlist_bots(modeladmin, request, queryset):
    """Take the selected outside bot accounts off the roster (P-BOT-2); ranked seats they
    already hold are not taken back."""
    _set_listed(modeladmin, request, queryset, False)


class BotAccountFilter(admin.SimpleListFilter):
    """Filter by kind of account: person, built-in computer, bot account (listed or not)."""

    title = _("kind of account")
    parameter_name = "kind"

    def lookups(self, request, model_admin):
        return [("person", _("person")), ("builtin", _("built-in computer")),
                ("bot", _("bot account")), ("bot_listed", _("listed bot account"))]

    def queryset(self, request, queryset):
        value = self.value()
        if value == "person":
            return queryset.filter(is_computer=False)
        if value == "builtin":
            return queryset.filter(is_computer=True, bot_account_at__isnull=True)
        if value == "bot":
            return queryset.filter(bot_account_at__isnull=False)
        if value == "bot_listed":
            return queryset.filter(bot_account_at__isnull=False, computer_listed=True)
        return queryset


@admin.register(User)
class MahjongUserAdmin(UserAdmin):
    list_display = ("username", "email", "email_confirmed_at", "is_computer", "computer_strength",
                    "bot_account_at", "computer_listed", "is_staff", "date_joined")
    list_filter = (BotAccountFilter, "is_computer", "is_staff", "is_active")
    actions = [list_bots, unlist_bots]
    readonly_fields = ("bot_account_at",)
    fieldsets = UserAdmin.fieldsets + (
        ("Mahjong Planet", {"fields": ("email_confirmed_at", "is_computer", "computer_strength",
                                       "computer_description", "bot_account_at", "computer_listed")}),
    )
