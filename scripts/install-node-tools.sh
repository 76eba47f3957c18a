#!/usr/bin/env bash
# Installs the Node.js tools the tests use, from the lock files in tools/ (no global installs):
# the Khronos glTF-Validator (npm package gltf-validator) into tools/gltf-validator/node_modules,
# where tests/core/gltf finds it. Tests that need it skip with a message when it is absent.
# Run by scripts/install-deps.sh (and so by CI); needs node and npm (Debian: nodejs, npm).
set -euo pipefail
cd "$(dirname "$0")/.."
if ! command -v npm >/dev/null 2>&1; then
  echo "npm not found: install nodejs and npm (scripts/install-deps.sh does)" >&2
  exit 1
fi
npm ci --prefix tools/gltf-validator --no-audit --no-fund
