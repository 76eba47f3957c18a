#include "motionedit/ClipReverse.h"

#include <charconv>
#include <cmath>
#include <cstring>
#include <string>

namespace bpat {

namespace {

// Blocks of `width` floats, frame by frame, in reverse frame order.
QList<float> reverseBlocks(const QList<float> &values, quint32 frames, qsizetype width)
{
    if (width <= 0 || values.size() != qsizetype(frames) * width)
        return values;
    QList<float> out(values.size());
    for (quint32 f = 0; f < frames; ++f)
        std::memcpy(out.data() + qsizetype(frames - 1 - f) * width, values.constData() + qsizetype(f) * width,
                    size_t(width) * sizeof(float));
    return out;
}

} // namespace

float ClipReverse::reversedPhase(float phase)
{
    if (!(phase >= 0.0f && phase <= 1.0f))
        return phase; // unset (-1), or not a phase: left as it is
    // The shortest decimal that reads back as `phase`: digits x 10^exponent.
    char text[64];
    const auto written = std::to_chars(text, text + sizeof text, phase, std::chars_format::scientific);
    if (written.ec != std::errc())
        return float(1.0 - double(phase));
    const std::string s(text, written.ptr);
    const size_t e = s.find('e');
    std::string digits;
    for (size_t i = 0; i < e; ++i) {
        if (s[i] >= '0' && s[i] <= '9')
            digits += s[i];
    }
    const int exponent = std::stoi(s.substr(e + 1)) - int(digits.size()) + 1;
    const int decimals = -exponent;
    if (decimals < 0 || decimals > 18 || digits.size() > 18)
        return float(1.0 - double(phase));
    // 1 - digits / 10^decimals, exactly, as a decimal; then read as the nearest float.
    long long one = 1;
    for (int i = 0; i < decimals; ++i)
        one *= 10;
    const long long rest = one - std::stoll(digits);
    std::string decimal = std::to_string(rest);
    if (decimals > 0) {
        if (int(decimal.size()) <= decimals)
            decimal.insert(0, size_t(decimals + 1) - decimal.size(), '0');
        decimal.insert(decimal.size() - size_t(decimals), 1, '.');
    }
    float out = 0.0f;
    const auto read = std::from_chars(decimal.data(), decimal.data() + decimal.size(), out);
    return read.ec == std::errc() ? out : float(1.0 - double(phase));
}

BpatClip ClipReverse::reversed(const BpatClip &clip, quint32 boneCount, int socketCount)
{
    BpatClip out = clip;
    const quint32 n = clip.frameCount;
    out.palette = reverseBlocks(clip.palette, n, qsizetype(boneCount) * 16);
    if (socketCount > 0)
        out.socketRows = reverseBlocks(clip.socketRows, n, qsizetype(socketCount) * 12);
    out.contacts = reverseBlocks(clip.contacts, n, 2);
    out.storedSkin = reverseBlocks(clip.storedSkin, n, qsizetype(boneCount) * 16);
    for (float &m : out.markers)
        m = reversedPhase(m);
    return out;
}

} // namespace bpat
