#!/bin/sh
# Outside bot (a) for the arena (issue 13 item 4): the rule-based bot of the `mjai` package
# (PyPI, mjai.app's reference bot, mjai 0.2.1). Its own virtual environment, because it pins
# mahjong~=1.2.0 while the project uses a newer mahjong. Benchmark only, never CI.
#   sh tools/outside_bots/setup_mjai_bot.sh     # creates var/outside/mjai-venv
#   .venv/bin/python -m rules_engine.arena --outside "var/outside/mjai-venv/bin/python tools/outside_bots/mjai_rulebase_stdio.py" --hero strong --games 100
set -eu
cd "$(dirname "$0")/../.."
mkdir -p var/outside
python3.11 -m venv var/outside/mjai-venv 2>/dev/null || python3 -m venv var/outside/mjai-venv
var/outside/mjai-venv/bin/pip install --quiet "mjai==0.2.1" "mahjong==1.2.1"
var/outside/mjai-venv/bin/python -c "import mjai.bot.rulebase; print('mjai rule-based bot ready')"
