#pragma once
// The picker for importing clips from another BPAT file: lists that file's clips (name,
// frames, fps, loops) with a check box each, all checked at first. The open file keeps its
// version; with setTarget() the dialog says, as the selection changes, what that version drops
// of the chosen clips (markers in v1; flags and contact records before v3) or fills in.
#include "bpat/BpatDocument.h"

#include <QDialog>
#include <QList>

class QLabel;
class QListWidget;

namespace bpat::studio {

class ImportClipsDialog : public QDialog
{
    Q_OBJECT
public:
    explicit ImportClipsDialog(QWidget *parent = nullptr);

    // Reads the source file into memory (it must open as a BPAT document); false + reason.
    bool load(const QString &path, QString *error);
    const BpatDocument &source() const { return m_source; }
    QListWidget *list() const { return m_list; }
    QList<int> selectedClips() const; // indexes of the checked clips, in file order
    // The document the clips go into (the open one): its version decides what they keep.
    void setTarget(const BpatDocument &target);
    QString noteText() const;

private:
    void updateNote();

    QListWidget *m_list;
    QLabel *m_note;
    BpatDocument m_source;
    format::Dialect m_targetDialect = format::Dialect::Unknown;
    bool m_targetHasRigFeet = false;
};

} // namespace bpat::studio
