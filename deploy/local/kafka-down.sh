#!/usr/bin/env bash
# Stops the local Kafka broker started by deploy/local/kafka-up.sh: SIGTERM,
# wait up to 30 s for a clean shutdown, then SIGKILL. Idempotent. Only the
# broker this checkout started is touched (pid file, or a java kafka.Kafka
# process running this checkout's .cache/kafka/server.properties).
#
#   --wipe   also delete the broker's data (.cache/kafka/data): all topics,
#            offsets and the KRaft metadata; the next kafka-up.sh re-formats.
set -euo pipefail

ROOT="$(cd "$(dirname "${BASH_SOURCE[0]}")/../.." && pwd)"
CACHE="$ROOT/.cache/kafka"
PIDFILE="$CACHE/kafka.pid"
PROPS="$CACHE/server.properties"
DATA="$CACHE/data"

WIPE=0
for arg in "$@"; do
  case "$arg" in
    --wipe) WIPE=1 ;;
    -h | --help) sed -n '2,9p' "$0"; exit 0 ;;
    *) echo "kafka-down: unknown argument: $arg (usage: kafka-down.sh [--wipe])" >&2; exit 2 ;;
  esac
done

is_our_broker() { # pid
  [[ "$1" =~ ^[0-9]+$ && -r "/proc/$1/cmdline" ]] || return 1
  tr '\0' '\n' 2>/dev/null <"/proc/$1/cmdline" | grep -qx 'kafka\.Kafka'
}

find_pids() {
  local pid
  if [[ -f "$PIDFILE" ]]; then
    pid="$(cat "$PIDFILE" 2>/dev/null || true)"
    is_our_broker "$pid" && echo "$pid"
  fi
  # pid file lost? look for a broker running exactly this checkout's config
  local d cmd
  for d in /proc/[0-9]*; do
    pid="${d#/proc/}"
    cmd="$(tr '\0' '\n' 2>/dev/null <"$d/cmdline" || true)"
    [[ -n "$cmd" ]] || continue
    grep -qx 'kafka\.Kafka' <<<"$cmd" && grep -qxF "$PROPS" <<<"$cmd" && echo "$pid"
  done
  return 0
}

# Serialise with kafka-up.sh so a start in progress cannot race this stop
# (its pid file must not be removed after it was written). Best effort: a
# broker started by an older kafka-up.sh may hold the lock itself.
mkdir -p "$CACHE"
exec 9>"$CACHE/.kafka-up.lock"
flock -w 60 9 || echo "kafka-down: lock $CACHE/.kafka-up.lock busy; stopping anyway" >&2

stopped=()
for pid in $(find_pids | sort -u); do
  kill -TERM "$pid" 2>/dev/null || continue
  for _ in $(seq 1 60); do
    kill -0 "$pid" 2>/dev/null || break
    sleep 0.5
  done
  if kill -0 "$pid" 2>/dev/null; then
    echo "kafka-down: pid $pid still running after 30 s, sending SIGKILL" >&2
    kill -KILL "$pid" 2>/dev/null || true
    for _ in $(seq 1 20); do kill -0 "$pid" 2>/dev/null || break; sleep 0.25; done
  fi
  stopped+=("$pid")
done
# only drop the pid file if it names no live broker (a concurrent start wins)
if [[ -f "$PIDFILE" ]] && ! is_our_broker "$(cat "$PIDFILE" 2>/dev/null || true)"; then
  rm -f "$PIDFILE"
fi

if ((${#stopped[@]})); then
  msg="stopped (pid ${stopped[*]})"
else
  msg="not running (nothing to stop)"
fi
if ((WIPE)); then
  rm -rf "$DATA"
  msg="$msg; data wiped"
fi
echo "kafka   : $msg"
