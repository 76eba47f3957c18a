// Fuzzes the BPAT reader and the validator (structural and deep checks, both profiles), then
// every accessor a viewer uses on whatever was accepted, and the document copy.
#include "bpat/BpatDocument.h"
#include "bpat/BpatFile.h"
#include "bpat/Validator.h"

#include <QByteArray>
#include <cstddef>
#include <cstdint>

extern "C" int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    using namespace bpat;
    const BpatFile file = BpatFile::fromData(QByteArray(reinterpret_cast<const char *>(data), qsizetype(size)));

    for (const auto profile : {ValidationProfile::Spec, ValidationProfile::Game}) {
        const ValidationResult result = Validator(ValidationOptions::make(profile, true)).validate(file);
        (void)result.valid();
    }

    // Accessors on every clip / socket, first and last frame and bone, plus out-of-range ones.
    const quint32 bones = file.hasHeader() ? file.header().boneCount : 0;
    const quint32 lastBone = bones ? bones - 1 : 0;
    for (int c = 0; c < int(file.clips().size()); ++c) {
        const BpatClipInfo &clip = file.clips().at(c);
        for (quint32 frame : {quint32(0), clip.frameCount ? clip.frameCount - 1 : 0u, clip.frameCount}) {
            for (quint32 bone : {quint32(0), lastBone, bones}) {
                bool ok = false;
                (void)file.matrix(c, frame, bone, &ok);
            }
            for (quint32 s = 0; s <= quint32(file.sockets().size()) && s < 4; ++s) {
                bool ok = false;
                (void)file.socketMatrix(c, frame, s, &ok);
            }
        }
        if (c > 16)
            break;
    }
    (void)file.paletteBytes();
    (void)file.socketDataBytes();
    // v3: the dialect, contacts, bind palette, parents and the stored (skinning) matrices.
    (void)file.dialect();
    for (quint32 frame : {quint32(0), file.hasHeader() ? file.header().frameTotal : 0u}) {
        (void)file.contact(frame);
        bool ok = false;
        (void)file.storedMatrix(frame, lastBone, &ok);
        (void)file.globalMatrixFloats(frame, 0);
    }
    for (quint32 bone : {quint32(0), lastBone, bones}) {
        bool ok = false;
        (void)file.bindMatrix(bone, &ok);
    }
    (void)file.boneParents().size();
    (void)file.findClipByNameOrIndex(QStringLiteral("1"));

    // Copy into a document only when it is small: fromFile is bounded by the file size anyway.
    if (auto doc = BpatDocument::fromFile(file)) {
        (void)doc->problems();
        (void)doc->socketRowsDeviation();
    }
    return 0;
}
