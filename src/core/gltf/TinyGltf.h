#pragma once
// The one way bpatcore includes tinygltf (Debian's libtinygltf-dev, header-only, with
// nlohmann-json): images are neither decoded nor read from disk (motion and meshes only), so
// no stb_image is needed. tinygltf has no file system of its own here (TINYGLTF_NO_FS): the one
// loader (GltfLoader) installs GltfExternalFiles' callbacks, which read only the buffers the
// folder rule let through. The implementation is compiled once, in TinyGltf.cpp.
#define TINYGLTF_NO_STB_IMAGE
#define TINYGLTF_NO_STB_IMAGE_WRITE
#define TINYGLTF_NO_EXTERNAL_IMAGE
#define TINYGLTF_NO_FS
#if defined(__clang__)
#pragma clang diagnostic push
#pragma clang diagnostic ignored "-Wall"
#pragma clang diagnostic ignored "-Wextra"
#pragma clang diagnostic ignored "-Wpedantic"
#elif defined(__GNUC__)
#pragma GCC diagnostic push
#pragma GCC diagnostic ignored "-Wall"
#pragma GCC diagnostic ignored "-Wextra"
#pragma GCC diagnostic ignored "-Wpedantic"
#endif
#include <tiny_gltf.h>
#if defined(__clang__)
#pragma clang diagnostic pop
#elif defined(__GNUC__)
#pragma GCC diagnostic pop
#endif
