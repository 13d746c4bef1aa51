#!/usr/bin/env bash
# Smoke test of `npm start` as a newcomer runs it: embedded database, demo data, sign in through the API.
set -euo pipefail
cd "$(dirname "$0")/.."

port=3917
data_dir="$(mktemp -d)"
log="$(mktemp)"
cleanup() {
  # npm start runs in its own process group (setsid): stop the whole group, server included.
  [ -n "${pid:-}" ] && kill -- "-$pid" 2>/dev/null && wait "$pid" 2>/dev/null || true
  rm -rf "$data_dir" "$log"
}
trap cleanup EXIT

setsid env -u DATABASE_URL PORT=$port DATA_DIR="$data_dir" ADMIN_PASSWORD=smoke-password-1 npm start >"$log" 2>&1 &
pid=$!
for _ in $(seq 1 120); do
  curl -fsS "http://127.0.0.1:$port/healthz" >/dev/null 2>&1 && break
  sleep 1
done
curl -fsS "http://127.0.0.1:$port/healthz" | grep -q '"status":"ok"' || { cat "$log"; echo "smoke: /healthz failed"; exit 1; }
grep -q "sign in at http://localhost:$port as admin@example.com" "$log" || { cat "$log"; echo "smoke: no sign-in hint"; exit 1; }

cookies="$(mktemp)"
status=$(curl -s -o /dev/null -w '%{http_code}' -c "$cookies" -H 'Content-Type: application/json' \
  -d '{"username":"admin@example.com","password":"smoke-password-1"}' "http://127.0.0.1:$port/api/auth/login")
[ "$status" = 200 ] || { cat "$log"; echo "smoke: admin sign-in answered $status"; exit 1; }
status=$(curl -s -o /dev/null -w '%{http_code}' -c "$cookies" -H 'Content-Type: application/json' \
  -d '{"username":"sarah.jones@example.com","password":"demo-password"}' "http://127.0.0.1:$port/api/auth/login")
[ "$status" = 200 ] || { cat "$log"; echo "smoke: demo user sign-in answered $status"; exit 1; }
curl -fsS -b "$cookies" "http://127.0.0.1:$port/api/auth/user" | grep -q '"email":"sarah.jones@example.com"' \
  || { echo "smoke: /api/auth/user did not return the signed-in user"; exit 1; }
rm -f "$cookies"
echo "smoke: npm start on the embedded database works (healthz, sign-in, current user)"
echo "1 passed, 0 failed"
