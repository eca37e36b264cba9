#!/bin/sh
# Outside bot (b) for the arena (issue 13 item 4): kobalab's majiang-ai (npm) with majiang-core,
# driven by tools/outside_bots/majiang_bridge.js. Installed into tools/outside_bots/node_modules
# (not committed). Benchmark only, never CI. Needs node >= 18 and npm.
#   sh tools/outside_bots/setup_majiang.sh
#   .venv/bin/python -m rules_engine.arena --outside "node tools/outside_bots/majiang_bridge.js" --hero strong --games 100
set -eu
cd "$(dirname "$0")"
npm install --no-audit --no-fund --no-save @kobalab/majiang-ai@1 @kobalab/majiang-core@1
node -e "require('@kobalab/majiang-ai'); require('@kobalab/majiang-core'); console.log('majiang-ai ready')"
