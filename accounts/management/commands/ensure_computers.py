"""``manage.py ensure_computers``: create the built-in computer accounts (P-BOT-1); idempotent."""
from django.core.management.base import BaseCommand

from accounts.computers import ensure_computer_accounts


class Command(BaseCommand):
    help = "Create the built-in computer accounts (one set of three per strength). Safe to rerun."

    def handle(self, *args, **options):
        users = ensure_computer_accounts()
        self.stdout.write(f"{len(users)} computer accounts: {', '.join(u.username for u in users)}")
