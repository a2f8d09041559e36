#!/usr/bin/env bash
# Starts a throw-away PostgreSQL cluster on a local port and prints its DATABASE_URL.
# Usage: eval "$(bash scripts/pg-throwaway.sh start)"; ...; bash scripts/pg-throwaway.sh stop
# `restart` restarts it as an operator would (pg_ctl restart -m fast: every connection is ended).
set -euo pipefail
PG_BIN=${PG_BIN:-$(ls -d /usr/lib/postgresql/*/bin 2>/dev/null | sort -V | tail -n1)}
PG_DIR=${PG_DIR:-/tmp/kopilka-pg}
PG_PORT=${PG_PORT:-55432}
RUN_AS=()
if [ "$(id -u)" = 0 ]; then RUN_AS=(runuser -u postgres --); fi

case "${1:-start}" in
  start)
    rm -rf "$PG_DIR"; mkdir -p "$PG_DIR"
    [ "$(id -u)" = 0 ] && chown postgres "$PG_DIR"
    "${RUN_AS[@]}" "$PG_BIN/initdb" -D "$PG_DIR/data" -U kopilka --auth=trust -E UTF8 --locale=C.UTF-8 >"$PG_DIR/initdb.log" 2>&1
    "${RUN_AS[@]}" "$PG_BIN/pg_ctl" -D "$PG_DIR/data" -l "$PG_DIR/server.log" -w \
      -o "-p $PG_PORT -k $PG_DIR -c listen_addresses=127.0.0.1 -c fsync=off -c synchronous_commit=off -c full_page_writes=off" start >/dev/null
    echo "export DATABASE_URL=postgres://kopilka@127.0.0.1:$PG_PORT/postgres"
    ;;
  restart)
    "${RUN_AS[@]}" "$PG_BIN/pg_ctl" -D "$PG_DIR/data" -l "$PG_DIR/server.log" -w -m fast restart >/dev/null
    ;;
  stop)
    "${RUN_AS[@]}" "$PG_BIN/pg_ctl" -D "$PG_DIR/data" -m immediate stop >/dev/null 2>&1 || true
    rm -rf "$PG_DIR"
    ;;
esac
