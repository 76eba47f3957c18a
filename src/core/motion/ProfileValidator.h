#pragma once
// A BPAT file checked in any validation profile: `spec` and `game` by bpat/Validator, `motion`
// by MotionProfile (the spec profile's structure, then the motion lint). What the window, `bpat
// validate` (formats/FormatRegistry) and the Python module call; the layers below motion/ (the
// writers' checks of what they wrote) use bpat/Validator, which knows the spec and game profiles.
#include "bpat/Validator.h"

namespace bpat {

class ProfileValidator
{
public:
    explicit ProfileValidator(ValidationOptions options = {});

    ValidationResult validate(const BpatFile &file) const;
    // Opens (maps) and validates a path; a file that cannot be opened gives one IO_ERROR.
    ValidationResult validatePath(const QString &path) const;

    const ValidationOptions &options() const { return m_options; }

private:
    ValidationOptions m_options;
};

} // namespace bpat
