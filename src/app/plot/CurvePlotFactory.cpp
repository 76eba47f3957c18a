#include "plot/CurvePlotFactory.h"

#include "plot/ChartsCurvePlot.h"

namespace bpat::studio {

CurvePlot *createCurvePlot(QWidget *parent)
{
    return new ChartsCurvePlot(parent);
}

} // namespace bpat::studio
