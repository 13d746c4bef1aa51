#!/usr/bin/env bash
# `npm test`: every check and test, on a fresh machine too.
#  - Database: TEST_DATABASE_URL, else the local PostgreSQL at 127.0.0.1:5432 when it answers, else the
#    embedded one (each run makes a fresh database of its own either way).
#  - Browser: CHROMIUM_PATH, else /usr/bin/chromium; if neither, install one (apt as root, else
#    Playwright's download) or stop with a one-line explanation.
set -euo pipefail
cd "$(dirname "$0")/.."

if [ "${TEST_EMBEDDED:-}" = "1" ]; then
  unset TEST_DATABASE_URL
elif [ -z "${TEST_DATABASE_URL:-}" ]; then
  if node -e "
    const s = require('node:net').connect(5432, '127.0.0.1');
    s.on('connect', () => process.exit(0)); s.on('error', () => process.exit(1));
    setTimeout(() => process.exit(1), 2000);"; then
    export TEST_DATABASE_URL="postgres://postgres@127.0.0.1:5432/postgres"
  fi
fi
echo "Database for tests: ${TEST_DATABASE_URL:-embedded PGlite}"

# The headless shell first: it takes about half the CPU of the full browser (tests/support/chromium-path.ts).
if [ -z "${CHROMIUM_PATH:-}" ]; then
  for candidate in /usr/bin/chromium-headless-shell /usr/bin/chromium /usr/bin/chromium-browser; do
    if [ -x "$candidate" ]; then export CHROMIUM_PATH="$candidate"; break; fi
  done
fi
if [ -z "${CHROMIUM_PATH:-}" ]; then
  if [ "$(id -u)" = "0" ] && command -v apt-get >/dev/null; then
    echo "No Chromium found: installing Debian's chromium-headless-shell package..."
    apt-get update -qq && DEBIAN_FRONTEND=noninteractive apt-get install -y -qq chromium-headless-shell >/dev/null
    export CHROMIUM_PATH=/usr/bin/chromium-headless-shell
  elif npx playwright install chromium >/dev/null 2>&1; then
    CHROMIUM_PATH="$(node -e "console.log(require('playwright-core').chromium.executablePath())")"
    export CHROMIUM_PATH
  else
    echo "No Chromium: install it (e.g. 'apt-get install chromium') or set CHROMIUM_PATH, then run npm test again." >&2
    exit 1
  fi
fi
echo "Browser for tests: $CHROMIUM_PATH"

# Each step, timed: the README's "Tests" says what each takes on a 2-core machine.
timings=()
step() {
  local started=$SECONDS
  "$@"
  timings+=("$(printf '%4ss  %s' "$((SECONDS - started))" "$*")")
}
# tsc and ESLint side by side: each keeps about one core busy.
typecheck_and_lint() {
  npm run --silent typecheck &
  local typecheck=$! lint=0
  npm run --silent lint || lint=$?
  wait "$typecheck" && return "$lint"
}
step typecheck_and_lint
step npm run --silent build
step npm run --silent bench:web
step npx vitest run
step npx playwright test
printf '%s\n' "Time taken:" "${timings[@]}" "$(printf '%4ss  in all' "$SECONDS")"
