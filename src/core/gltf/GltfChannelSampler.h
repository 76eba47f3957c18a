#pragma once
// One glTF animation channel, evaluated exactly as glTF 2.0 defines its interpolation: STEP
// holds a key, LINEAR interpolates (spherically, the short way, for rotations), CUBICSPLINE is
// the Hermite spline through values with the stored in/out tangents scaled by the key interval.
// Before the first key the first value holds, after the last the last one. Times within 1e-6 s
// of a key evaluate to that key, so re-sampling at the keys gives them back bit-exactly.
#include <QString>
#include <optional>
#include <vector>

namespace tinygltf {
class Model;
}

namespace bpat {

class GltfChannelSampler
{
public:
    enum class Path {
        Translation,
        Rotation,
        Scale
    };
    enum class Mode {
        Step,
        Linear,
        CubicSpline
    };

    // For animation `a`, channel `c` of a model GltfModelCheck accepted. nullopt with an empty
    // error for channels that do not move a node's TRS (morph weights), with an error otherwise.
    static std::optional<GltfChannelSampler> make(const tinygltf::Model &model, int a, int c, QString *error);

    int node() const { return m_node; }
    Path path() const { return m_path; }
    double firstTime() const { return m_times.front(); }
    double lastTime() const { return m_times.back(); }
    const std::vector<double> &times() const { return m_times; }
    // 3 (translation, scale) or 4 (rotation x y z w, normalised) components.
    std::vector<double> evaluate(double time) const;

private:
    std::vector<double> value(size_t key, size_t part) const; // part: 0 in-tangent, 1 value, 2 out-tangent
    int m_node = -1;
    Path m_path = Path::Translation;
    Mode m_mode = Mode::Linear;
    int m_components = 3;
    std::vector<double> m_times;
    std::vector<float> m_values;
};

} // namespace bpat
