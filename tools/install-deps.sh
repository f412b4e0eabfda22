#!/usr/bin/env bash
# Installs exactly the locked dependencies. The registry reachable here serves the Linux
# builds of native packages only (@swc/core-darwin-*, win32-*, … answer 404), so the lock
# file cannot list them; npm 11's `npm ci` refuses such a lock while npm 10's accepts it.
# So `npm ci` runs through npm 10.9 (the npm that Node 22 images bundle); see docs/adr/0004.
set -euo pipefail
cd "$(dirname "$0")/.."
major=$(npm --version | cut -d. -f1)
if [ "$major" -le 10 ]; then
  npm ci --no-audit --no-fund
else
  npx --yes npm@10.9.9 ci --no-audit --no-fund
fi
