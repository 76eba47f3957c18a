#include "RebakeDialog.h"
#include "ui_RebakeDialog.h"

#include "rebake/RebakeManifest.h"
#include "rebake/BuiltinRecipes.h"
#include "anim/InputAnimationReader.h"
#include "RebakePreviewPane.h"
#include "RebakeSummary.h"
#include "Theme.h"
#include "bpat/GameEra.h"
#include "bpat/VersionConverter.h"
#include "species/Species.h"

#include <QComboBox>
#include <QFileDialog>
#include <QHBoxLayout>
#include <QPushButton>
#include <QLabel>
#include <QFileInfo>
#include <QLocale>
#include <QTemporaryDir>
#include <mutex>

using namespace bpat;

namespace bpat::studio {
using bpat::studio::JobController;

namespace {
const QString RecipeFromFile = QStringLiteral("From file...");

} // namespace

RebakeDialog::RebakeDialog(QWidget *parent, JobController *jobs)
    : QDialog(parent)
    , m_ui(std::make_unique<Ui::RebakeDialog>())
    , m_jobs(jobs ? jobs : new JobController(this))
{
    m_ui->setupUi(this);
    m_ui->recipeCombo->addItems(BuiltinRecipes::names());
    m_ui->recipeCombo->addItem(RecipeFromFile);
    m_ui->progressBar->setRange(0, 1000);
    // The BPAT version of the output: late v3 is what the game reads today.
    m_formatCombo = new QComboBox(this);
    m_formatCombo->setObjectName(QStringLiteral("formatCombo"));
    // The default follows the source: a recording has no version, so a new file is late v3 (what
    // the current game reads); an existing file keeps its own.
    m_formatCombo->addItem(tr("Keep (new file: v3 late; existing file: its version)"), -1);
    m_formatCombo->addItem(tr("v1"), int(bpat::format::Dialect::V1));
    m_formatCombo->addItem(tr("v2 (markers)"), int(bpat::format::Dialect::V2));
    m_formatCombo->addItem(tr("v3 early"), int(bpat::format::Dialect::V3Early));
    m_formatCombo->addItem(tr("v3 late (what the current game reads)"), int(bpat::format::Dialect::V3Late));
    const int formatRow = m_ui->formLayout->rowCount();
    m_ui->formLayout->addWidget(new QLabel(tr("BPAT version:"), this), formatRow, 0);
    m_ui->formLayout->addWidget(m_formatCombo, formatRow, 1);
    // What the choice keeps and drops, said here (not in a status line that gets cut off).
    m_versionNote = new QLabel(this);
    m_versionNote->setObjectName(QStringLiteral("versionNote"));
    m_versionNote->setWordWrap(true);
    m_versionNote->setTextFormat(Qt::PlainText);
    m_versionNote->setTextInteractionFlags(Qt::TextSelectableByMouse);
    m_ui->formLayout->addWidget(m_versionNote, formatRow + 1, 0, 1, 2);
    // Whether the recipe fits the game's rig of the target species, and the one that does.
    m_recipeHint = new QLabel(this);
    m_recipeHint->setObjectName(QStringLiteral("recipeHint"));
    m_recipeHint->setWordWrap(true);
    m_recipeHint->setTextFormat(Qt::PlainText);
    m_useRecipe = new QPushButton(this);
    m_useRecipe->setObjectName(QStringLiteral("useRecipeButton"));
    auto *hintRow = new QHBoxLayout;
    hintRow->addWidget(m_recipeHint, 1);
    hintRow->addWidget(m_useRecipe, 0, Qt::AlignTop);
    m_ui->formLayout->addLayout(hintRow, formatRow + 2, 0, 1, 2);
    connect(m_useRecipe, &QPushButton::clicked, this, &RebakeDialog::useSuggestedRecipe);
    connect(m_formatCombo, &QComboBox::currentIndexChanged, this, &RebakeDialog::settingsChanged);

    connect(m_ui->sourceBrowse, &QToolButton::clicked, this, [this] {
        const QString p = QFileDialog::getOpenFileName(this, tr("Input animation"), m_ui->sourceEdit->text(),
                                                       tr("Input animation (*.bin);;All files (*)"));
        if (!p.isEmpty())
            setSourcePath(p);
    });
    connect(m_ui->recipeBrowse, &QToolButton::clicked, this, [this] {
        const QString p = QFileDialog::getOpenFileName(this, tr("Recipe"), m_ui->recipeFileEdit->text(),
                                                       tr("Rebake recipe (*.json);;All files (*)"));
        if (!p.isEmpty())
            setRecipe(p);
    });
    connect(m_ui->intoBrowse, &QToolButton::clicked, this, [this] {
        const QString p = QFileDialog::getOpenFileName(this, tr("Existing BPAT"), m_ui->intoEdit->text(),
                                                       tr("BPAT files (*.bpat);;All files (*)"));
        if (!p.isEmpty())
            setIntoPath(p);
    });
    connect(m_ui->outputBrowse, &QToolButton::clicked, this, [this] {
        const QString p =
            QFileDialog::getSaveFileName(this, tr("Output BPAT"), m_ui->outputEdit->text(), tr("BPAT files (*.bpat)"));
        if (!p.isEmpty())
            setOutputPath(p);
    });
    // Any setting that changes what would be baked makes a shown preview out of date.
    for (QLineEdit *edit : {m_ui->sourceEdit, m_ui->recipeFileEdit, m_ui->clipEdit, m_ui->intoEdit})
        connect(edit, &QLineEdit::textChanged, this, &RebakeDialog::settingsChanged);
    for (QDoubleSpinBox *spin : {m_ui->fpsSpin, m_ui->fromSpin, m_ui->toSpin})
        connect(spin, &QDoubleSpinBox::valueChanged, this, &RebakeDialog::settingsChanged);
    for (QAbstractButton *button : std::initializer_list<QAbstractButton *>{m_ui->wholeCheck, m_ui->loopsCheck, m_ui->intoRadio})
        connect(button, &QAbstractButton::toggled, this, &RebakeDialog::settingsChanged);
    connect(m_ui->recipeCombo, &QComboBox::activated, this, [this] { m_recipeChosen = true; }); // by the user
    connect(m_ui->recipeCombo, &QComboBox::currentTextChanged, this, &RebakeDialog::settingsChanged);
    connect(m_ui->recipeCombo, &QComboBox::currentTextChanged, this, &RebakeDialog::updateEnabled);
    connect(m_ui->wholeCheck, &QCheckBox::toggled, this, &RebakeDialog::updateEnabled);
    connect(m_ui->intoRadio, &QRadioButton::toggled, this, &RebakeDialog::updateEnabled);
    connect(m_ui->previewButton, &QPushButton::clicked, this, &RebakeDialog::startPreview);
    connect(m_ui->rebakeButton, &QPushButton::clicked, this, &RebakeDialog::startRebake);
    connect(m_ui->cancelButton, &QPushButton::clicked, this, &RebakeDialog::cancel);
    connect(m_ui->closeButton, &QPushButton::clicked, this, &RebakeDialog::reject);
    connect(m_jobs, &JobController::jobProgress, this, &RebakeDialog::onJobProgress);
    connect(m_ui->sourceEdit, &QLineEdit::editingFinished, this, &RebakeDialog::inspectSource);
    updateEnabled();
    updateVersionNote();
    updateRecipeHint();
}

RebakeDialog::~RebakeDialog()
{
    // The workers own what they use; their results go nowhere once this dialog is gone (the
    // controller delivers to a living receiver only). Stop them before the preview folder goes.
    if (m_jobs) {
        m_jobs->cancel(m_job);
        m_jobs->waitFor(m_job);
        m_jobs->waitFor(m_sourceJob);
    }
    // ~QDialog hides the dialog, which moves the focus and makes the source field emit
    // editingFinished: no child may call back into this half-destroyed dialog.
    for (QObject *child : findChildren<QObject *>())
        child->disconnect(this);
}

void RebakeDialog::setSourcePath(const QString &path)
{
    m_ui->sourceEdit->setText(path);
    deriveNames(path);
    inspectSource();
}

void RebakeDialog::deriveNames(const QString &path)
{
    // The clip is named after the recording, and a new file goes beside it, until the user
    // names them otherwise.
    if (path.trimmed().isEmpty())
        return;
    const QFileInfo info(path.trimmed());
    const QString clip = info.completeBaseName();
    const QString output = info.dir().filePath(clip + QStringLiteral(".bpat"));
    const QString clipNow = m_ui->clipEdit->text(), outputNow = m_ui->outputEdit->text();
    if (clipNow.isEmpty() || clipNow == m_derivedClipName)
        m_ui->clipEdit->setText(clip);
    if (!m_ui->intoRadio->isChecked() && (outputNow.isEmpty() || outputNow == m_derivedOutput))
        m_ui->outputEdit->setText(output);
    m_derivedClipName = clip;
    m_derivedOutput = output;
}

void RebakeDialog::setSourceRecording(const QString &path, std::shared_ptr<const InputAnimation> animation)
{
    m_knownPath = animation ? QFileInfo(path).absoluteFilePath() : QString();
    m_knownAnimation = std::move(animation);
    setSourcePath(path);
}

QString RebakeDialog::sourceInfoText() const
{
    return m_ui->sourceInfoLabel->text();
}

RebakeDialog::SourceInfo RebakeDialog::describe(const QString &path, std::shared_ptr<const InputAnimation> animation)
{
    SourceInfo info;
    info.path = path;
    if (!animation) {
        InputAnimationReader reader;
        if (std::optional<InputAnimation> read = reader.readFile(path))
            animation = std::make_shared<const InputAnimation>(std::move(*read));
        else
            info.error = reader.errorString();
    }
    if (animation) {
        info.animation = animation;
        info.curves = animation->curveCount();
        info.keys = animation->keyCount();
        if (info.keys > 0) {
            info.start = animation->startTime();
            info.duration = animation->duration();
        }
    }
    return info;
}

void RebakeDialog::inspectSource()
{
    const QString path = m_ui->sourceEdit->text().trimmed();
    if (path == m_inspectedPath)
        return;
    deriveNames(path); // a path typed in the field names the clip too
    m_inspectedPath = path;
    m_sourceDuration.reset();
    m_sourceAnimation.reset();
    m_ui->sourceInfoLabel->setText(path.isEmpty() ? QString() : tr("reading..."));
    if (path.isEmpty() || (m_sourceJob && m_jobs && m_jobs->isRunning(m_sourceJob)))
        return; // a running read re-checks the path when it ends
    if (m_knownAnimation && QFileInfo(path).absoluteFilePath() == m_knownPath) {
        onSourceInspected(describe(path, m_knownAnimation)); // already read: no second parse
        return;
    }
    if (!m_jobs)
        return;
    m_sourceJob = m_jobs->run<SourceInfo>(
        tr("Reading %1").arg(QFileInfo(path).fileName()),
        [path](QPromise<SourceInfo> &promise, const std::atomic<bool> &) { promise.addResult(describe(path, nullptr)); }, this,
        [this](std::optional<SourceInfo> info) {
            m_sourceJob = 0;
            if (info)
                onSourceInspected(*info);
        },
        false);
}

void RebakeDialog::onSourceInspected(const SourceInfo &info)
{
    if (info.path != m_inspectedPath) { // the source changed while it was read
        const QString wanted = m_inspectedPath;
        m_inspectedPath.clear();
        m_ui->sourceEdit->setText(wanted);
        inspectSource();
        return;
    }
    if (!info.error.isEmpty()) {
        m_ui->sourceInfoLabel->setText(tr("unreadable"));
        m_ui->sourceInfoLabel->setToolTip(info.error);
    } else {
        // The key span as the timeline's clip selector and `bpat anim info` state it: from the
        // first key (which may be before 0) to the last; a whole-recording rebake starts at 0.
        m_ui->sourceInfoLabel->setText(info.duration ? tr("keys %1 s to %2 s, %3 curves, %4 keys")
                                                           .arg(*info.start, 0, 'f', 2)
                                                           .arg(*info.duration, 0, 'f', 2)
                                                           .arg(info.curves)
                                                           .arg(QLocale().toString(info.keys))
                                                     : tr("no keys"));
        m_ui->sourceInfoLabel->setToolTip(info.duration
                                              ? tr("Keys from %1 s to %2 s; \"Whole recording\" bakes from 0 s to %2 s "
                                                   "(the recording's duration); set From to %1 s to include the keys before 0.")
                                                    .arg(*info.start, 0, 'f', 3)
                                                    .arg(*info.duration, 0, 'f', 3)
                                              : QString());
        m_sourceDuration = info.duration;
        m_sourceAnimation = info.animation;
        if (m_ui->previewPane->hasPreview() && !isRunning())
            offerPreviewOverlay(); // the recording was read after the preview finished
        // The range's end follows the recording while the user has not chosen one of their own.
        if (info.duration && m_ui->wholeCheck->isChecked())
            m_ui->toSpin->setValue(*info.duration);
    }
    Q_EMIT sourceInspected();
}

void RebakeDialog::setOutputPath(const QString &path)
{
    m_ui->outputEdit->setText(path);
}

void RebakeDialog::setIntoPath(const QString &path)
{
    m_ui->intoEdit->setText(path);
    m_ui->intoRadio->setChecked(true);
    if (m_ui->outputEdit->text().isEmpty())
        m_ui->outputEdit->setText(path);
}

void RebakeDialog::setRecipe(const QString &nameOrPath)
{
    m_recipeChosen = true;
    if (BuiltinRecipes::byName(nameOrPath)) {
        m_ui->recipeCombo->setCurrentText(nameOrPath);
    } else {
        m_ui->recipeCombo->setCurrentText(RecipeFromFile);
        m_ui->recipeFileEdit->setText(nameOrPath);
    }
}

void RebakeDialog::setFps(double fps)
{
    m_ui->fpsSpin->setValue(fps);
}

void RebakeDialog::setRange(std::optional<double> from, std::optional<double> to)
{
    m_ui->wholeCheck->setChecked(!from && !to);
    m_ui->fromSpin->setValue(from.value_or(0.0));
    if (to)
        m_ui->toSpin->setValue(*to);
}

void RebakeDialog::setClipName(const QString &name)
{
    m_ui->clipEdit->setText(name);
}
void RebakeDialog::setLoops(bool loops)
{
    m_ui->loopsCheck->setChecked(loops);
}

void RebakeDialog::setFormatVersion(int dialect)
{
    m_formatCombo->setCurrentIndex(std::max(0, m_formatCombo->findData(dialect)));
}

QString RebakeDialog::versionNoteText() const
{
    return m_versionNote->text();
}
QString RebakeDialog::recipeHintText() const
{
    return m_recipeHint->text();
}

void RebakeDialog::useSuggestedRecipe()
{
    if (!m_suggestedRecipe.isEmpty())
        setRecipe(m_suggestedRecipe);
}

void RebakeDialog::updateVersionNote()
{
    // The version this request writes, what it drops of the --into file, and what the current
    // game makes of it.
    const bool into = m_ui->intoRadio->isChecked() && !m_ui->intoEdit->text().trimmed().isEmpty();
    std::optional<BpatFile> target;
    if (into)
        target = BpatFile::open(m_ui->intoEdit->text().trimmed());
    const int chosen = m_formatCombo->currentData().toInt();
    const format::Dialect dialect = chosen >= 0
        ? format::Dialect(chosen)
        : RebakeJob::defaultVersion(target ? std::optional(target->dialect()) : std::nullopt);
    QStringList lines;
    bool warn = false;
    if (target && target->dialect() != dialect) {
        if (const auto plan = BpatDocument::planFromFile(*target)) {
            const QStringList dropped = VersionConverter::dropped(*plan, dialect);
            if (!dropped.isEmpty()) {
                lines << tr("Writing %1 drops from %2: %3.")
                             .arg(format::dialectName(dialect), QFileInfo(target->path()).fileName(),
                                  dropped.join(QStringLiteral("; ")));
                warn = true;
            }
        }
    } else if (!into && dialect != format::Dialect::V3Late) {
        lines << tr("%1 holds no %2contacts, bind palette or bone parents (late v3 would).")
                     .arg(format::dialectName(dialect), dialect == format::Dialect::V1 ? tr("markers, ") : QString());
    }
    if (const QString note = gameEra::currentGameNote(dialect); !note.isEmpty()) {
        lines << note + QLatin1Char('.'); // starts with the version: "v1 is not what ..."
        warn = true;
    }
    if (lines.isEmpty())
        lines << tr("Writes %1: what the current game reads.").arg(format::dialectName(dialect));
    m_versionNote->setText(lines.join(QLatin1Char('\n')));
    m_versionNote->setStyleSheet(warn ? QStringLiteral("color: %1;").arg(Theme::warningTextColor().name()) : QString());
}

void RebakeDialog::updateRecipeHint()
{
    // The species the clip is for (the --into file's, else the recipe's) and the bone counts it
    // must have (the file's, else the game's rig for that species), against the recipe's.
    m_suggestedRecipe.clear();
    const bool fromFile = m_ui->recipeCombo->currentText() == RecipeFromFile;
    const QString recipeName = fromFile ? m_ui->recipeFileEdit->text().trimmed() : m_ui->recipeCombo->currentText();
    Diagnostics ignored;
    const std::optional<RebakeRecipe> recipe =
        recipeName.isEmpty() ? std::nullopt : RebakeManifest::loadRecipe(recipeName, &ignored);
    const bool into = m_ui->intoRadio->isChecked() && !m_ui->intoEdit->text().trimmed().isEmpty();
    const std::optional<BpatFile> target = into ? BpatFile::open(m_ui->intoEdit->text().trimmed()) : std::nullopt;
    QString hint;
    if (recipe) {
        const quint32 species = target && target->hasHeader() ? target->header().speciesId : recipe->speciesId;
        const int chosen = m_formatCombo->currentData().toInt();
        const format::Dialect dialect = chosen >= 0
            ? format::Dialect(chosen)
            : RebakeJob::defaultVersion(target ? std::optional(target->dialect()) : std::nullopt);
        const GameEra era = gameEra::ofDialect(dialect);
        const QList<quint32> counts = target && target->hasHeader() ? QList<quint32>{target->header().boneCount}
                                                                    : Species::boneCounts(species, gameEra::rigVersion(era));
        const QString speciesName = Species::nameOf(species);
        if (!counts.isEmpty() && !counts.contains(quint32(recipe->boneCount()))) {
            hint = target
                ? tr("Recipe '%1' has %2 bones; %3 has %4: bone counts must match.")
                      .arg(recipe->name)
                      .arg(recipe->boneCount())
                      .arg(QFileInfo(target->path()).fileName())
                      .arg(counts.first())
                : tr("Recipe '%1' writes %2 bones as %3, but the %4's %3 rig has %5 bones: the game would load "
                     "it into a rig it does not fit.")
                      .arg(recipe->name)
                      .arg(recipe->boneCount())
                      .arg(speciesName, era == GameEra::Current ? tr("current game") : tr("%1-era game").arg(gameEra::name(era)),
                           Species::describeCounts(counts));
            const QStringList fitting = BuiltinRecipes::fitting(species, counts);
            if (!fitting.isEmpty()) {
                m_suggestedRecipe = fitting.first();
                hint += QLatin1Char(' ') + tr("'%1' fits the %2.").arg(m_suggestedRecipe, speciesName);
            } else {
                hint += QLatin1Char(' ')
                    + tr("No built-in recipe fits it: write a recipe file with %1 bones (docs/rebake.md).")
                          .arg(Species::describeCounts(counts));
            }
        } else if (!counts.isEmpty()) {
            hint = tr("Recipe '%1' fits the %2 (%3 bones).").arg(recipe->name, speciesName).arg(recipe->boneCount());
        }
    }
    m_recipeHint->setText(hint);
    m_recipeHint->setVisible(!hint.isEmpty());
    m_recipeHint->setStyleSheet(hint.isEmpty() || hint.startsWith(tr("Recipe '%1' fits").arg(recipe ? recipe->name : QString()))
                                    ? QString()
                                    : QStringLiteral("color: %1;").arg(Theme::warningTextColor().name()));
    m_useRecipe->setText(tr("Use '%1'").arg(m_suggestedRecipe));
    m_useRecipe->setVisible(!m_suggestedRecipe.isEmpty());
    // Until a recipe is chosen, the one proposed is one that fits the target (the game's
    // humanoid has 20 bones: not the 53 of `hands`).
    if (!m_recipeChosen && !m_suggestedRecipe.isEmpty() && BuiltinRecipes::byName(m_suggestedRecipe))
        m_ui->recipeCombo->setCurrentText(m_suggestedRecipe); // updates the hint again, which then fits
}

std::optional<RebakeRequest> RebakeDialog::request(QString *error, bool preview) const
{
    auto fail = [error](const QString &why) {
        if (error)
            *error = why;
        return std::nullopt;
    };
    RebakeClipRequest clip;
    clip.curvesPath = m_ui->sourceEdit->text().trimmed();
    if (clip.curvesPath.isEmpty())
        return fail(tr("Choose the source curve file."));
    clip.name = m_ui->clipEdit->text().trimmed();
    if (clip.name.isEmpty())
        return fail(tr("Give the clip a name."));
    clip.loops = m_ui->loopsCheck->isChecked();
    clip.range.fps = m_ui->fpsSpin->value();
    if (!m_ui->wholeCheck->isChecked()) {
        clip.range.from = m_ui->fromSpin->value();
        clip.range.to = m_ui->toSpin->value();
    }
    RebakeRequest req;
    req.outputPath = m_ui->outputEdit->text().trimmed();
    if (req.outputPath.isEmpty() && !preview) // a preview writes into a folder of its own
        return fail(tr("Choose the output file."));
    if (m_ui->intoRadio->isChecked()) {
        req.intoPath = m_ui->intoEdit->text().trimmed();
        if (req.intoPath.isEmpty())
            return fail(tr("Choose the existing BPAT file to add the clip to."));
    }
    const bool fromFile = m_ui->recipeCombo->currentText() == RecipeFromFile;
    Diagnostics diagnostics;
    const std::optional<RebakeRecipe> recipe = RebakeManifest::loadRecipe(
        fromFile ? m_ui->recipeFileEdit->text().trimmed() : m_ui->recipeCombo->currentText(), &diagnostics);
    if (!recipe) {
        QStringList lines;
        for (const Diagnostic &d : diagnostics) {
            if (d.severity == Severity::Error)
                lines << d.message;
        }
        return fail(tr("Recipe: %1").arg(lines.join(QLatin1Char('\n'))));
    }
    req.recipe = *recipe;
    req.clips = {clip};
    if (const int dialect = m_formatCombo->currentData().toInt(); dialect >= 0)
        req.formatVersion = bpat::format::Dialect(dialect);
    return req;
}

bool RebakeDialog::isRunning() const
{
    return m_job != 0 && m_jobs && m_jobs->isRunning(m_job);
}

QString RebakeDialog::summaryText() const
{
    return m_ui->summaryText->toPlainText();
}
QString RebakeDialog::statusText() const
{
    return m_ui->statusLabel->text();
}
RebakePreviewPane *RebakeDialog::previewPane() const
{
    return m_ui->previewPane;
}

void RebakeDialog::settingsChanged()
{
    updateVersionNote();
    updateRecipeHint();
    if (isRunning()) { // the job bakes the settings it started with
        m_changedWhileRunning = true;
        return;
    }
    RebakePreviewPane *pane = m_ui->previewPane;
    if (!pane->hasPreview() || pane->isStale())
        return;
    pane->markStale();
    m_ui->statusLabel->setText(tr("Settings changed: the preview is out of date (nothing was written)."));
}

void RebakeDialog::startPreview()
{
    start(false);
}
void RebakeDialog::startRebake()
{
    start(true);
}

void RebakeDialog::cancel()
{
    if (isRunning()) {
        m_jobs->cancel(m_job);
        m_ui->statusLabel->setText(tr("Cancelling..."));
    }
}

void RebakeDialog::reject()
{
    if (isRunning()) {
        cancel();
        return;
    }
    QDialog::reject();
}

void RebakeDialog::start(bool write)
{
    if (isRunning() || !m_jobs)
        return;
    QString error;
    m_running = request(&error, !write);
    if (m_running && !write) {
        // The preview is the real thing streamed into a file of its own, mapped afterwards: the
        // palettes never sit in memory, whatever the frame rate and length.
        if (!m_previewDir)
            m_previewDir = std::make_unique<QTemporaryDir>();
        if (!m_previewDir->isValid()) {
            error = tr("Cannot make a folder for the preview: %1").arg(m_previewDir->errorString());
            m_previewDir.reset();
            m_running.reset();
        } else {
            m_previewPath = m_previewDir->filePath(QStringLiteral("preview.bpat"));
        }
    }
    if (!m_running) {
        m_ui->statusLabel->setText(error);
        Q_EMIT finished(false);
        return;
    }
    // The recording the dialog has read (or was given) is the one baked: not parsed again.
    for (RebakeClipRequest &clip : m_running->clips) {
        if (m_sourceAnimation && QFileInfo(clip.curvesPath) == QFileInfo(m_inspectedPath))
            clip.animation = m_sourceAnimation;
    }
    m_writing = write;
    m_changedWhileRunning = false;
    m_ui->progressBar->setValue(0);
    m_ui->statusLabel->setText(write ? tr("Rebaking...") : tr("Building the preview..."));
    RebakeRequest job = *m_running;
    if (!write)
        job.outputPath = m_previewPath;
    const QString title = write ? tr("Rebaking %1").arg(QFileInfo(m_running->outputPath).fileName())
                                : tr("Previewing %1").arg(m_running->clips.last().name);
    m_job = m_jobs->run<JobResult>(
        title,
        [job](QPromise<JobResult> &promise, const std::atomic<bool> &cancelled) {
            std::mutex progressLock; // the pool's threads report frames done out of order
            qint64 reported = -1;
            RebakeOptions options;
            options.cancel = &cancelled;
            options.progress = [&](qint64 done, qint64 total) {
                const std::lock_guard lock(progressLock);
                if (reported < 0)
                    promise.setProgressRange(0, int(total));
                if (done > reported) {
                    reported = done;
                    promise.setProgressValue(int(done));
                }
            };
            JobResult result;
            result.outcome = RebakeJob(job).run(options);
            // The summary reads every matrix of the file: here, not on the GUI thread.
            if (result.outcome.ok && !cancelled) {
                if (const std::optional<BpatFile> file = BpatFile::open(job.outputPath))
                    result.summary = RebakeSummary::text(result.outcome, job.recipe, *file);
            }
            promise.addResult(std::move(result));
        },
        this, [this](std::optional<JobResult> result) { onJobFinished(std::move(result)); });
    updateEnabled();
}

void RebakeDialog::onJobProgress(JobController::JobId id, int value, int maximum)
{
    if (id != m_job || maximum <= 0)
        return;
    m_ui->progressBar->setValue(int(qint64(value) * 1000 / maximum));
    Q_EMIT progressed(value, maximum);
}

void RebakeDialog::onJobFinished(std::optional<JobResult> result)
{
    m_job = 0;
    if (!result) { // cancelled: the job's result was dropped, and it wrote nothing
        result.emplace();
        result->outcome.cancelled = true;
        result->outcome.errors << tr("cancelled: nothing was written");
    }
    m_outcome = std::move(result->outcome);
    updateEnabled();
    // A preview's file: what the job streamed (only there when it is complete and valid).
    const BpatFile previewFile = !m_writing && m_outcome.ok ? BpatFile::open(m_previewPath).value_or(BpatFile()) : BpatFile();
    if (!m_writing && !previewFile.isNull())
        showPreview(previewFile);
    else if (!m_writing && !m_outcome.cancelled)
        m_ui->previewPane->clear(tr("No preview: %1").arg(m_outcome.errors.join(QLatin1Char('\n'))));
    if (!m_outcome.ok) {
        m_ui->statusLabel->setText(m_outcome.cancelled ? tr("Cancelled: nothing was written.")
                                                       : m_outcome.errors.join(QLatin1Char('\n')));
    } else {
        m_ui->progressBar->setValue(1000);
        m_ui->summaryText->setPlainText(result->summary);
        m_ui->statusLabel->setText(
            m_writing ? tr("Wrote %1 (%2 bytes).").arg(m_running->outputPath).arg(m_outcome.bytesWritten)
                      : tr("Preview ready: nothing was written (%1 bytes would be).").arg(m_outcome.bytesWritten));
    }
    if (m_writing && m_outcome.ok)
        m_ui->previewPane->markWritten(m_running->outputPath, m_outcome.bytesWritten);
    // What the conversion dropped or filled, in the dialog beside the version it came from.
    if (!m_outcome.cancelled) {
        updateVersionNote();
        QStringList said;
        const QString gameNote = m_outcome.document ? gameEra::currentGameNote(m_outcome.document->dialect()) : QString();
        for (const QString &w : std::as_const(m_outcome.warnings)) {
            if (w != gameNote)
                said << w;
        }
        if (!said.isEmpty()) {
            m_versionNote->setText(
                m_versionNote->text() + QLatin1Char('\n')
                + tr("This %1: %2.").arg(m_writing ? tr("rebake") : tr("preview"), said.join(QStringLiteral("; "))));
            m_versionNote->setStyleSheet(QStringLiteral("color: %1;").arg(Theme::warningTextColor().name()));
        }
    }
    if (!m_writing && m_changedWhileRunning)
        settingsChanged(); // the preview shows the settings the job started with
    Q_EMIT finished(m_outcome.ok);
    if (m_outcome.ok && m_writing)
        Q_EMIT rebaked(m_running->outputPath);
}

void RebakeDialog::showPreview(const BpatFile &file)
{
    // The preview's file is mapped: the viewport reads its palettes from the mapping, so only
    // the pages it shows are read in. The next preview replaces the file (a rename), which
    // leaves this mapping intact until the pane lets go of it.
    const QString clipName = m_running->clips.isEmpty() ? QString() : m_running->clips.last().name;
    const GameEra era = gameEra::ofDialect(file.dialect());
    m_ui->previewPane->showPreview(
        file, std::max(0, file.findClip(clipName)), m_outcome.errors, m_outcome.validation, m_outcome.gameValidation,
        era == GameEra::Current ? tr("the current game") : tr("the %1-era game").arg(gameEra::name(era)));
    offerPreviewOverlay();
    m_ui->previewTabs->setCurrentWidget(m_ui->viewportTab);
    m_ui->previewPane->setPlaying(true);
}

void RebakeDialog::offerPreviewOverlay()
{
    // The overlay needs the recording the previewed clip was baked from (the one the dialog read).
    const bool sameSource = m_running && !m_running->clips.isEmpty() && m_sourceAnimation
        && QFileInfo(m_running->clips.last().curvesPath) == QFileInfo(m_inspectedPath);
    m_ui->previewPane->setRecording(sameSource ? m_sourceAnimation : nullptr,
                                    sameSource ? Rebaker::rangeFrom(m_running->clips.last().range) : 0.0);
}

void RebakeDialog::updateEnabled()
{
    const bool running = isRunning();
    const bool fromFile = m_ui->recipeCombo->currentText() == RecipeFromFile;
    m_ui->recipeFileEdit->setVisible(fromFile);
    m_ui->recipeBrowse->setVisible(fromFile);
    m_ui->fromSpin->setEnabled(!m_ui->wholeCheck->isChecked());
    m_ui->toSpin->setEnabled(!m_ui->wholeCheck->isChecked());
    m_ui->intoEdit->setEnabled(m_ui->intoRadio->isChecked());
    m_ui->intoBrowse->setEnabled(m_ui->intoRadio->isChecked());
    m_ui->previewButton->setEnabled(!running);
    m_ui->rebakeButton->setEnabled(!running);
    m_ui->cancelButton->setEnabled(running);
}

} // namespace bpat::studio
