// Fuzzes the input animation reader, then evaluates every curve of what it accepted at a few
// times (before, at and after the keys, far outside so Loop / PingPong wrap) with both the
// random-access evaluator and a cursor.
#include "anim/CurveCursor.h"
#include "anim/CurveEvaluator.h"
#include "anim/InputAnimation.h"
#include "anim/InputAnimationReader.h"

#include <QByteArrayView>
#include <cstddef>
#include <cstdint>
#include <limits>

extern "C" int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    using namespace bpat;
    InputAnimationReader reader;
    const auto animation = reader.read(QByteArrayView(data, qsizetype(size)));
    (void)reader.errorString();
    if (!animation)
        return 0;

    for (const CurveRef &ref : animation->curves()) {
        const double first = ref.firstTime(), last = ref.lastTime();
        const double span = last - first;
        const double times[] = {first - 1.0,
                                first,
                                (first + last) / 2,
                                last,
                                last + 0.37,
                                last + 3.5 * span + 0.1,
                                first - 7.25 * span - 0.2,
                                1e30,
                                -1e30,
                                std::numeric_limits<double>::quiet_NaN()};
        if (ref.floatCurve) {
            CurveCursor cursor(*ref.floatCurve);
            for (double t : times) {
                (void)CurveEvaluator::evaluate(*ref.floatCurve, t);
                (void)cursor.value(t);
            }
        } else if (ref.boolCurve) {
            CurveCursor cursor(*ref.boolCurve);
            for (double t : times) {
                (void)CurveEvaluator::evaluate(*ref.boolCurve, t);
                (void)cursor.boolValue(t);
            }
        }
    }
    return 0;
}
