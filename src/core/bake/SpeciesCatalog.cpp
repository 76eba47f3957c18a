#include "bake/SpeciesCatalog.h"

#include "bake/ElephantManifest.h"
#include "bake/HorseManifest.h"
#include "bake/HumanoidManifest.h"
#include "bake/HumanoidSwordManifest.h"

namespace bpat {

QList<SpeciesManifest> SpeciesCatalog::builtIn()
{
    return {HumanoidManifest::create(), HumanoidSwordManifest::create(), HorseManifest::create(), ElephantManifest::create()};
}

} // namespace bpat
