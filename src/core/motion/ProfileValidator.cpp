#include "motion/ProfileValidator.h"

#include "bpat/BpatFile.h"
#include "motion/MotionProfile.h"

namespace bpat {

ProfileValidator::ProfileValidator(ValidationOptions options)
    : m_options(std::move(options))
{
}

ValidationResult ProfileValidator::validate(const BpatFile &file) const
{
    if (m_options.profile == ValidationProfile::Motion)
        return MotionProfile::validate(file, m_options);
    return Validator(m_options).validate(file);
}

ValidationResult ProfileValidator::validatePath(const QString &path) const
{
    return Validator::validatePathWith(path, m_options, [this](const BpatFile &file) { return validate(file); });
}

} // namespace bpat
