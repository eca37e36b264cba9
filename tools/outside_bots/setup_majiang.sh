#!/bin/sh
# Outside bot (b) for the arena (issue 13 item 4): kobalab's majiang-ai (npm) with majiang-core,
# driven by tools/outside_bots/majiang_bridge.js. Installed into tools/outside_bots/node_modules
# (not committed). Benchmark only, never CI. Needs node >= 18 and npm.
#   sh tools/outside_bots/setup_majiang.sh
#   .venv/bin/python -m rules_engine.arena --outside "node tools/outside_bots/majiang_bridge.js" --hero strong --games 100
set -eu
cd "$(dirname "$0")"
# Exact versions, so arena figures name what was played (the figures of 2026-12-02: these two).
npm install --no-audit --no-fund --no-save @kobalab/majiang-ai@1.0.13 @kobalab/majiang-core@1.4.1
node -e "require('@kobalab/majiang-ai'); require('@kobalab/majiang-core');
  const v = n => JSON.parse(require('fs').readFileSync('node_modules/' + n + '/package.json')).version;
  console.log('majiang-ai ready: majiang-ai ' + v('@kobalab/majiang-ai') + ', majiang-core ' + v('@kobalab/majiang-core'))"
