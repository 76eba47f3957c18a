#!/usr/bin/env bash
# Installs the Debian 12 packages BPAT Studio needs to build, test and package, when missing.
set -euo pipefail
PACKAGES=(cmake ninja-build g++ qt6-base-dev qt6-base-dev-tools qt6-charts-dev libqt6opengl6-dev
          libgl1-mesa-dev libgl1-mesa-dri xvfb xauth desktop-file-utils appstream dpkg-dev file
          clang libclang-rt-14-dev clang-format clang-tidy lld
          librsvg2-bin libxml2-utils shared-mime-info libglib2.0-bin libqt6svg6
          libtinygltf-dev nlohmann-json3-dev libmeshoptimizer-dev libwebp-dev libgif-dev assimp-testmodels nodejs
          python3-dev python3-numpy pybind11-dev)
# Blender loads the glTF export with the game's body in tests/core/gltf (tst_GltfBodyExport
# skips without it): Debian 12's blender 3.4, about 80 MB to download and 600 MB installed
# (169 packages, about 1.5 min here). BPAT_NO_BLENDER=1 leaves it out.
if [ "${BPAT_NO_BLENDER:-0}" != 1 ]; then
  PACKAGES+=(blender)
fi
# Headless Chromium opens the review page of `bpat report` in tst_ReportCommand (which skips
# without it). BPAT_NO_CHROMIUM=1 leaves it out.
if [ "${BPAT_NO_CHROMIUM:-0}" != 1 ]; then
  PACKAGES+=(chromium)
fi
missing=()
for p in "${PACKAGES[@]}"; do
  dpkg-query -W -f='${Status}' "$p" 2>/dev/null | grep -q "install ok installed" || missing+=("$p")
done
# npm: Debian's package, unless a Node.js distribution that bundles it is installed already.
command -v npm >/dev/null 2>&1 || missing+=(npm)
if ((${#missing[@]})); then
  echo "Installing: ${missing[*]}"
  SUDO=""; [ "$(id -u)" -eq 0 ] || SUDO="sudo"
  $SUDO apt-get update
  DEBIAN_FRONTEND=noninteractive $SUDO apt-get install -y --no-install-recommends "${missing[@]}"
fi
# npm packages the tests use (the Khronos glTF-Validator), pinned by tools/*/package-lock.json.
scripts/install-node-tools.sh
