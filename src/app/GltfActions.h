#pragma once
// File > Export glTF... and File > Import glTF... (docs/gltf.md). Both run as jobs of the
// window's JobController behind a modal progress dialog (export can cancel): export writes the
// open document (with unsaved edits) as .glb or .gltf; import turns a glTF file's animations
// into a new .bpat (joints matched to a built-in rig by name, or kept as their own bones),
// validated and written atomically, then opens it.
#include "gltf/GltfImporter.h"

#include <QObject>
#include <QString>
#include <optional>

class QAction;

namespace bpat::studio {

class MainWindow;

class GltfActions : public QObject
{
    Q_OBJECT
public:
    explicit GltfActions(MainWindow *window);

    // The work behind the actions, without file dialogs (GUI tests call these). Return the
    // message shown in the status bar; *ok says whether the file was written. `bodyPath`: the
    // game's body (BPRM) to export as the mesh instead of the stand-in; `clips`: the clips to
    // export (empty: all). `formatVersion`: 1, 2 or 3; 0 writes the import's default (the
    // version of the BPAT the glTF came from, else late v3).
    QString exportTo(const QString &path, bool creatureMesh, bool *ok, const QString &bodyPath = QString(),
                     const QStringList &clips = {});
    QString importFrom(const QString &gltfPath, const QString &bpatPath, bool *ok, int formatVersion = 0);
    // The glTF read on a worker behind a progress dialog (nullopt when it could not run).
    std::optional<bpat::GltfImportResult> readGltf(const QString &gltfPath);
    // Writes an import read by readGltf in `formatVersion` (0: its default); refused over any
    // file the import read.
    QString writeImport(const bpat::GltfImportResult &result, const QString &gltfPath, const QString &bpatPath, int formatVersion,
                        bool *ok);

    // Where Import glTF's file dialog opens: the folder of the last glTF exported or imported.
    QString lastGltfFolder() const { return m_lastGltfFolder; }

private:
    void chooseExport();
    void chooseImport();
    void updateEnabled();

    MainWindow *m_window;
    QAction *m_export;
    QAction *m_import;
    QString m_lastGltfFolder; // of the last glTF exported or imported
};

} // namespace bpat::studio
