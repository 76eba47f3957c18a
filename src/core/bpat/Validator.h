#pragma once
// Checks a BPAT file (v1, v2, early or late v3) against the format's rules (profile `spec`) or
// against what the game accepts (profile `game`: the current game, late v3 only and today's
// rigs, unless `gameEra` names an older reader), and optionally runs deep checks over every
// matrix and socket row, streaming through the mapping. Never reads outside the file: every
// structural finding is reported as a Diagnostic (see ValidationCodes and docs/validation.md).
// The `motion` profile (the structure, then the motion lint) is a layer above, in
// motion/ProfileValidator: what the window, `bpat validate` and the Python module call for any
// profile. Given the motion profile, this class checks the structure only and adds a
// MOTION_NOT_CHECKED error (and asserts in debug builds): call ProfileValidator for it.
//
// Deep checks can run on a worker thread: pass a cancel flag and a progress callback.
#include "bpat/GameEra.h"
#include "diagnostics/DiagnosticSink.h"
#include "diagnostics/ValidationCodes.h"
#include "bpat/MotionThresholds.h"

#include <atomic>
#include <functional>

namespace bpat {

class BpatFile;

struct ValidationOptions
{
    ValidationProfile profile = ValidationProfile::Spec;
    // Game profile: whose reader and rigs judge the file (bpat validate --game-era).
    GameEra gameEra = GameEra::Current;
    bool deep = false;
    int maxIssues = 0; // keep at most this many issues (0 = all); counts include the rest
    // SOCKET_DATA_MISMATCH: a float differs when |stored - expected| > tolerance * max(1, |expected|).
    float socketTolerance = 1e-4f;
    // DEGENERATE_MATRIX: |det(upper 3x3)| below this.
    double degenerateDeterminant = 1e-12;
    // Deep checks: threads sharing the frames (0: QThread::idealThreadCount()); files under a few
    // MiB per thread use fewer threads. The findings do not depend on it.
    int threads = 0;
    // Deep checks: called now and then with bytes checked so far and the total, from the
    // validating thread. Return value ignored.
    std::function<void(quint64 done, quint64 total)> progress;
    // Deep checks stop soon after this becomes true (result.cancelled is then set).
    const std::atomic<bool> *cancel = nullptr;
    // Deep checks: a mapped file's pages leave the process's resident set once checked (they
    // stay in the page cache). For a file mapped just to be checked once (the CLI, a rebake's
    // --into target), so a 1 GiB check does not leave 1 GiB resident; a later read of the same
    // mapping faults the pages in again, so the window and benchmarks leave it off.
    bool releaseBehind = false;
    // The `motion` profile's thresholds (docs/validation.md, "Motion codes").
    MotionThresholds motion;

    static ValidationOptions make(ValidationProfile profile, bool deep = false, int maxIssues = 0)
    {
        ValidationOptions o;
        o.profile = profile;
        o.deep = deep;
        o.maxIssues = maxIssues;
        return o;
    }
};

class Validator
{
public:
    explicit Validator(ValidationOptions options = {});

    // Every finding on the file; FILE_CHANGED first when it changed since it was opened
    // (BpatFile::changedSinceOpen), so a check of a stale mapping never says valid.
    ValidationResult validate(const BpatFile &file) const;
    // Opens (maps) and validates a path; a file that cannot be opened gives one IO_ERROR.
    ValidationResult validatePath(const QString &path) const;
    // What validatePath() does around the checks (the opening, IO_ERROR, a file that shrinks
    // while it is read, a name that is not UTF-8), with `check` as the checks: the motion
    // profile's (motion/ProfileValidator) opens files as this one does.
    static ValidationResult validatePathWith(const QString &path, const ValidationOptions &options,
                                             const std::function<ValidationResult(const BpatFile &)> &check);

    const ValidationOptions &options() const { return m_options; }

    // Every code the validator can emit, with severities per profile and descriptions.
    static QList<CodeInfo> codes() { return ValidationCodes::all(); }

private:
    ValidationResult validateBytes(const BpatFile &file) const; // validate() without the change check
    void checkHeader(const BpatFile &file, DiagnosticSink &sink) const;
    void checkSections(const BpatFile &file, DiagnosticSink &sink) const;
    void checkClips(const BpatFile &file, DiagnosticSink &sink) const;
    void checkSockets(const BpatFile &file, DiagnosticSink &sink) const;
    // v2 / v3 (ValidatorV3.cpp): the extension header and its trailing blocks, markers, flags,
    // variants, the v3 pad and reserved bytes.
    void checkV3Extension(const BpatFile &file, DiagnosticSink &sink) const;
    void checkClipExtras(const BpatFile &file, DiagnosticSink &sink) const;
    // Whether the v3 trailing blocks the extension places (contacts; late v3: bind palette and
    // parents) lie wholly inside the file.
    static bool v3BlocksInside(const BpatFile &file);

    ValidationOptions m_options;
};

} // namespace bpat
