#pragma once
// File > Export glTF... and File > Import glTF... (docs/gltf.md). Both run as jobs of the
// window's JobController behind a modal progress dialog (export can cancel): export writes the
// open document (with unsaved edits) as .glb or .gltf; import turns a glTF file's animations
// into a new .bpat (joints matched to a built-in rig by name, or kept as their own bones),
// validated and written atomically, then opens it.
#include <QObject>
#include <QString>

class QAction;

namespace bpat::studio {

class MainWindow;

class GltfActions : public QObject
{
    Q_OBJECT
public:
    explicit GltfActions(MainWindow *window);

    // The work behind the actions, without file dialogs (GUI tests call these). Return the
    // message shown in the status bar; *ok says whether the file was written.
    QString exportTo(const QString &path, bool creatureMesh, bool *ok, const QString &bodyPath = QString());
    QString importFrom(const QString &gltfPath, const QString &bpatPath, bool *ok);

private:
    void chooseExport();
    void chooseImport();
    void updateEnabled();

    MainWindow *m_window;
    QAction *m_export;
    QAction *m_import;
};

} // namespace bpat::studio
