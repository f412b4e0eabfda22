#!/usr/bin/env bash
# Every test of the platform, starting what it needs: infrastructure (Kafka from the
# Maven jars, Postgres, Redis), a fresh build, type check, lint and format check, then the unit,
# integration and end-to-end suites. Ends with one line: "N passed, N failed".
set -uo pipefail
cd "$(dirname "$0")/.."
mkdir -p tmp

passed=0
failed=0
check() {
  local name=$1
  shift
  echo "── $name"
  if "$@"; then passed=$((passed + 1)); else failed=$((failed + 1)); echo "✗ $name failed"; fi
}

[ -d node_modules ] || bash tools/install-deps.sh
bash deploy/local/up.sh || { echo "infrastructure did not start"; echo "0 passed, 1 failed"; exit 1; }
bash tools/ensure-chromium.sh || { echo "chromium could not be installed"; echo "0 passed, 1 failed"; exit 1; }
npm run --silent build || { echo "build failed"; echo "0 passed, 1 failed"; exit 1; }
check typecheck npm run --silent typecheck
check lint npm run --silent lint
check format npm run --silent format:check

rm -f tmp/jest-results.json
# One file at a time: the machine has two cores and every end-to-end file starts whole stacks.
npx jest --ci --runInBand --forceExit --json --outputFile=tmp/jest-results.json "$@"
jest_exit=$?
if [ -f tmp/jest-results.json ]; then
  read -r jp jf < <(node -e '
    const r = require("./tmp/jest-results.json");
    const suiteErrors = r.testResults.filter((s) => s.status === "failed" && s.assertionResults.length === 0).length;
    console.log(r.numPassedTests, r.numFailedTests + suiteErrors);')
  passed=$((passed + jp))
  failed=$((failed + jf))
  [ "$jest_exit" -ne 0 ] && [ "$jf" -eq 0 ] && failed=$((failed + 1))
else
  failed=$((failed + 1))
fi
echo "$passed passed, $failed failed"
[ "$failed" -eq 0 ]
