#pragma once
// Reads glTF accessors of a parsed (untrusted) model with every bound checked: the accessor's
// buffer view and buffer exist, its elements lie inside the view and the view inside the
// buffer (64-bit arithmetic, no overflow), the stride fits. Counts are never trusted for an
// allocation before the bytes they claim are known to exist. Errors name the accessor and rule.
#include <QString>
#include <optional>
#include <vector>

namespace tinygltf {
class Model;
}

namespace bpat {

class GltfAccessorReader
{
public:
    explicit GltfAccessorReader(const tinygltf::Model &model);

    // Components per element for the accessor (1 SCALAR .. 16 MAT4), 0 when unknown.
    int componentCount(int accessor) const;
    size_t count(int accessor) const;
    // Every component as float; normalised integers map to [0, 1] / [-1, 1] as glTF defines.
    // Accessors without a buffer view read as zeros; sparse accessors are refused.
    std::optional<std::vector<float>> floats(int accessor, QString *error) const;
    // Integer components (indices, joints) as unsigned values; floats are refused.
    std::optional<std::vector<quint32>> unsignedInts(int accessor, QString *error) const;

private:
    // Where element i's first byte is, after checking the whole accessor fits.
    bool locate(int accessor, const unsigned char **base, size_t *stride, QString *error) const;
    const tinygltf::Model &m_model;
};

} // namespace bpat
