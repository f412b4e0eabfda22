#!/usr/bin/env bash
# Starts a single-node Apache Kafka 3.9.1 broker (KRaft, no ZooKeeper, no Docker)
# on 127.0.0.1:9092 for local development and tests. Idempotent.
#
#   1. fetch the broker's runtime jars from Maven Central into .cache/kafka/libs
#      (deploy/local/kafka/pom.xml; skipped while the jars match the pom's hash)
#   2. render deploy/local/kafka/server.properties into .cache/kafka/
#   3. format the KRaft storage in .cache/kafka/data (--ignore-formatted)
#   4. start the broker in the background (pid: .cache/kafka/kafka.pid,
#      logs: .cache/kafka/logs/)
#   5. wait until it really serves (deploy/local/kafka-ready.js, kafkajs)
#
# If something already answers on 127.0.0.1:9092 nothing is started; the
# readiness check still runs. `kafka-up.sh --fetch-only` only fetches the jars. Env:
#   KAFKA_BROKERS        brokers for the readiness check (default 127.0.0.1:9092)
#   KAFKA_READY_TIMEOUT  seconds to wait for readiness (default 60)
#   KAFKA_HEAP_OPTS      JVM heap flags (default -Xmx640m -Xms256m)
set -euo pipefail

ROOT="$(cd "$(dirname "${BASH_SOURCE[0]}")/../.." && pwd)"
HERE="$ROOT/deploy/local"
CACHE="$ROOT/.cache/kafka"
LIBS="$CACHE/libs"
DATA="$CACHE/data"
LOGS="$CACHE/logs"
PIDFILE="$CACHE/kafka.pid"
PROPS="$CACHE/server.properties"
POM="$HERE/kafka/pom.xml"
MARKER="$LIBS/.pom.sha256"
# Fixed cluster id (base64 of a UUID, as `kafka-storage random-uuid` prints).
CLUSTER_ID="Y2FyZC1wbGF0Zm9ybS1kZQ"
HOST=127.0.0.1
PORT=9092

log() { echo "kafka-up: $*" >&2; }
die() { echo "kafka-up: ERROR: $*" >&2; exit 1; }

port_open() { timeout 2 bash -c "exec 3<>/dev/tcp/$1/$2" 2>/dev/null; }

# pid of a broker we started, if it is still alive
our_pid() {
  [[ -f "$PIDFILE" ]] || return 1
  local pid
  pid="$(cat "$PIDFILE" 2>/dev/null || true)"
  [[ "$pid" =~ ^[0-9]+$ ]] || return 1
  [[ -r "/proc/$pid/cmdline" ]] || return 1
  tr '\0' '\n' 2>/dev/null <"/proc/$pid/cmdline" | grep -qx 'kafka\.Kafka' || return 1
  echo "$pid"
}

wait_ready() { # [pid]
  local args=(--log "$LOGS/server.log" --log "$LOGS/kafka.out")
  [[ -n "${1:-}" ]] && args+=(--pid "$1")
  node "$HERE/kafka-ready.js" "${args[@]}"
}

