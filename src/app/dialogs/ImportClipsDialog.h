#pragma once
// The picker for importing clips from another BPAT file: lists that file's clips (name,
// frames, fps, loops) with a check box each, all checked at first.
#include "bpat/BpatDocument.h"

#include <QDialog>
#include <QList>

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

private:
    QListWidget *m_list;
    BpatDocument m_source;
};

} // namespace bpat::studio
