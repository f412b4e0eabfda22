#!/usr/bin/env bash
# The browser tests drive Debian's headless Chromium through playwright-core
# (never a downloaded browser build). Installs it when it is missing and we may.
set -euo pipefail
command -v chromium >/dev/null 2>&1 && exit 0
if [ "$(id -u)" -ne 0 ]; then
  echo "chromium is missing; install it with: sudo apt-get install chromium" >&2
  exit 1
fi
export DEBIAN_FRONTEND=noninteractive
apt-get update -q >/dev/null
apt-get install -y -q chromium >/dev/null
command -v chromium >/dev/null
