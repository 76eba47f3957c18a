// Writes small valid BPSM files for the fuzz_bpsm seed corpus (scripts/make-fuzz-seeds.sh):
// a baked snapshot is megabytes and the fuzzers run with -max_len=65536, so a seed keeps the
// mesh of a baked file with only the first frame of its first clip; with no input it writes a
// synthetic four-vertex snapshot with two clips (2 + 3 frames).
//   bpsm_fuzz_seed OUT.bpsm [BAKED.bpsm]
#include "bpsm/BpsmFile.h"
#include "bpsm/BpsmWriter.h"

#include <cstdio>

using namespace bpat;

namespace {

BpsmSnapshot synthetic()
{
    BpsmSnapshot s;
    s.speciesId = 1;
    s.vertexCount = 4;
    s.clips = {{QStringLiteral("walk"), 2}, {QStringLiteral("gallop"), 3}};
    s.indices = {0, 1, 2, 2, 1, 3};
    for (quint32 f = 0; f < 5; ++f) {
        for (quint32 v = 0; v < 4; ++v) {
            CreatureVertex x;
            x.position[0] = float(v % 2) + 0.1f * float(f);
            x.position[1] = float(v / 2);
            x.bones[0] = quint8(v);
            x.colorRole = quint8(v);
            s.vertices.append(x);
        }
    }
    return s;
}

std::optional<BpsmSnapshot> firstFrameOf(const QString &path, QString *error)
{
    const auto file = BpsmFile::open(path, error);
    if (!file)
        return std::nullopt;
    auto snapshot = file->toSnapshot(error);
    if (!snapshot || snapshot->clips.isEmpty() || snapshot->vertexCount == 0)
        return std::nullopt;
    snapshot->clips = {{snapshot->clips.first().name, 1}};
    snapshot->vertices.resize(snapshot->vertexCount);
    return snapshot;
}

} // namespace

int main(int argc, char **argv)
{
    if (argc < 2 || argc > 3) {
        std::fputs("usage: bpsm_fuzz_seed OUT.bpsm [BAKED.bpsm]\n", stderr);
        return 2;
    }
    QString error;
    std::optional<BpsmSnapshot> snapshot = synthetic();
    if (argc == 3)
        snapshot = firstFrameOf(QString::fromLocal8Bit(argv[2]), &error);
    if (!snapshot || !BpsmWriter(*snapshot).save(QString::fromLocal8Bit(argv[1]), &error)) {
        std::fprintf(stderr, "bpsm_fuzz_seed: %s\n", qPrintable(error));
        return 1;
    }
    return 0;
}
