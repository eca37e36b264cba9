"""The `mjai` package's rule-based bot (mjai.bot.rulebase.RulebaseBot) as an arena outside
program: JSON lines on stdin/stdout (a line = a JSON array of mjai events, the answer = one
JSON reply), the protocol of mjai.app's bots (mjai.Bot.start). mjai's own Bot.start fixes the
seat at start-up; the arena rotates seats, so this adapter builds a new bot at every
``start_game`` with that event's ``id``. Run it with the mjai venv's python
(tools/outside_bots/setup_mjai_bot.sh); ``--bot riichi`` plays mjai's simpler RiichiBot.
"""
import json
import sys

from loguru import logger

logger.remove()                     # the bot logs every discard at INFO; keep stdout/stderr quiet


def main() -> None:
    if "--bot" in sys.argv and sys.argv[sys.argv.index("--bot") + 1] == "riichi":
        from mjai.bot.riichibot import RiichiBot as BotClass
    else:
        from mjai.bot.rulebase import RulebaseBot as BotClass
    bot = None
    for line in sys.stdin:
        line = line.strip()
        if not line:
            continue
        events = json.loads(line)
        for i, ev in enumerate(events):
            if ev.get("type") == "start_game":
                bot = BotClass(player_id=int(ev.get("id", 0)))
        reply = bot.react(json.dumps(events)) if bot is not None else '{"type":"none"}'
        sys.stdout.write(reply.strip() + "\n")
        sys.stdout.flush()


if __name__ == "__main__":
    main()
