#!/usr/bin/env bash
# Makes sure Debian's nginx is installed for the cluster test (two Canopy processes behind nginx).
#
#   bash scripts/ensure-nginx.sh
#
# Installs `nginx-light` (apt-get, non-interactive) when no nginx binary is found; exits non-zero
# with a clear message if that fails. The package's own service is not needed: the test starts
# nginx itself with a generated configuration (apps/server/cluster/cluster.test.ts).
# Idempotent: when nginx is present it only says where.
set -uo pipefail

export DEBIAN_FRONTEND=noninteractive
APT_OPTS=(-y -o DPkg::Lock::Timeout=120)

say() { echo "[ensure-nginx] $*"; }

find_nginx() {
  for candidate in "${NGINX_PATH:-}" /usr/sbin/nginx "$(command -v nginx 2>/dev/null)"; do
    if [ -n "$candidate" ] && [ -x "$candidate" ]; then
      echo "$candidate"
      return 0
    fi
  done
  return 1
}

if found="$(find_nginx)"; then
  say "ready: $found ($("$found" -v 2>&1))"
  exit 0
fi

SUDO=()
if [ "$(id -u)" -ne 0 ]; then
  if command -v sudo >/dev/null 2>&1 && sudo -n true 2>/dev/null; then
    SUDO=(sudo -n env DEBIAN_FRONTEND=noninteractive)
  else
    say "ERROR: nginx is missing and this user cannot run apt-get (not root, no sudo)."
    say "Install it with: sudo apt-get install -y nginx-light"
    exit 1
  fi
fi

say "nginx is missing: installing Debian's nginx-light package"
# A failing mirror should not stop us: the install below says whether it worked.
"${SUDO[@]}" apt-get update </dev/null || say "warning: apt-get update exited with $?"
# The package may try to start its own service; in a container without systemd that is skipped.
if ! "${SUDO[@]}" env RUNLEVEL=1 apt-get install "${APT_OPTS[@]}" nginx-light </dev/null; then
  say "ERROR: 'apt-get install -y nginx-light' failed; the cluster test needs nginx."
  exit 1
fi
if ! found="$(find_nginx)"; then
  say "ERROR: nginx-light was installed but no nginx binary was found."
  exit 1
fi
say "ready: $found ($("$found" -v 2>&1))"
exit 0
