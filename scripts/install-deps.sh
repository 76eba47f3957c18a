#!/usr/bin/env bash
# Installs the Debian 12 packages BPAT Studio needs to build, test and package, when missing.
set -euo pipefail
PACKAGES=(cmake ninja-build g++ qt6-base-dev qt6-base-dev-tools qt6-charts-dev libqt6opengl6-dev
          libgl1-mesa-dev libgl1-mesa-dri xvfb xauth desktop-file-utils appstream dpkg-dev file
          clang libclang-rt-14-dev
          librsvg2-bin libxml2-utils shared-mime-info libglib2.0-bin libqt6svg6)
missing=()
for p in "${PACKAGES[@]}"; do
  dpkg-query -W -f='${Status}' "$p" 2>/dev/null | grep -q "install ok installed" || missing+=("$p")
done
if ((${#missing[@]})); then
  echo "Installing: ${missing[*]}"
  SUDO=""; [ "$(id -u)" -eq 0 ] || SUDO="sudo"
  $SUDO apt-get update
  DEBIAN_FRONTEND=noninteractive $SUDO apt-get install -y --no-install-recommends "${missing[@]}"
fi
