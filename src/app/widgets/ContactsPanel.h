#pragma once
// The Contacts dock: a legend (what planted means, the colours, units) and a summary of the
// current clip over the Contacts table (ContactsModel: sole_y, foot_y and each foot's height per
// frame). The current frame's row is selected as the timeline moves while the panel is shown;
// picking a row goes to that frame.
#include <QWidget>

class QLabel;

namespace bpat::studio {

class ClipContacts;
class ContactsModel;
class StudioContext;
class TablePanel;

class ContactsPanel : public QWidget
{
    Q_OBJECT
public:
    ContactsPanel(StudioContext *context, ClipContacts *contacts, QWidget *parent = nullptr);

    ContactsModel *model() const { return m_model; }
    TablePanel *table() const { return m_table; }
    QLabel *legend() const { return m_legend; }
    QLabel *summary() const { return m_summary; }

protected:
    void showEvent(QShowEvent *event) override;
    bool eventFilter(QObject *watched, QEvent *event) override;

private:
    void followFrame();

    StudioContext *m_context;
    ContactsModel *m_model;
    TablePanel *m_table;
    QLabel *m_legend;
    QLabel *m_summary;
    bool m_following = false;
};

} // namespace bpat::studio
