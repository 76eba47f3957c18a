#include "plot/CurvePlotFactory.h"

#include "plot/ChartsCurvePlot.h"

namespace bpat::app {

CurvePlot *createCurvePlot(QWidget *parent)
{
    return new ChartsCurvePlot(parent);
}

} // namespace bpat::app
