#pragma once
// The species `bpat bake` writes, in output order. Adding a species is one new manifest class
// and one line here; the Baker's loop does not change.
#include "bake/SpeciesManifest.h"

namespace bpat {

class SpeciesCatalog
{
public:
    static QList<SpeciesManifest> builtIn();
};

} // namespace bpat
