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

if [ -z "${CHROMIUM_PATH:-}" ]; then
  for candidate in /usr/bin/chromium /usr/bin/chromium-browser; do
    if [ -x "$candidate" ]; then export CHROMIUM_PATH="$candidate"; break; fi
  done
fi
if [ -z "${CHROMIUM_PATH:-}" ]; then
  if [ "$(id -u)" = "0" ] && command -v apt-get >/dev/null; then
    echo "No Chromium found: installing Debian's chromium package..."
    apt-get update -qq && DEBIAN_FRONTEND=noninteractive apt-get install -y -qq chromium >/dev/null
    export CHROMIUM_PATH=/usr/bin/chromium
  elif npx playwright install chromium >/dev/null 2>&1; then
    CHROMIUM_PATH="$(node -e "console.log(require('playwright-core').chromium.executablePath())")"
    export CHROMIUM_PATH
  else
    echo "No Chromium: install it (e.g. 'apt-get install chromium') or set CHROMIUM_PATH, then run npm test again." >&2
    exit 1
  fi
fi
echo "Browser for tests: $CHROMIUM_PATH"

npm run --silent typecheck
npm run --silent lint
npm run --silent build
npm run --silent bench:web
npx vitest run
npx playwright test
