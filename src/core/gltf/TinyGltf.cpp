// tinygltf's implementation, compiled exactly once in bpatcore (see TinyGltf.h).
#define TINYGLTF_IMPLEMENTATION
#include "gltf/TinyGltf.h"
