#pragma once
// The one place that names the chart library: panels ask for a CurvePlot here. Switching to
// Qt Graphs means a new CurvePlot subclass and a change to this function only.
#include "plot/CurvePlot.h"

namespace bpat::studio {

CurvePlot *createCurvePlot(QWidget *parent = nullptr);

} // namespace bpat::studio
