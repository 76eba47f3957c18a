#pragma once
// File > Export glTF...: one dialog for the whole choice, where there were a file dialog and
// then a separate question about the mesh: the file (.glb or .gltf), whether the creature mesh
// (the game's body when the viewport draws one) is skinned to the skeleton (so the file plays in
// any glTF viewer), and which clips become animations (all by default, in file order).
#include <QDialog>
#include <QStringList>

class QCheckBox;
class QLabel;
class QLineEdit;
class QListWidget;
class QPushButton;

namespace bpat::studio {

class GltfExportDialog : public QDialog
{
    Q_OBJECT
public:
    GltfExportDialog(const QString &suggestedPath, const QStringList &clipNames, QWidget *parent = nullptr);

    QString outputPath() const;
    void setOutputPath(const QString &path);
    bool includeMesh() const;
    void setIncludeMesh(bool on);
    // The viewport draws the game's body (a .bprm): the mesh choice exports it instead of the
    // stand-in, and says so.
    void setBodyName(const QString &fileName);
    // The clips chosen, in file order; empty when every clip is (the exporter's "all").
    QStringList chosenClips() const;
    void setClipChosen(const QString &name, bool chosen);
    QListWidget *clipList() const { return m_clips; }

private:
    void updateOk();

    QLineEdit *m_output;
    QCheckBox *m_mesh;
    QListWidget *m_clips;
    QLabel *m_count;
    QPushButton *m_ok = nullptr;
};

} // namespace bpat::studio
