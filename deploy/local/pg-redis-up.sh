#!/usr/bin/env bash
# Makes sure PostgreSQL and Redis answer for local development and tests.
# Idempotent: services that already answer are left alone. A service on this
# machine (127.0.0.1 / localhost / ::1 / unix socket) that does not answer is
# started, and installed with apt-get first if its binaries are missing.
# Remote hosts are only checked, never started.
#
#   DATABASE_URL  default postgres://postgres@127.0.0.1:5432/postgres
#                 (a missing database on a local server is created)
#   REDIS_URL     default redis://127.0.0.1:6379
#   SERVICE_READY_TIMEOUT  seconds to wait for each service (default 60)
set -euo pipefail

ROOT="$(cd "$(dirname "${BASH_SOURCE[0]}")/../.." && pwd)"
DATABASE_URL="${DATABASE_URL:-postgres://postgres@127.0.0.1:5432/postgres}"
REDIS_URL="${REDIS_URL:-redis://127.0.0.1:6379}"
TIMEOUT="${SERVICE_READY_TIMEOUT:-60}"

log() { echo "pg-redis-up: $*" >&2; }
die() { echo "pg-redis-up: ERROR: $*" >&2; exit 1; }

# parse_url URL -> sets U_USERINFO U_HOST U_PORT U_PATH (U_PATH without leading /)
parse_url() {
  local re='^[A-Za-z][A-Za-z0-9+.-]*://(([^@/]*)@)?(\[[^]/]*\]|[^:/?]*)(:([0-9]+))?(/([^?]*))?'
  [[ "$1" =~ $re ]] || die "cannot parse URL: $(mask "$1")"
  U_USERINFO="${BASH_REMATCH[2]}"
  U_HOST="${BASH_REMATCH[3]}"
  U_HOST="${U_HOST#[}"; U_HOST="${U_HOST%]}"
  U_PORT="${BASH_REMATCH[5]}"
  U_PATH="${BASH_REMATCH[7]}"
}

mask() { sed -E 's#(://[^:@/]*:)[^@/]*@#\1***@#' <<<"$1"; }

is_local() {
  case "$1" in "" | 127.0.0.1 | localhost | ::1 | /*) return 0 ;; *) return 1 ;; esac
}

APT_UPDATED=0
apt_install() {
  log "installing $* with apt-get"
  if ((!APT_UPDATED)); then apt-get update -qq; APT_UPDATED=1; fi
  DEBIAN_FRONTEND=noninteractive apt-get install -y -qq "$@" >/dev/null
}

wait_for() { # description, command...
  local what="$1"; shift
  local deadline=$((SECONDS + TIMEOUT))
  until "$@" >/dev/null 2>&1; do
    ((SECONDS < deadline)) || return 1
    sleep 0.5
  done
  log "$what answers"
}

############################# PostgreSQL #############################

pg_ready() { pg_isready -q -t 2 -d "$DATABASE_URL"; }

# After our own apt install: let the local postgres user in over TCP without
# a password, as on the dev/CI machines (trust auth on 127.0.0.1 and ::1).
pg_trust_loopback() {
  local hba
  for hba in /etc/postgresql/*/*/pg_hba.conf; do
    [[ -f "$hba" ]] || continue
    grep -q '^# card-platform local dev: trust loopback' "$hba" && continue
    sed -i '1i # card-platform local dev: trust loopback\nhost all all 127.0.0.1/32 trust\nhost all all ::1/128 trust' "$hba"
  done
}

