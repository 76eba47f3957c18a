#include "gltf/GltfChannelSampler.h"

#include "gltf/Affine.h"
#include "gltf/GltfAccessorReader.h"
#include "gltf/TinyGltf.h"

#include <algorithm>
#include <cmath>

namespace bpat {

std::optional<GltfChannelSampler> GltfChannelSampler::make(const tinygltf::Model &model, int a, int c, QString *error)
{
    error->clear();
    const tinygltf::Animation &anim = model.animations[size_t(a)];
    const tinygltf::AnimationChannel &channel = anim.channels[size_t(c)];
    GltfChannelSampler s;
    if (channel.target_node < 0)
        return std::nullopt; // targets something other than a node (an extension): ignored
    if (channel.target_path == "translation")
        s.m_path = Path::Translation;
    else if (channel.target_path == "rotation")
        s.m_path = Path::Rotation;
    else if (channel.target_path == "scale")
        s.m_path = Path::Scale;
    else
        return std::nullopt;
    s.m_node = channel.target_node;
    s.m_components = s.m_path == Path::Rotation ? 4 : 3;
    const tinygltf::AnimationSampler &sampler = anim.samplers[size_t(channel.sampler)];
    s.m_mode = sampler.interpolation == "STEP"   ? Mode::Step
        : sampler.interpolation == "CUBICSPLINE" ? Mode::CubicSpline
                                                 : Mode::Linear;
    const GltfAccessorReader reader(model);
    const auto times = reader.floats(sampler.input, error);
    auto values = times ? reader.floats(sampler.output, error) : std::nullopt;
    if (!times || !values)
        return std::nullopt;
    const size_t perKey = size_t(s.m_components) * (s.m_mode == Mode::CubicSpline ? 3 : 1);
    if (times->empty() || values->size() != times->size() * perKey) {
        *error = QStringLiteral("animations[%1].channels[%2]: %3 output values for %4 keys")
                     .arg(a)
                     .arg(c)
                     .arg(values->size())
                     .arg(times->size());
        return std::nullopt;
    }
    s.m_times.assign(times->begin(), times->end());
    s.m_values = std::move(*values);
    return s;
}

std::vector<double> GltfChannelSampler::value(size_t key, size_t part) const
{
    const size_t n = size_t(m_components);
    const size_t base = m_mode == Mode::CubicSpline ? (key * 3 + part) * n : key * n;
    std::vector<double> v(n);
    for (size_t i = 0; i < n; ++i)
        v[i] = double(m_values[base + i]);
    return v;
}

static std::vector<double> finish(std::vector<double> v, bool rotation)
{
    if (rotation) {
        const Quat q = Affine::normalized({v[0], v[1], v[2], v[3]});
        v.assign(q.begin(), q.end());
    }
    return v;
}

std::vector<double> GltfChannelSampler::evaluate(double time) const
{
    const bool rotation = m_path == Path::Rotation;
    const size_t keys = m_times.size();
    constexpr double snap = 1e-6;
    if (keys == 1 || time <= m_times.front() + snap)
        return finish(value(0, 1), rotation);
    if (time >= m_times.back() - snap)
        return finish(value(keys - 1, 1), rotation);
    // The key interval [k, k + 1) holding time.
    const size_t k = size_t(std::upper_bound(m_times.begin(), m_times.end(), time) - m_times.begin()) - 1;
    if (std::abs(time - m_times[k]) <= snap)
        return finish(value(k, 1), rotation);
    if (std::abs(m_times[k + 1] - time) <= snap)
        return finish(value(k + 1, 1), rotation);
    const double dt = m_times[k + 1] - m_times[k];
    const double t = (time - m_times[k]) / dt;
    if (m_mode == Mode::Step)
        return finish(value(k, 1), rotation);
    if (m_mode == Mode::Linear) {
        const std::vector<double> a = value(k, 1), b = value(k + 1, 1);
        if (rotation) {
            const Quat q =
                Affine::slerp(Affine::normalized({a[0], a[1], a[2], a[3]}), Affine::normalized({b[0], b[1], b[2], b[3]}), t);
            return {q[0], q[1], q[2], q[3]};
        }
        std::vector<double> v(a.size());
        for (size_t i = 0; i < v.size(); ++i)
            v[i] = a[i] + (b[i] - a[i]) * t;
        return v;
    }
    // CUBICSPLINE: p = (2t^3 - 3t^2 + 1) v_k + (t^3 - 2t^2 + t) dt b_k + (-2t^3 + 3t^2) v_k+1 + (t^3 - t^2) dt a_k+1
    const std::vector<double> vk = value(k, 1), bk = value(k, 2), vk1 = value(k + 1, 1), ak1 = value(k + 1, 0);
    const double t2 = t * t, t3 = t2 * t;
    std::vector<double> v(vk.size());
    for (size_t i = 0; i < v.size(); ++i)
        v[i] = (2 * t3 - 3 * t2 + 1) * vk[i] + (t3 - 2 * t2 + t) * dt * bk[i] + (-2 * t3 + 3 * t2) * vk1[i]
            + (t3 - t2) * dt * ak1[i];
    return finish(v, rotation);
}

} // namespace bpat
