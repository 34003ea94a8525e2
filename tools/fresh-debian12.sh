#!/usr/bin/env bash
# SPDX-License-Identifier: MIT
# A maintainer's check, not a CI test: runs the README's two Quick start commands, exactly
# as written there, in a pristine Debian 12 root made from the Debian package registry,
# on a clone of this repository's HEAD, and reports how long each took.
#
#   sudo tools/fresh-debian12.sh                  # both commands, each in its own fresh root
#   sudo tools/fresh-debian12.sh --only build     # the first (set up, build, bake) alone
#   sudo tools/fresh-debian12.sh --only tests     # the second (set up, build, run every test)
#   KEEP=1 sudo tools/fresh-debian12.sh ...       # keep the roots under /var/tmp to look into
#
# Needs root, mmdebstrap (installed when missing) and the network to the Debian registry
# and PyPI. The root trusts the same certificates as this machine (its CA bundle and pip
# configuration are copied in) and uses the same apt sources; nothing else of this
# machine goes in. The second command runs with CI=true, as CI runs it.
set -euo pipefail

only=""
while [ $# -gt 0 ]; do
  case "$1" in
    --only) only="${2:?--only needs build or tests}"; shift 2 ;;
    -h|--help) sed -n '3,15p' "$0" | sed 's/^# \{0,1\}//'; exit 0 ;;
    *) echo "fresh-debian12: error: unknown argument $1 (see --help)" >&2; exit 2 ;;
  esac
done
[ "$(id -u)" -eq 0 ] || { echo "fresh-debian12: error: run as root (mmdebstrap and chroot)" >&2; exit 2; }
repo="$(cd "$(dirname "$0")/.." && pwd)"
commands=()
while IFS= read -r line; do commands+=("$line"); done < <(grep -E '^bash cmake/install-deps\.sh' "$repo/README.md")
[ ${#commands[@]} -eq 2 ] || { echo "fresh-debian12: error: expected the README's 2 Quick start commands, found ${#commands[@]}" >&2; exit 1; }
command -v mmdebstrap >/dev/null || { apt-get update -qq && apt-get install -y -qq mmdebstrap; }

# run NAME COMMAND: a fresh root, a clone of HEAD in /root/glnoise, the command timed.
run() {
  local name="$1" cmd="$2" root
  root="$(mktemp -d "/var/tmp/glnoise-fresh-$name-XXXXXX")"
  echo "== $name: making a pristine Debian 12 root in $root"
  mmdebstrap --quiet --variant=apt --include=git,ca-certificates,sudo bookworm "$root"
  cp /etc/ssl/certs/ca-certificates.crt "$root/etc/ssl/certs/ca-certificates.crt"
  [ -f /etc/pip.conf ] && cp /etc/pip.conf "$root/etc/pip.conf"
  if [ -n "$(ls /etc/apt/sources.list.d/*.sources 2>/dev/null)" ]; then
    rm -f "$root/etc/apt/sources.list"  # the same sources, from this machine's files
    cp /etc/apt/sources.list.d/*.sources "$root/etc/apt/sources.list.d/"
  fi
  for f in /etc/apt/apt.conf.d/*; do
    grep -qi "Acquire" "$f" 2>/dev/null && cp "$f" "$root/etc/apt/apt.conf.d/"
  done
  git clone --quiet --no-hardlinks "$repo" "$root/root/glnoise"
  for m in proc sys dev; do mount --bind "/$m" "$root/$m"; done
  local start=$SECONDS rc=0
  echo "== $name: $cmd"
  chroot "$root" /usr/bin/env -i HOME=/root PATH=/usr/sbin:/usr/bin:/sbin:/bin CI=true \
    SSL_CERT_FILE=/etc/ssl/certs/ca-certificates.crt PIP_CERT=/etc/ssl/certs/ca-certificates.crt \
    /bin/bash -c "cd /root/glnoise && $cmd" || rc=$?
  local took=$((SECONDS - start))
  for m in dev sys proc; do umount "$root/$m"; done
  echo "== $name: exit $rc after $((took / 60)) min $((took % 60)) s"
  [ -n "${KEEP:-}" ] || rm -rf "$root"
  return $rc
}

status=0
[ "$only" = "" ] || [ "$only" = "build" ] || [ "$only" = "tests" ] || { echo "fresh-debian12: error: --only $only: must be build or tests" >&2; exit 2; }
if [ "$only" != "tests" ]; then run build "${commands[0]}" || status=1; fi
if [ "$only" != "build" ]; then run tests "${commands[1]}" || status=1; fi
exit $status
