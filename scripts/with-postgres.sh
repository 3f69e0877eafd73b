#!/usr/bin/env bash
# Runs a command with TEST_DATABASE_URL pointing at a throwaway PostgreSQL 15 cluster in a
# temporary folder, then stops and removes the cluster. Usage: scripts/with-postgres.sh CMD [ARGS…]
set -euo pipefail
PGBIN=${PGBIN:-/usr/lib/postgresql/15/bin}
port=${JOTTER_TEST_PG_PORT:-54329}
dir=$(mktemp -d /tmp/jotter-pg.XXXXXX)
chmod 755 "$dir"

as_postgres() {
  if [ "$(id -u)" = 0 ]; then
    chown -R postgres "$dir"
    su postgres -s /bin/sh -c "$*"
  else
    sh -c "$*"
  fi
}

cleanup() {
  as_postgres "'$PGBIN/pg_ctl' -D '$dir/data' -m fast stop" >/dev/null 2>&1 || true
  rm -rf "$dir"
}
trap cleanup EXIT

as_postgres "'$PGBIN/initdb' -D '$dir/data' -U postgres --auth=trust --locale=C -E UTF8" >/dev/null
as_postgres "'$PGBIN/pg_ctl' -D '$dir/data' -l '$dir/server.log' -w -o \"-p $port -k '$dir' -c listen_addresses=127.0.0.1 -c max_connections=200\" start" >/dev/null

export TEST_DATABASE_URL="postgres://postgres@127.0.0.1:$port/postgres"
"$@"
