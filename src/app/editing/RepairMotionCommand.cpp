#include "RepairMotionCommand.h"

#include "repair/MotionFixer.h"

#include <QObject>

namespace bpat::studio {

RepairMotionCommand::RepairMotionCommand(DocumentSession *session, bpat::FixOptions options, const QString &text)
    : DocumentCommand(session, text)
    , m_options(std::move(options))
{
}

bool RepairMotionCommand::apply(BpatDocument &document, QString *error)
{
    const BpatDocument before = document; // clips share their data until written (implicit sharing)
    m_report = MotionFixer::fix(document, m_options);
    if (!m_report.ok) {
        if (error)
            *error = m_report.error;
        return false;
    }
    if (!m_report.changed()) {
        if (error) {
            QStringList why;
            for (const ClipFixReport &c : m_report.clips) {
                for (const RepairOutcome &r : c.repairs)
                    why += r.skipped;
            }
            *error = why.isEmpty() ? QObject::tr("nothing to repair: the motion lint finds nothing these repairs address")
                                   : QObject::tr("nothing repaired: %1").arg(why.join(QStringLiteral("; ")));
        }
        return false;
    }
    m_before.clear();
    for (const ClipFixReport &c : m_report.clips) {
        if (c.changed())
            m_before.append({c.clip, before.clip(c.clip)});
    }
    return true;
}

void RepairMotionCommand::revert(BpatDocument &document)
{
    for (const auto &[index, clip] : m_before)
        document.clip(index) = clip;
}

int RepairMotionCommand::focusClip(bool) const
{
    return m_before.isEmpty() ? -1 : m_before.constFirst().first;
}

} // namespace bpat::studio
