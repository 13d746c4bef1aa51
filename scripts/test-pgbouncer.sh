#!/usr/bin/env bash
# `npm run test:pgbouncer`: the integration tests with the app reaching PostgreSQL through Debian's pgbouncer in
# transaction pooling mode, and DATABASE_PREPARE=0 (docs/scaling.md "pgbouncer"), its server connections given
# the app's statement and lock timeouts as that section says. Needs the local PostgreSQL, the pgbouncer package
# (apt-get install pgbouncer) and a build.
set -euo pipefail
cd "$(dirname "$0")/.."

command -v pgbouncer >/dev/null || [ -x /usr/sbin/pgbouncer ] || {
  echo "pgbouncer is not installed: apt-get install pgbouncer" >&2
  exit 1
}
port=6439
dir="$(mktemp -d)"
cat >"$dir/pgbouncer.ini" <<INI
[databases]
* = host=127.0.0.1 port=5432 connect_query='SET statement_timeout = 8000; SET lock_timeout = 3000; SET idle_in_transaction_session_timeout = 15000'
[pgbouncer]
listen_addr = 127.0.0.1
listen_port = $port
unix_socket_dir =
auth_type = trust
auth_file = $dir/users.txt
pool_mode = transaction
# After a failed server login pgbouncer refuses every client for this long (15 s by default): docs/scaling.md.
server_login_retry = 1
max_client_conn = 500
default_pool_size = 20
logfile = $dir/pgbouncer.log
pidfile = $dir/pgbouncer.pid
INI
echo '"postgres" ""' >"$dir/users.txt"
# pgbouncer refuses to run as root.
run=()
if [ "$(id -u)" = 0 ]; then
  chown -R postgres "$dir"
  run=(runuser -u postgres --)
fi
"${run[@]}" "$(command -v pgbouncer || echo /usr/sbin/pgbouncer)" -d "$dir/pgbouncer.ini"
trap 'kill "$(cat "$dir/pgbouncer.pid")" 2>/dev/null; rm -rf "$dir"' EXIT
for _ in $(seq 1 20); do pg_isready -q -h 127.0.0.1 -p "$port" && break; sleep 0.5; done

export TEST_DATABASE_URL="${TEST_DATABASE_URL:-postgres://postgres@127.0.0.1:5432/postgres}"
TEST_APP_DATABASE_PORT=$port DATABASE_PREPARE=0 npx vitest run "${@:-tests/integration}"
