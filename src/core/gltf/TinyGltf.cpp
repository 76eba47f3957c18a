// tinygltf's implementation, compiled exactly once in bpatcore (see TinyGltf.h). With
// TINYGLTF_NO_FS it no longer includes <fstream>, which its file writers (never called here)
// still name.
#include <fstream>
#define TINYGLTF_IMPLEMENTATION
#include "gltf/TinyGltf.h"
