#include "SpeciesCatalog.h"

#include "ElephantManifest.h"
#include "HorseManifest.h"
#include "HumanoidManifest.h"
#include "HumanoidSwordManifest.h"

namespace bpat {

QList<SpeciesManifest> SpeciesCatalog::builtIn()
{
    return {HumanoidManifest::create(), HumanoidSwordManifest::create(), HorseManifest::create(),
            ElephantManifest::create()};
}

} // namespace bpat
