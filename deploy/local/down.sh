#!/usr/bin/env bash
# Stops what deploy/local/up.sh started for this checkout: the local Kafka
# broker. The system PostgreSQL and Redis are shared and left running.
# Pass --wipe to also delete Kafka's data (.cache/kafka/data).
set -euo pipefail
HERE="$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)"
bash "$HERE/kafka-down.sh" "$@"
echo "postgres: left running (system service)"
echo "redis   : left running (system service)"
