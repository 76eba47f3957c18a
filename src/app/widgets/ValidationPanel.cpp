#include "ValidationPanel.h"

#include "DeepCheckRunner.h"
#include "StudioContext.h"
#include "ValidationRun.h"
#include "models/ValidationModel.h"
#include "ui_ValidationPanel.h"

#include <QFileDialog>
#include <QFileInfo>
#include <QHeaderView>
#include <QLabel>
#include <QStyle>

namespace bpat::studio {

ValidationPanel::ValidationPanel(StudioContext *context, QWidget *parent)
    : QWidget(parent)
    , ui(std::make_unique<Ui::ValidationPanel>())
    , m_context(context)
    , m_model(new ValidationModel(context, this))
    , m_proxy(new ValidationFilterModel(this))
    , m_runner(new DeepCheckRunner(this))
    , m_verdict(new QLabel(this))
    , m_eraCombo(new QComboBox(this))
{
    ui->setupUi(this);
    m_verdict->setObjectName(QStringLiteral("verdictLabel"));
    m_verdict->setWordWrap(true);
    m_verdict->setTextInteractionFlags(Qt::TextSelectableByMouse);
    ui->layout->insertWidget(1, m_verdict);
    m_proxy->setSourceModel(m_model);
    ui->table->setModel(m_proxy);
    ui->table->sortByColumn(-1, Qt::AscendingOrder);
    ui->table->horizontalHeader()->setSectionResizeMode(ValidationModel::MessageColumn, QHeaderView::Stretch);
    ui->table->horizontalHeader()->setStretchLastSection(false);
    ui->table->setColumnWidth(ValidationModel::SeverityColumn, 90);
    ui->table->setColumnWidth(ValidationModel::CodeColumn, 200);
    ui->table->setColumnWidth(ValidationModel::LocationColumn, 230);
    ui->errorsButton->setIcon(style()->standardIcon(QStyle::SP_MessageBoxCritical));
    ui->warningsButton->setIcon(style()->standardIcon(QStyle::SP_MessageBoxWarning));
    ui->infosButton->setIcon(style()->standardIcon(QStyle::SP_MessageBoxInformation));
    ui->profileCombo->addItems(validationProfiles());
    ui->profileCombo->setCurrentText(profileName(m_context->profile()));
    // Which game the game profile means: the current one, or an older reader (--game-era).
    m_eraCombo->setObjectName(QStringLiteral("gameEraCombo"));
    m_eraCombo->addItem(tr("current game"), int(GameEra::Current));
    m_eraCombo->addItem(tr("v3-early game"), int(GameEra::V3Early));
    m_eraCombo->addItem(tr("v2-era game"), int(GameEra::V2));
    m_eraCombo->addItem(tr("v1-era game"), int(GameEra::V1));
    m_eraCombo->setToolTip(tr("Which game the game profile judges against: the current game (its reader at 4c0caf75 "
                              "accepts late v3 only, on today's rigs), or an older reader for files meant for an "
                              "older build (bpat validate --game-era)"));
    m_eraCombo->setCurrentIndex(m_eraCombo->findData(int(m_context->gameEra())));
    ui->toolsLayout->insertWidget(ui->toolsLayout->indexOf(ui->profileCombo) + 1, m_eraCombo);
    m_eraCombo->setVisible(m_context->profile() == ValidationProfile::Game);
    connect(m_eraCombo, &QComboBox::currentIndexChanged, m_context,
            [this](int index) { m_context->setGameEra(GameEra(m_eraCombo->itemData(index).toInt())); });
    connect(m_context, &StudioContext::gameEraChanged, m_eraCombo,
            [this](GameEra era) { m_eraCombo->setCurrentIndex(m_eraCombo->findData(int(era))); });
    ui->progressBar->setVisible(false);
    ui->cancelButton->setVisible(false);

    connect(ui->errorsButton, &QToolButton::toggled, this, [this](bool on) { m_proxy->setSeverityVisible(Severity::Error, on); });
    connect(ui->warningsButton, &QToolButton::toggled, this,
            [this](bool on) { m_proxy->setSeverityVisible(Severity::Warning, on); });
    connect(ui->infosButton, &QToolButton::toggled, this, [this](bool on) { m_proxy->setSeverityVisible(Severity::Info, on); });
    connect(ui->filterEdit, &QLineEdit::textChanged, m_proxy, &QSortFilterProxyModel::setFilterFixedString);
    // The combo shows the CLI's names ("spec", "game"); the context keeps the enum.
    connect(ui->profileCombo, &QComboBox::currentTextChanged, m_context, [this](const QString &name) {
        if (const std::optional<ValidationProfile> profile = profileFromName(name))
            m_context->setProfile(*profile);
    });
    connect(m_context, &StudioContext::profileChanged, ui->profileCombo, [this](ValidationProfile profile) {
        ui->profileCombo->setCurrentText(profileName(profile));
        m_eraCombo->setVisible(profile == ValidationProfile::Game);
    });
    connect(ui->deepButton, &QPushButton::clicked, this, &ValidationPanel::runDeepChecks);
    connect(ui->cancelButton, &QPushButton::clicked, this, &ValidationPanel::cancelDeepChecks);
    connect(ui->exportButton, &QPushButton::clicked, this, &ValidationPanel::exportReport);
    connect(ui->table, &QAbstractItemView::activated, this, &ValidationPanel::activateRow);
    connect(ui->table, &QAbstractItemView::doubleClicked, this, &ValidationPanel::activateRow);

    connect(m_context, &StudioContext::validationChanged, this, &ValidationPanel::updateCounts);
    connect(m_context, &StudioContext::fileLoaded, this, &ValidationPanel::cancelDeepChecks);
    connect(m_context, &StudioContext::fileClosed, this, &ValidationPanel::cancelDeepChecks);
    connect(m_runner, &DeepCheckRunner::progressChanged, ui->progressBar, &QProgressBar::setValue);
    connect(m_runner, &DeepCheckRunner::finished, this, [this](const Diagnostics &diagnostics) {
        setRunning(false);
        if (m_runner->isFor(m_context->loadedFile()))
            m_context->setDiagnostics(diagnostics, true);
    });
    connect(m_runner, &DeepCheckRunner::cancelled, this, [this] { setRunning(false); });
    updateCounts();
}

ValidationPanel::~ValidationPanel() = default;

CopyableTableView *ValidationPanel::view() const
{
    return ui->table;
}

void ValidationPanel::runDeepChecks()
{
    if (!m_context->hasFile() || m_runner->isRunning())
        return;
    setRunning(true);
    m_runner->start(m_context->loadedFile(), profileName(m_context->profile()), m_context->gameEra());
}

void ValidationPanel::cancelDeepChecks()
{
    m_runner->cancel();
}

void ValidationPanel::setRunning(bool running)
{
    ui->progressBar->setValue(0);
    ui->progressBar->setVisible(running);
    ui->cancelButton->setVisible(running);
    ui->deepButton->setEnabled(!running && m_context->hasFile());
}

void ValidationPanel::exportReport()
{
    if (!m_context->hasDocument())
        return;
    const QString suggested = QFileInfo(m_context->filePath()).completeBaseName() + QStringLiteral(".validation.json");
    const QString path = QFileDialog::getSaveFileName(this, tr("Export Validation Report"), suggested, tr("JSON (*.json)"));
    if (!path.isEmpty())
        exportReportTo(path);
}

bool ValidationPanel::exportReportTo(const QString &path)
{
    QString error;
    if (!writeJsonReport(path, m_context->filePath(), m_context->diagnostics(), profileName(m_context->profile()), &error,
                         m_context->deepChecked(), m_context->gameEra())) {
        Q_EMIT m_context->message(tr("Could not export the report: %1").arg(error));
        return false;
    }
    Q_EMIT m_context->message(tr("Report written to %1").arg(QFileInfo(path).fileName()));
    return true;
}

void ValidationPanel::activateRow(const QModelIndex &viewIndex)
{
    const QModelIndex source = m_proxy->mapToSource(viewIndex);
    if (!source.isValid())
        return;
    Q_EMIT jumpRequested(m_model->diagnostic(source.row()).location, source.row());
}

void ValidationPanel::updateCounts()
{
    const DiagnosticCounts counts = countDiagnostics(m_context->diagnostics());
    ui->errorsButton->setText(counts.errors == 1 ? tr("1 error") : tr("%1 errors").arg(counts.errors));
    ui->warningsButton->setText(counts.warnings == 1 ? tr("1 warning") : tr("%1 warnings").arg(counts.warnings));
    ui->infosButton->setText(tr("%1 info").arg(counts.infos));
    ui->deepButton->setEnabled(m_context->hasFile() && !m_runner->isRunning());
    ui->exportButton->setEnabled(m_context->hasDocument());
    m_verdict->setText(verdict());
    m_verdict->setVisible(m_context->hasDocument());
}

QString ValidationPanel::verdict() const
{
    if (!m_context->hasDocument())
        return QString();
    const Diagnostics &issues = m_context->diagnostics();
    const QString checks = m_context->deepChecked() ? tr("deep checks ran") : tr("deep checks not run");
    const QString how = tr("%1; %2").arg(m_context->rulesDescription(), checks);
    if (issues.isEmpty())
        return tr("No issues found (%1).").arg(how);
    const DiagnosticCounts counts = countDiagnostics(issues);
    for (const Diagnostic &d : issues) {
        if (d.severity == Severity::Error)
            return tr("Invalid: %1 (%2). Root cause first: %3 %4")
                .arg(counts.errors == 1 ? tr("1 error") : tr("%1 errors").arg(counts.errors), how, d.code, d.message);
    }
    if (counts.warnings == 0)
        return tr("Valid, with %1 info and no warnings (%2).").arg(counts.infos).arg(how);
    // Valid, but not silently: the warnings by code, the first one in full.
    QStringList codes;
    const Diagnostic *first = nullptr;
    for (const Diagnostic &d : issues) {
        if (d.severity != Severity::Warning)
            continue;
        first = first ? first : &d;
        if (!codes.contains(d.code))
            codes << d.code;
    }
    return tr("Valid, with %1: %2 (%3). First: %4")
        .arg(counts.warnings == 1 ? tr("1 warning") : tr("%1 warnings").arg(counts.warnings), codes.join(QStringLiteral(", ")),
             how, first->message);
}

} // namespace bpat::studio