start_postgres() {
  local port="${U_PORT:-5432}" installed=0
  if ! compgen -G '/usr/lib/postgresql/*/bin/postgres' >/dev/null || ! command -v pg_ctlcluster >/dev/null; then
    apt_install postgresql
    installed=1
    pg_trust_loopback
  fi
  local ver name cport status started=0
  while read -r ver name cport status _; do
    [[ "$cport" == "$port" ]] || continue
    log "starting PostgreSQL cluster $ver/$name on port $port"
    if [[ "$status" == online* ]] && ((installed)); then
      pg_ctlcluster --skip-systemctl-redirect "$ver" "$name" reload || true
    else
      pg_ctlcluster --skip-systemctl-redirect "$ver" "$name" start || true
    fi
    started=1
  done < <(pg_lsclusters -h 2>/dev/null || true)
  if ((!started)); then
    if [[ -z "$(pg_lsclusters -h 2>/dev/null || true)" ]]; then
      ver="$(basename "$(compgen -G '/usr/lib/postgresql/*' | sort -V | tail -n1)")"
      log "no PostgreSQL cluster exists; creating $ver/main on port $port"
      pg_createcluster "$ver" main --port "$port" >/dev/null
      pg_trust_loopback
      pg_ctlcluster --skip-systemctl-redirect "$ver" main start || true
    else
      log "no cluster configured on port $port; trying 'service postgresql start'"
      service postgresql start || true
    fi
  fi
}

ensure_database() {
  local db="${U_PATH:-}" err
  db="${db%%/*}"
  [[ -n "$db" ]] || return 0
  err="$(psql "$DATABASE_URL" -XAtqc 'select 1' 2>&1 >/dev/null)" && return 0
  if grep -q "database \"$db\" does not exist" <<<"$err" && is_local "$U_HOST"; then
    local admin="${DATABASE_URL%%\?*}"
    admin="${admin%/*}/postgres"
    log "creating database \"$db\""
    psql "$admin" -XAtqc "CREATE DATABASE \"${db//\"/\"\"}\"" >/dev/null
    return 0
  fi
  die "PostgreSQL answers but cannot be used with $(mask "$DATABASE_URL"): $err"
}

ensure_postgres() {
  parse_url "$DATABASE_URL"
  command -v pg_isready >/dev/null || apt_install postgresql-client
  local how="already running"
  if ! pg_ready; then
    is_local "$U_HOST" || die "PostgreSQL at $(mask "$DATABASE_URL") does not answer (remote host: not starting it)"
    start_postgres
    wait_for PostgreSQL pg_ready || die "PostgreSQL at $(mask "$DATABASE_URL") not ready after ${TIMEOUT}s"
    how="started"
  fi
  ensure_database
  echo "postgres: ready at $(mask "$DATABASE_URL") [$how]"
}

############################# Redis #############################

redis_ready() { [[ "$(redis-cli -u "$REDIS_URL" --no-auth-warning ping 2>/dev/null)" == PONG ]]; }

start_redis() {
  local port="${U_PORT:-6379}" dir logfile pass=""
  command -v redis-server >/dev/null || apt_install redis-server
  # same flags the dev/CI machines start their Redis with: nothing kept on disk
  if [[ -d /var/lib/redis && -w /var/lib/redis && -d /var/log/redis ]]; then
    dir=/var/lib/redis
    logfile="/var/log/redis/redis-$port.log"
  else
    dir="$ROOT/.cache/redis"
    mkdir -p "$dir"
    logfile="$dir/redis-$port.log"
  fi
  local args=(--daemonize yes --port "$port" --save "" --appendonly no --dir "$dir" --logfile "$logfile")
  if [[ "$U_HOST" == /* ]]; then
    die "unix-socket REDIS_URL is not supported: $(mask "$REDIS_URL")"
  fi
  args+=(--bind 127.0.0.1 -::1)
  [[ "$U_USERINFO" == *:* ]] && pass="${U_USERINFO#*:}"
  [[ -n "$pass" ]] && args+=(--requirepass "$pass")
  log "starting redis-server on port $port (log: $logfile)"
  redis-server "${args[@]}"
}

ensure_redis() {
  parse_url "$REDIS_URL"
  command -v redis-cli >/dev/null || apt_install redis-tools
  local how="already running"
  if ! redis_ready; then
    is_local "$U_HOST" || die "Redis at $(mask "$REDIS_URL") does not answer (remote host: not starting it)"
    start_redis
    wait_for Redis redis_ready || die "Redis at $(mask "$REDIS_URL") not ready after ${TIMEOUT}s"
    how="started"
  fi
  echo "redis   : ready at $(mask "$REDIS_URL") [$how]"
}

ensure_postgres
ensure_redis
