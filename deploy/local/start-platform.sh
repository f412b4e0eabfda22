#!/usr/bin/env bash
# npm start: install what is missing, start infrastructure, build, migrate, run every service.
# npm start -- --traces: the same, with every service's traces written to .cache/traces/spans.jsonl.
set -euo pipefail
cd "$(dirname "$0")/../.."
[ -d node_modules ] || bash tools/install-deps.sh
bash deploy/local/up.sh
npm run --silent build
node dist/tools/migrate.js
exec node dist/tools/start-platform.js "$@"
