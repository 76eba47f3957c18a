#pragma once
// The ground contacts of the current clip (core motion/FootContacts), computed once when a clip
// becomes current or its frames change, and shared by what shows them: the timeline's contact
// bars, the Contacts table and the viewport's planted-foot mark. A metadata-only edit (a marker
// moved, a rename) keeps them: contacts depend on the frames alone.
#include "motion/FootContacts.h"

#include <QObject>
#include <memory>

namespace bpat::studio {

class StudioContext;

class ClipContacts : public QObject
{
    Q_OBJECT
public:
    explicit ClipContacts(StudioContext *context, QObject *parent = nullptr);

    // Of the current clip of the open BPAT file; null when there is none (a recording, a
    // snapshot mesh, nothing open).
    std::shared_ptr<const bpat::FootContacts> current() const { return m_contacts; }

Q_SIGNALS:
    void changed();

private:
    void update(bool force);

    StudioContext *m_context;
    std::shared_ptr<const bpat::FootContacts> m_contacts;
};

} // namespace bpat::studio
