#!/usr/bin/env bash
# Makes sure Debian's Chromium is at /usr/bin/chromium for the browser tests (e2e).
#
#   bash scripts/ensure-chromium.sh
#
# - Installs the `chromium` package (apt-get, non-interactive) if /usr/bin/chromium is missing;
#   exits non-zero with a clear message if that fails.
# - Installs `fonts-noto-cjk` if fontconfig knows no Chinese font (`fc-list :lang=zh`), so
#   Chinese text renders in screenshots; a failure there is only a warning.
# Idempotent: when both are present it only checks and exits at once.
set -uo pipefail

CHROMIUM=/usr/bin/chromium
export DEBIAN_FRONTEND=noninteractive
APT_OPTS=(-y -o DPkg::Lock::Timeout=120)

say() { echo "[ensure-chromium] $*"; }

SUDO=()
if [ "$(id -u)" -ne 0 ]; then
  if command -v sudo >/dev/null 2>&1 && sudo -n true 2>/dev/null; then
    SUDO=(sudo -n env DEBIAN_FRONTEND=noninteractive)
  fi
fi

updated=0
apt_update() {
  if [ "$updated" -eq 0 ]; then
    say "apt-get update"
    # A failing mirror should not stop us: the install below says whether it worked.
    "${SUDO[@]}" apt-get update </dev/null || say "warning: apt-get update exited with $?"
    updated=1
  fi
}

can_install() {
  [ "$(id -u)" -eq 0 ] || [ "${#SUDO[@]}" -gt 0 ]
}

if [ -x "$CHROMIUM" ]; then
  say "found $CHROMIUM"
else
  if ! can_install; then
    say "ERROR: $CHROMIUM is missing and this user cannot run apt-get (not root, no sudo)."
    say "Install it with: sudo apt-get install -y chromium"
    exit 1
  fi
  say "$CHROMIUM is missing: installing Debian's chromium package"
  apt_update
  if ! "${SUDO[@]}" apt-get install "${APT_OPTS[@]}" chromium </dev/null; then
    say "ERROR: 'apt-get install -y chromium' failed; the browser tests need $CHROMIUM."
    exit 1
  fi
  if [ ! -x "$CHROMIUM" ]; then
    say "ERROR: the chromium package was installed but $CHROMIUM does not exist."
    exit 1
  fi
fi

# Chinese font for screenshots; best effort.
if command -v fc-list >/dev/null 2>&1 && [ -n "$(fc-list :lang=zh 2>/dev/null)" ]; then
  say "found a CJK font: $(fc-list :lang=zh family 2>/dev/null | head -n 1)"
elif can_install; then
  say "no CJK font found: installing fonts-noto-cjk"
  apt_update
  if "${SUDO[@]}" apt-get install "${APT_OPTS[@]}" fonts-noto-cjk </dev/null; then
    say "installed fonts-noto-cjk"
  else
    say "warning: could not install fonts-noto-cjk; Chinese text may render as boxes"
  fi
else
  say "warning: no CJK font and no way to install fonts-noto-cjk; Chinese may render as boxes"
fi

version="$("$CHROMIUM" --version 2>/dev/null)" || true
say "ready: $CHROMIUM ${version:+($version)}"
exit 0
