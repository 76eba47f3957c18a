#pragma once
// Reads glTF accessors of a parsed (untrusted) model with every bound checked: the accessor's
// buffer view and buffer exist, its elements lie inside the view and the view inside the
// buffer (64-bit arithmetic, no overflow), the stride fits. Counts are never trusted for an
// allocation before the bytes they claim are known to exist. Errors name the accessor and rule.
#include <QString>
#include <functional>
#include <optional>
#include <utility>
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

    // Checks without copying (GltfModelCheck; memory stays flat whatever the counts): that the
    // accessor can be read, that its floats are finite ("accessors[3]: component 4 is nan"),
    // and the first integer component at or above `limit` (*found: its index and value, or
    // nullopt); each false with *error when the accessor cannot be read (or is not finite).
    bool check(int accessor, QString *error) const;
    bool checkFinite(int accessor, QString *error) const;
    bool firstAtLeast(int accessor, quint64 limit, std::optional<std::pair<size_t, quint32>> *found, QString *error) const;
    // The largest integer component (nullopt for an empty accessor).
    bool maxUnsigned(int accessor, std::optional<quint32> *max, QString *error) const;
    // Every component as floats() gives it, in order, until `visit` returns false (an accessor
    // without a buffer view: as many zeros as it claims).
    bool forEachFloat(int accessor, const std::function<bool(size_t component, float value)> &visit, QString *error) const;

private:
    // Calls visit(component index, its bytes) for every component in order until it returns
    // false; nothing for an accessor without a buffer view (zeros). False when it cannot be read.
    template<typename Visit> bool each(int accessor, QString *error, Visit &&visit) const;
    bool locateOnly(int accessor, QString *error) const;
    // Where element i's first byte is, after checking the whole accessor fits.
    bool locate(int accessor, const unsigned char **base, size_t *stride, QString *error) const;
    const tinygltf::Model &m_model;
};

} // namespace bpat
