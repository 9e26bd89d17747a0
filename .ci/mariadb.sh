#!/usr/bin/env bash
# Starts a throwaway MariaDB on loopback (no systemd): .ci/mariadb.sh start DIR PORT | stop DIR
# `resume DIR PORT` starts it again on its existing data (the database-restart test).
# Creates user matchday/matchday with rights to create the per-test databases.
set -euo pipefail
cmd="${1:?start|stop}"; dir="${2:?data dir}"; port="${3:-33306}"
user="$(id -un)"
daemon() {
  mariadbd --no-defaults --user="$user" --datadir="$dir/data" --socket="$dir/mysqld.sock" --pid-file="$dir/mysqld.pid" \
    --port="$port" --bind-address=127.0.0.1 --skip-name-resolve --log-error="$dir/error.log" \
    --innodb-buffer-pool-size=128M --character-set-server=utf8mb4 --collation-server=utf8mb4_unicode_ci &
  for _ in $(seq 1 60); do
    mariadb-admin --no-defaults --socket="$dir/mysqld.sock" -uroot ping >/dev/null 2>&1 && return 0
    sleep 0.5
  done
  echo "MariaDB did not start; see $dir/error.log" >&2
  return 1
}
case "$cmd" in
  start)
    mkdir -p "$dir"
    mariadb-install-db --no-defaults --user="$user" --datadir="$dir/data" --auth-root-authentication-method=socket --skip-test-db >"$dir/install.log" 2>&1
    daemon
    mariadb --no-defaults --socket="$dir/mysqld.sock" -uroot -e "
      CREATE USER IF NOT EXISTS 'matchday'@'127.0.0.1' IDENTIFIED BY 'matchday';
      GRANT ALL PRIVILEGES ON *.* TO 'matchday'@'127.0.0.1';
      FLUSH PRIVILEGES;"
    echo "MariaDB ready on 127.0.0.1:$port"
    ;;
  resume)
    daemon
    echo "MariaDB ready again on 127.0.0.1:$port"
    ;;
  stop)
    mariadb-admin --no-defaults --socket="$dir/mysqld.sock" -uroot shutdown >/dev/null 2>&1 || true
    ;;
esac
