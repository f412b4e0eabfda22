#!/usr/bin/env bash
# Local infrastructure for development and tests (no Docker):
# PostgreSQL + Redis (system services, started if they do not answer) and a
# single-node Kafka broker on 127.0.0.1:9092 (from Maven Central jars, in
# .cache/kafka). Idempotent; prints one line per component.
# See pg-redis-up.sh and kafka-up.sh for the environment variables.
set -euo pipefail
HERE="$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)"
bash "$HERE/pg-redis-up.sh"
bash "$HERE/kafka-up.sh"
