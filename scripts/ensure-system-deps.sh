#!/usr/bin/env bash
# Installs the Debian packages the test suite needs when they are missing: Chromium for the
# end-to-end tests (no browser is ever downloaded by npm), Noto CJK fonts so Chinese, Japanese
# and Korean pages render, and nginx and redis-server for the scale-out step (which runs its own
# instances of both on spare ports; it never uses or stops the system's services), and a Java
# runtime for the Nu Html Checker (npm's vnu-jar; its own Java download is refused). Safe to run
# repeatedly; does nothing when all is there.
set -euo pipefail

need=()
command -v chromium >/dev/null 2>&1 || need+=(chromium)
dpkg -s fonts-noto-cjk >/dev/null 2>&1 || need+=(fonts-noto-cjk)
command -v nginx >/dev/null 2>&1 || [ -x /usr/sbin/nginx ] || need+=(nginx)
command -v redis-server >/dev/null 2>&1 || need+=(redis-server)
command -v java >/dev/null 2>&1 || need+=(default-jre-headless)
((${#need[@]})) || exit 0

echo "Installing Debian packages: ${need[*]}"
sudo=""
if [ "$(id -u)" != 0 ]; then
  if command -v sudo >/dev/null 2>&1; then sudo="sudo"; else
    echo "Missing ${need[*]} and not root: install them with apt-get, then run again." >&2
    exit 1
  fi
fi
export DEBIAN_FRONTEND=noninteractive
$sudo apt-get update -qq
$sudo apt-get install -y -qq --no-install-recommends "${need[@]}" >/dev/null
