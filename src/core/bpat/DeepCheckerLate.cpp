#include "bpat/DeepCheckerLate.h"

#include "bpat/BpatFile.h"
#include "bpat/BpatFormat.h"
#include "bpat/DeepCheckKernels.h"
#include "bpat/DeepLocator.h"

#include <algorithm>
#include <cmath>
#include <cstring>
#include <limits>

namespace bpat {

namespace fmt = bpat::format;
using namespace codes;

namespace {

double det3RowMajor(const float *m)
{
    return double(m[0]) * (double(m[5]) * m[10] - double(m[6]) * m[9])
        - double(m[1]) * (double(m[4]) * m[10] - double(m[6]) * m[8])
        + double(m[2]) * (double(m[4]) * m[9] - double(m[5]) * m[8]);
}

} // namespace

DeepCheckerLate::DeepCheckerLate(const BpatFile &file, const ValidationOptions &options)
    : m_minDet(options.degenerateDeterminant)
    , m_bones(file.header().boneCount > 0 && file.header().boneCount <= fmt::MaxBones ? file.header().boneCount : 0)
{
    // BpatFile holds a bind palette only for 1..64 bones; copied here (at most 4 KiB).
    std::vector<float> bind;
    if (file.bindPaletteInBounds()) {
        bind.resize(m_bones.size() * 16);
        for (quint32 b = 0; b < quint32(m_bones.size()); ++b) {
            const auto m = *file.bindFloats(b);
            std::copy(m.begin(), m.end(), bind.begin() + qsizetype(b) * 16);
        }
    }
    prepare(bind.empty() ? nullptr : bind.data());
}

DeepCheckerLate::DeepCheckerLate(const BpatFile &file, const ValidationOptions &options, const float *bindPalette)
    : m_minDet(options.degenerateDeterminant)
    , m_bones(file.header().boneCount > 0 && file.header().boneCount <= fmt::MaxBones ? file.header().boneCount : 0)
{
    prepare(bindPalette);
}

void DeepCheckerLate::prepare(const float *bindPalette)
{
    const quint32 bones = quint32(m_bones.size());
    m_checksPalette = bones > 0;
    m_bindInFile = m_checksPalette && bindPalette;
    if (!m_checksPalette)
        return;
    m_bones.resize(bones);
    const size_t padded = (size_t(bones) + 7) / 8 * 8; // DeepMatrixScan reads 8 at a time
    const float nan = std::numeric_limits<float>::quiet_NaN();
    m_fastMinDet.assign(padded, nan);
    m_fastSlope.assign(padded, nan);
    for (quint32 b = 0; b < bones; ++b) {
        Bone &bone = m_bones[b];
        bone.bind = {1, 0, 0, 0, 0, 1, 0, 0, 0, 0, 1, 0, 0, 0, 0, 1};
        if (m_bindInFile)
            std::copy_n(bindPalette + qsizetype(b) * 16, 16, bone.bind.begin());
        const float *m = bone.bind.data();
        for (int k = 0; k < 4; ++k) {
            for (int c = 0; c < 4; ++c) {
                const float element = m[c * 4 + k]; // B(k, c): the bind matrix is column-major
#if defined(__SSE2__)
                bone.splat[k * 4 + c] = _mm_set1_ps(element);
#endif
                bone.maxAbs = std::max(bone.maxAbs, std::abs(element)); // NaN stays out: see socketErrorScale
            }
        }
        for (float v : bone.bind)
            bone.maxAbs = std::isfinite(v) ? bone.maxAbs : std::numeric_limits<float>::infinity();
        // With the skin's last row exactly 0 0 0 1, the global's last row is the bind's (floats
        // 3, 7, 11, 15), to the bit but for the sign of a zero; with the skin's and the bind's
        // floats below 2^62 the global is finite; and its upper 3x3 is skin3 x bind3, so
        // det(global3) = det(skin3) det(bind3) up to the global's rounding to float (each
        // element within u = 2^-24 relative: at most 3.01 u perm(|skin3| |bind3|), and
        // perm(|skin3| |bind3|) <= rs0 rs1 rs2 (the skin's row sums) * rb^3 (rb the bind's
        // largest row sum)). So a skin passes when |det_f(skin3)| >= minDet / |det(bind3)| +
        // (16 u + 8 u rb^3 / |det(bind3)|) rs0 rs1 rs2 (the skin's own float error as for v1,
        // see deepkernels::detBound). Any other bind matrix sends its bone's matrices to the
        // exact checks.
        bool fine = m[3] == 0.0f && m[7] == 0.0f && m[11] == 0.0f && m[15] == 1.0f;
        for (float v : bone.bind)
            fine = fine && std::abs(v) < Limit;
        double rb = 0.0, perm = 0.0;
        for (int k = 0; k < 3; ++k) // row k of the bind: floats k, 4 + k, 8 + k
            rb = std::max(rb, std::abs(double(m[k])) + std::abs(double(m[4 + k])) + std::abs(double(m[8 + k])));
        for (int i = 0; i < 3; ++i) { // perm(|bind3|), the double evaluation's error scale
            const int j = (i + 1) % 3, k = (i + 2) % 3;
            perm += std::abs(double(m[i])) * (std::abs(double(m[4 + j]) * m[8 + k]) + std::abs(double(m[4 + k]) * m[8 + j]));
        }
        // det of the bind's upper 3x3, column-major (the transpose's, the same value), less the
        // double evaluation's error.
        const double detBind = std::abs(det3RowMajor(m)) - 1e-15 * perm;
        const double minDet = m_minDet > 0.0 ? m_minDet / detBind * (1.0 + 1.0 / (1 << 20)) + 1e-30 : 0.0;
        const double slope = double(deepkernels::DetSlope) + 8.0 / (1 << 24) * rb * rb * rb / detBind;
        if (fine && detBind > 0.0 && std::isfinite(minDet) && minDet < 1e30 && std::isfinite(slope) && slope < 1e30) {
            m_fastMinDet[b] = float(minDet);
            m_fastSlope[b] = float(slope);
        }
    }
    for (size_t b = bones; b < padded; ++b) { // a tail batch repeats its last bone
        m_fastMinDet[b] = m_fastMinDet[bones - 1];
        m_fastSlope[b] = m_fastSlope[bones - 1];
    }
}

#if defined(__SSE2__)
float DeepCheckerLate::socketErrorScale(quint32 bone, const QVector3D &offset) const
{
    // 16 u * maxB * (|x| + |y| + |z| + 1), in double and rounded up (deepkernels::lateSocketRowWithin).
    const double scale = 16.0 / (1 << 24) * double(m_bones[bone].maxAbs)
        * (std::abs(double(offset.x())) + std::abs(double(offset.y())) + std::abs(double(offset.z())) + 1.0) * (1.0 + 1e-6);
    return std::isfinite(scale) && scale < 1e30 ? float(scale) : std::numeric_limits<float>::quiet_NaN();
}
#endif

std::array<float, 16> DeepCheckerLate::global(const float *s, quint32 bone) const
{
    if (m_bindInFile) // then every bone is prepared (BpatFile holds a bind palette for 1..64 bones only)
        return skinTimesBind(s, m_bones[bone].bind.data());
    std::array<float, 16> out;
    for (int r = 0; r < 4; ++r)
        for (int c = 0; c < 4; ++c)
            out[r * 4 + c] = s[c * 4 + r];
    return out;
}

DeepCheckerLate::Verdict DeepCheckerLate::check(const float *s, quint32 bone, bool withMessage) const
{
    auto finding = [&](const QString &code, auto message) {
        return Verdict{Verdict::Finding, code, withMessage ? message() : QString()};
    };
    if (!deepkernels::allFinite(s, 16))
        return finding(NON_FINITE, [&] {
            return QStringLiteral("skinning matrix holds NaN or infinity: %1").arg(DeepLocator::floats(s, 16));
        });
    if (!(s[3] == 0.0f && s[7] == 0.0f && s[11] == 0.0f && s[15] == 1.0f)) {
        if (s[12] == 0.0f && s[13] == 0.0f && s[14] == 0.0f && s[15] == 1.0f)
            return Verdict{Verdict::RowMajor, {}, {}};
        return finding(NON_AFFINE, [&] {
            return QStringLiteral("skinning matrix floats 3, 7, 11, 15 are %1 %2 %3 %4, expected 0 0 0 1 (column-major affine)")
                .arg(double(s[3]))
                .arg(double(s[7]))
                .arg(double(s[11]))
                .arg(double(s[15]));
        });
    }
    // The bind matrix of the checks is the identity without a bind palette (not a transposition).
    const auto g = skinTimesBind(s, m_bones[bone].bind.data());
    if (!deepkernels::allFinite(g.data(), 16)) {
        return finding(NON_FINITE, [&] {
            return QStringLiteral("global matrix skin x bind holds NaN or infinity: %1").arg(DeepLocator::floats(g.data(), 16));
        });
    }
    if (!(g[12] == 0.0f && g[13] == 0.0f && g[14] == 0.0f && g[15] == 1.0f)) {
        return finding(NON_AFFINE, [&] {
            return QStringLiteral("global matrix skin x bind has row 3 %1, expected 0 0 0 1")
                .arg(DeepLocator::floats(g.data() + 12, 4));
        });
    }
    const double det = det3RowMajor(g.data());
    if (std::abs(det) < m_minDet) {
        return finding(DEGENERATE_MATRIX, [&] {
            return QStringLiteral("determinant of the global matrix's upper 3x3 (skin x bind) is %1, expected |det| >= %2")
                .arg(det, 0, 'g', 6)
                .arg(m_minDet, 0, 'g', 3);
        });
    }
    return {};
}

bool DeepCheckerLate::checkContacts(const BpatFile &file, const ValidationOptions &options, DiagnosticSink &sink,
                                    const DeepLocator &where)
{
    if (!file.contactTableInBounds())
        return true;
    const quint32 count = file.v3Extension().contactEntryCount;
    const uchar *records = file.data() + file.v3Extension().contactDataOffset;
    constexpr quint32 Step = 0x10000; // frames between looks at the cancel flag
    for (quint32 frame = 0; frame < count; frame += std::min(Step, count - frame)) {
        if (options.cancel && options.cancel->load(std::memory_order_relaxed))
            return false;
        const quint32 n = std::min(Step, count - frame);
        checkContactRecords(file, records + quint64(frame) * fmt::ContactRecordSize, frame, n, sink, where);
    }
    return true;
}

void DeepCheckerLate::checkContactRecords(const BpatFile &file, const uchar *records, quint32 first, quint32 count,
                                          DiagnosticSink &sink, const DeepLocator &where)
{
    const quint64 base = file.v3Extension().contactDataOffset;
    for (quint32 i = 0; i < count; ++i) {
        float c[2];
        std::memcpy(c, records + quint64(i) * fmt::ContactRecordSize, sizeof c);
        if (Q_LIKELY(deepkernels::allFinite(c, 2)))
            continue;
        if (sink.full(NON_FINITE)) {
            sink.countOnly(NON_FINITE);
            continue;
        }
        const quint32 frame = first + i;
        sink.report(NON_FINITE, base + quint64(frame) * fmt::ContactRecordSize, where.contact(frame),
                    QStringLiteral("contact record (sole_y, foot_y) is (%1, %2), expected finite numbers")
                        .arg(double(c[0]))
                        .arg(double(c[1])));
    }
}

} // namespace bpat
