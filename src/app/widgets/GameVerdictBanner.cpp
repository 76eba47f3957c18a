#include "widgets/GameVerdictBanner.h"

#include "StudioContext.h"
#include "Theme.h"
#include "bpat/GameEra.h"
#include "species/Species.h"
#include "diagnostics/ValidationCodes.h"

#include <QAction>
#include <QApplication>
#include <QEvent>
#include <QHBoxLayout>
#include <QLabel>
#include <QPushButton>

namespace bpat::studio {

namespace {
constexpr int kShownReasons = 3;
}

GameVerdictBanner::GameVerdictBanner(StudioContext *context, QAction *convert, QWidget *parent)
    : QFrame(parent)
    , m_context(context)
    , m_text(new QLabel(this))
    , m_convert(new QPushButton(tr("Convert to Late v3..."), this))
    , m_profile(new QPushButton(tr("Show the Game's Findings"), this))
{
    setObjectName(QStringLiteral("gameVerdictBanner"));
    setAutoFillBackground(true);
    setFrameShape(QFrame::NoFrame);
    m_text->setObjectName(QStringLiteral("gameVerdictText"));
    m_text->setWordWrap(true);
    m_text->setTextFormat(Qt::RichText);
    m_text->setTextInteractionFlags(Qt::TextSelectableByMouse);
    m_convert->setObjectName(QStringLiteral("gameVerdictConvert"));
    m_convert->setToolTip(tr("File > Convert to...: write the file in late v3, what the current game reads"));
    m_profile->setObjectName(QStringLiteral("gameVerdictProfile"));
    m_profile->setToolTip(tr("Judge the file by the game profile (the current game) in the Validation panel"));
    auto *layout = new QHBoxLayout(this);
    layout->setContentsMargins(10, 5, 8, 5);
    layout->addWidget(m_text, 1);
    layout->addWidget(m_convert, 0, Qt::AlignVCenter);
    layout->addWidget(m_profile, 0, Qt::AlignVCenter);
    connect(m_convert, &QPushButton::clicked, convert, &QAction::trigger);
    connect(m_profile, &QPushButton::clicked, this, [this] {
        m_context->setGameEra(GameEra::Current);
        m_context->setProfile(ValidationProfile::Game);
    });
    connect(context, &StudioContext::validationChanged, this, &GameVerdictBanner::refresh);
    connect(context, &StudioContext::fileLoaded, this, &GameVerdictBanner::refresh);
    connect(context, &StudioContext::fileClosed, this, &GameVerdictBanner::refresh);
    applyColours();
    refresh();
}

Diagnostics GameVerdictBanner::refusalsOf(const Diagnostics &gameFindings)
{
    // Errors, and a rig the game does not play (a warning in the profile: the game loads the
    // file into a rig it does not fit, which is no use to anyone).
    Diagnostics out;
    for (const Diagnostic &d : gameFindings) {
        if (d.severity == Severity::Error || d.code == codes::RIG_BONE_COUNT_MISMATCH)
            out.append(d);
    }
    return out;
}

void GameVerdictBanner::refresh()
{
    m_refusals.clear();
    const OpenDocument *document = m_context->document();
    if (document && m_context->hasFile()) {
        const bool judgedSo = m_context->profile() == ValidationProfile::Game && m_context->gameEra() == GameEra::Current;
        m_refusals =
            refusalsOf(judgedSo ? m_context->diagnostics() : document->validateForEra(ValidationProfile::Game, GameEra::Current));
    }
    if (m_refusals.isEmpty()) {
        hide();
        return;
    }
    // Said as an animator reads it (the Validation panel and the tooltip have the findings in
    // full): the version, the rig, then any other error of the game profile.
    bool versionRefused = false;
    QStringList reasons, details;
    const BpatFile &file = m_context->file();
    for (const Diagnostic &d : std::as_const(m_refusals)) {
        details << QStringLiteral("%1: %2").arg(d.code, d.message);
        if (d.code == codes::GAME_VERSION_REFUSED) {
            versionRefused = true;
            reasons << tr("it is a %1 file, and the game reads late v3 only").arg(format::dialectName(file.dialect()));
        } else if (d.code == codes::GAME_DIALECT_MISREAD) {
            versionRefused = true;
            reasons << tr("it is a %1 file, which the game misreads").arg(format::dialectName(file.dialect()));
        } else if (d.code == codes::RIG_BONE_COUNT_MISMATCH) {
            const quint32 species = file.header().speciesId;
            reasons << tr("its %1 has %2 bones, the game's %3")
                           .arg(Species::nameOf(species))
                           .arg(file.header().boneCount)
                           .arg(Species::describeCounts(Species::boneCounts(species, gameEra::rigVersion(GameEra::Current))));
        } else if (reasons.size() < kShownReasons) {
            reasons << QStringLiteral("%1 (%2)").arg(d.message, d.code);
        }
    }
    if (reasons.size() > kShownReasons) {
        const qsizetype more = reasons.size() - kShownReasons;
        reasons = reasons.mid(0, kShownReasons);
        reasons << tr("%n more (the game profile lists them)", nullptr, int(more));
    }
    m_text->setText(tr("<b>The current game refuses this file:</b> %1.").arg(reasons.join(QStringLiteral("; ")).toHtmlEscaped()));
    m_text->setToolTip(details.join(QLatin1Char('\n')));
    m_convert->setVisible(versionRefused);
    m_profile->setVisible(m_context->profile() != ValidationProfile::Game || m_context->gameEra() != GameEra::Current);
    show();
}

QString GameVerdictBanner::text() const
{
    return isHidden() ? QString() : m_text->text();
}

void GameVerdictBanner::changeEvent(QEvent *event)
{
    QFrame::changeEvent(event);
    const QEvent::Type type = event->type();
    if ((type == QEvent::PaletteChange || type == QEvent::ApplicationPaletteChange || type == QEvent::StyleChange) && !m_applying)
        applyColours();
}

void GameVerdictBanner::applyColours()
{
    // The error colour over the application's window colour, light or dark: the text keeps the
    // theme's colour.
    const QPalette theme = QApplication::palette(this);
    const QColor window = theme.color(QPalette::Window);
    const QColor error = Theme::errorColor();
    const double a = 0.22;
    const QColor band =
        QColor::fromRgbF(window.redF() * (1 - a) + error.redF() * a, window.greenF() * (1 - a) + error.greenF() * a,
                         window.blueF() * (1 - a) + error.blueF() * a);
    QPalette p = theme;
    p.setColor(QPalette::Window, band);
    m_applying = true;
    setPalette(p);
    m_applying = false;
}

} // namespace bpat::studio
