#include "anim/PoseSample.h"

#include <cmath>
#include <cstring>
#include <limits>

#if defined(__SSE2__)
#include <emmintrin.h>
#endif

namespace bpat {

PoseSample PoseSample::fromComponents(const std::array<double, 7> &c)
{
    PoseSample pose;
    pose.position = QVector3D(float(c[0]), float(c[1]), float(c[2]));
    const double lengthSquared = c[3] * c[3] + c[4] * c[4] + c[5] * c[5] + c[6] * c[6];
    if (lengthSquared > 0.0 && std::isfinite(lengthSquared)) {
        const double inv = 1.0 / std::sqrt(lengthSquared);
        // QQuaternion's constructor takes the scalar (w) first.
        pose.rotation = QQuaternion(float(c[6] * inv), float(c[3] * inv), float(c[4] * inv), float(c[5] * inv));
    }
    return pose;
}

void PoseSample::fromComponentsPair(const std::array<double, 7> &a, const std::array<double, 7> &b, PoseSample *first,
                                    PoseSample *second)
{
#if defined(__SSE2__)
    const __m128d x = _mm_setr_pd(a[3], b[3]), y = _mm_setr_pd(a[4], b[4]), z = _mm_setr_pd(a[5], b[5]),
                  w = _mm_setr_pd(a[6], b[6]);
    const __m128d lengthSquared =
        _mm_add_pd(_mm_add_pd(_mm_add_pd(_mm_mul_pd(x, x), _mm_mul_pd(y, y)), _mm_mul_pd(z, z)), _mm_mul_pd(w, w));
    const __m128d inv = _mm_div_pd(_mm_set1_pd(1.0), _mm_sqrt_pd(lengthSquared));
    // lengthSquared > 0 and finite (false for a NaN).
    const int fine =
        _mm_movemask_pd(_mm_and_pd(_mm_cmpgt_pd(lengthSquared, _mm_setzero_pd()),
                                   _mm_cmplt_pd(lengthSquared, _mm_set1_pd(std::numeric_limits<double>::infinity()))));
    const auto convert = [](const std::array<double, 7> &c, __m128d scale, bool unit, PoseSample *out) {
        // float(double) as a scalar conversion rounds it: cvtpd2ps rounds each lane the same.
        const __m128 xy = _mm_cvtpd_ps(_mm_loadu_pd(c.data()));
        const __m128 position = _mm_movelh_ps(xy, _mm_cvtsd_ss(_mm_setzero_ps(), _mm_load_sd(c.data() + 2)));
        std::memcpy(&out->position, &position, sizeof out->position);
        if (!unit) {
            out->rotation = QQuaternion();
            return;
        }
        // QQuaternion holds w, x, y, z.
        const __m128 wx = _mm_cvtpd_ps(_mm_mul_pd(_mm_setr_pd(c[6], c[3]), scale));
        const __m128 yz = _mm_cvtpd_ps(_mm_mul_pd(_mm_loadu_pd(c.data() + 4), scale));
        const __m128 q = _mm_movelh_ps(wx, yz);
        static_assert(sizeof(QQuaternion) == sizeof q);
        std::memcpy(&out->rotation, &q, sizeof q);
    };
    convert(a, _mm_unpacklo_pd(inv, inv), fine & 1, first);
    convert(b, _mm_unpackhi_pd(inv, inv), fine & 2, second);
#else
    *first = fromComponents(a);
    *second = fromComponents(b);
#endif
}

QMatrix4x4 PoseSample::matrix() const
{
    QMatrix4x4 m;
    m.translate(position);
    m.rotate(rotation);
    return m;
}

} // namespace bpat
