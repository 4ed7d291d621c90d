#!/usr/bin/env bash
# Installs Debian's PostgreSQL 15 when missing: the team server's tests and benchmark start a
# throwaway server of their own with its initdb and pg_ctl (server/test/postgres.ts). The
# package's own cluster is not started by this script (nothing here uses it).
set -euo pipefail
bin="${POSTGRES_BIN:-/usr/lib/postgresql/15/bin}"
if [ ! -x "$bin/pg_ctl" ]; then
  echo "Installing PostgreSQL 15 from Debian (apt-get)..." >&2
  sudo_cmd=""
  [ "$(id -u)" -ne 0 ] && sudo_cmd="sudo"
  $sudo_cmd apt-get update
  # policy-rc.d-less containers would start the package's cluster; it is not needed, so no service start.
  $sudo_cmd env DEBIAN_FRONTEND=noninteractive RUNLEVEL=1 apt-get install -y --no-install-recommends postgresql-15
fi
