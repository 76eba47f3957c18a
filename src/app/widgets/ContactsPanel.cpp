#include "ContactsPanel.h"

#include "CopyableTableView.h"
#include "StudioContext.h"
#include "TablePanel.h"
#include "Theme.h"
#include "document/ClipContacts.h"
#include "models/ContactsModel.h"
#include "motion/FootContacts.h"

#include <QHeaderView>
#include <QItemSelectionModel>
#include <QLabel>
#include <QVBoxLayout>

namespace bpat::studio {

namespace {
QString swatch(const QColor &color)
{
    return QStringLiteral("<span style=\"background-color:%1;\">&nbsp;&nbsp;&nbsp;&nbsp;</span>").arg(color.name());
}
} // namespace

ContactsPanel::ContactsPanel(StudioContext *context, ClipContacts *contacts, QWidget *parent)
    : QWidget(parent)
    , m_context(context)
    , m_model(new ContactsModel(context, contacts, this))
    , m_table(new TablePanel(m_model, this))
    , m_legend(new QLabel(this))
    , m_summary(new QLabel(this))
{
    setObjectName(QStringLiteral("contactsPanel"));
    m_legend->setObjectName(QStringLiteral("contactsLegend"));
    m_legend->setTextFormat(Qt::RichText);
    // The legend beside the filter (the panel keeps the height of the Validation panel it sits
    // beside), its long form in the tooltip; units are in the column headers.
    m_legend->setText(tr("%1 planted &nbsp;%2 table: lowest foot on the ground &nbsp;&#9633; lifted &nbsp;&middot; metres, +Y up")
                          .arg(swatch(Theme::plantedColor()), swatch(Theme::groundedColor())));
    m_legend->setToolTip(tr("Planted: the foot is within %1 m of its lowest height in the clip (the planted-foot rule of the "
                            "game's gait report, per foot). The contact table (v3) holds, per frame, sole_y and foot_y as the "
                            "game's baker wrote them; foot_y is tinted where the lowest foot is on the clip's ground by the "
                            "same rule. Heights in metres in the file's model space (+Y up), time in seconds.")
                             .arg(double(bpat::FootContacts::PlantedBand)));
    m_summary->setObjectName(QStringLiteral("contactsSummary"));
    // One line that gives way to the table (and never widens the dock): the whole in its tooltip.
    m_summary->setSizePolicy(QSizePolicy::Ignored, QSizePolicy::Fixed);
    m_legend->setMinimumWidth(60);
    auto *layout = new QVBoxLayout(this);
    layout->setContentsMargins(2, 2, 2, 2);
    layout->setSpacing(2);
    m_table->toolsLayout()->addWidget(m_legend);
    layout->addWidget(m_summary);
    layout->addWidget(m_table, 1);
    m_table->view()->verticalHeader()->hide();
    m_table->view()->viewport()->installEventFilter(this);

    connect(m_model, &QAbstractItemModel::modelReset, this, [this] {
        m_summary->setText(m_model->summary());
        m_summary->setToolTip(m_model->summary());
        m_table->view()->resizeColumnsToContents();
        followFrame();
    });
    connect(m_context, &StudioContext::currentFrameChanged, this, &ContactsPanel::followFrame);
    connect(m_table->view()->selectionModel(), &QItemSelectionModel::currentRowChanged, this, [this](const QModelIndex &current) {
        const int row = m_table->sourceRow(current);
        if (!m_following && row >= 0 && row != m_context->currentFrame())
            m_context->setCurrentFrame(row);
    });
    m_summary->setText(m_model->summary());
}

void ContactsPanel::showEvent(QShowEvent *event)
{
    QWidget::showEvent(event);
    followFrame();
}

bool ContactsPanel::eventFilter(QObject *watched, QEvent *event)
{
    // The current frame's row stays in sight while the dock is laid out or resized.
    if (watched == m_table->view()->viewport() && event->type() == QEvent::Resize && m_table->view()->currentIndex().isValid())
        m_table->view()->scrollTo(m_table->view()->currentIndex());
    return QWidget::eventFilter(watched, event);
}

void ContactsPanel::followFrame()
{
    // Only while shown: during playback a hidden table has nothing to scroll.
    if (!isVisible() || m_model->rowCount() == 0)
        return;
    const int frame = m_context->currentFrame();
    if (m_table->sourceRow(m_table->view()->currentIndex()) == frame)
        return;
    m_following = true;
    m_table->selectSourceRow(frame);
    m_following = false;
    m_table->view()->viewport()->update(); // the current frame's row is bold
}

} // namespace bpat::studio
