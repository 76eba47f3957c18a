#pragma once
// The work a glTF file asks for, counted on its parsed JSON before tinygltf builds anything
// (gltflimits, GltfLimits.h): the elements of each array of the root, the buffers' declared
// bytes (each at least 1: tinygltf 2.7 aborted on a .glb buffer of byteLength 0), the components
// of every accessor together and of those without a buffer view. A file over a budget is
// refused with the count, the budget and where the count comes from.
#include <QJsonObject>
#include <QString>

namespace bpat {

class GltfJsonBudget
{
public:
    // Empty when the file is within every budget (its types already checked: GltfJsonCheck).
    static QString check(const QJsonObject &root);
};

} // namespace bpat
