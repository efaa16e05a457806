#!/bin/sh
# Installs what Schedule Explorer needs on Debian bookworm (run as root).
set -e
export DEBIAN_FRONTEND=noninteractive
apt-get update -qq
apt-get install -y -qq --no-install-recommends \
  g++ cmake ninja-build pkg-config make \
  libisl-dev libgmp-dev \
  libgraphviz-dev graphviz \
  nlohmann-json3-dev libcli11-dev \
  qt6-base-dev qt6-svg-dev libgl-dev libglx-dev libvulkan-dev \
  fonts-dejavu-core \
  python3 python3-jsonschema python3-pytest python3-distributed python3-setuptools python3-pip \
  clang-14 llvm-14 clang-format-14 \
  appstream desktop-file-utils shared-mime-info libglib2.0-bin librsvg2-bin zsh fish