ensure_tools() {
  local missing=()
  command -v java >/dev/null 2>&1 || missing+=(openjdk-17-jre-headless)
  command -v mvn >/dev/null 2>&1 || missing+=(maven)
  command -v node >/dev/null 2>&1 || die "node is required (Node 20)"
  command -v flock >/dev/null 2>&1 || missing+=(util-linux)
  if ((${#missing[@]})); then
    log "installing ${missing[*]} with apt-get"
    apt-get update -qq && DEBIAN_FRONTEND=noninteractive apt-get install -y -qq "${missing[@]}" >/dev/null
  fi
}

fetch_jars() {
  local want have=""
  want="$(sha256sum "$POM" | cut -d' ' -f1)"
  [[ -f "$MARKER" ]] && have="$(cat "$MARKER")"
  if [[ "$want" == "$have" ]] && compgen -G "$LIBS/kafka_2.13-*.jar" >/dev/null; then
    return 0
  fi
  log "fetching Kafka runtime jars with Maven (first run or pom.xml changed)..."
  local tmp="$CACHE/libs.partial"
  rm -rf "$tmp"
  mvn -q -B -Dstyle.color=never -f "$POM" -Dkafka.libs.dir="$tmp" generate-resources >&2 \
    || die "mvn failed to fetch the Kafka jars (see output above)"
  compgen -G "$tmp/kafka_2.13-*.jar" >/dev/null || die "mvn ran but no kafka_2.13 jar in $tmp"
  rm -rf "$LIBS" "$CACHE/mvn-target"
  mv "$tmp" "$LIBS"
  echo "$want" >"$MARKER"
}

render_props() {
  local tmp="$PROPS.tmp"
  sed "s#@KAFKA_DATA_DIR@#$DATA#g" "$HERE/kafka/server.properties" >"$tmp"
  mv "$tmp" "$PROPS"
}

java_opts() {
  # shellcheck disable=SC2206
  local heap=(${KAFKA_HEAP_OPTS:--Xmx640m -Xms256m})
  JAVA_OPTS=(
    "${heap[@]}"
    -XX:+UseG1GC -XX:MaxGCPauseMillis=20 -XX:InitiatingHeapOccupancyPercent=35
    -XX:+ExplicitGCInvokesConcurrent -XX:+ExitOnOutOfMemoryError
    -Djava.awt.headless=true
    -Dkafka.logs.dir="$LOGS"
    -Dlog4j.configuration="file:$HERE/kafka/log4j.properties"
    -cp "$LIBS/*"
  )
}

# Prints the status line and returns 0 if a broker is already up (or ours is
# still starting); returns 1 if nothing is there and we should start one.
report_running() {
  local pid out
  if pid="$(our_pid)"; then
    # ours, maybe still starting: never start a second one, just wait for it
    out="$(wait_ready "$pid")" || die "broker pid $pid is running but not ready; logs in $LOGS"
    echo "kafka   : $out [already running, pid $pid]"
    return 0
  fi
  if port_open "$HOST" "$PORT"; then
    log "something already answers on $HOST:$PORT; not starting a broker"
    out="$(wait_ready)" || die "$HOST:$PORT is open but Kafka does not answer there"
    echo "kafka   : $out [already running, not started by us]"
    return 0
  fi
  return 1
}

main() {
  mkdir -p "$CACHE" "$LOGS"
  ensure_tools
  if [[ "${1:-}" == "--fetch-only" ]]; then
    # Only the jars (for a spec that starts a broker of its own), even when a broker already runs.
    exec 9>"$CACHE/.kafka-up.lock"
    flock -w 180 9 || die "timed out waiting for another kafka-up.sh (lock $CACHE/.kafka-up.lock)"
    fetch_jars
    return 0
  fi
  report_running && return 0

  # One start at a time (two shells / CI steps racing would start two JVMs).
  # The lock fd is closed in every long-lived child (9>&-), so only a
  # kafka-up.sh in progress can hold it.
  exec 9>"$CACHE/.kafka-up.lock"
  flock -w 180 9 || die "timed out waiting for another kafka-up.sh (lock $CACHE/.kafka-up.lock)"
  report_running && return 0
  rm -f "$PIDFILE"
  local pid

  fetch_jars
  render_props
  java_opts

  mkdir -p "$DATA"
  java "${JAVA_OPTS[@]}" kafka.tools.StorageTool format \
    -t "$CLUSTER_ID" -c "$PROPS" --ignore-formatted >>"$LOGS/storage-format.log" 2>&1 \
    || { tail -n 30 "$LOGS/storage-format.log" >&2; die "StorageTool format failed"; }

  # setsid: own session, so the broker outlives this shell / CI step.
  # The child writes its own pid before exec'ing java (exact pid, no guessing).
  # shellcheck disable=SC2016  # expanded by the child bash, on purpose
  setsid bash -c 'echo $$ >"$1"; shift; exec "$@"' _ "$PIDFILE" \
    java "${JAVA_OPTS[@]}" kafka.Kafka "$PROPS" \
    </dev/null >>"$LOGS/kafka.out" 2>&1 9>&- &
  local _
  for _ in $(seq 1 50); do
    [[ -s "$PIDFILE" ]] && break
    sleep 0.1
  done
  pid="$(cat "$PIDFILE" 2>/dev/null || true)"
  [[ -n "$pid" ]] || die "broker did not start (no pid file); see $LOGS/kafka.out"
  log "started broker (pid $pid), waiting for it to serve..."

  local ready
  if ! ready="$(wait_ready "$pid")"; then
    if kill -0 "$pid" 2>/dev/null; then
      log "stopping the broker that did not become ready (pid $pid)"
      kill -TERM "$pid" 2>/dev/null || true
    fi
    rm -f "$PIDFILE"
    die "Kafka did not become ready; logs in $LOGS"
  fi
  echo "kafka   : $ready [started, pid $pid]"
}

main "$@"
