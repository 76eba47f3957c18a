#include "FpsDelegate.h"

#include "Theme.h"

#include <QLineEdit>
#include <QLocale>
#include <QToolTip>
#include <cmath>
#include <optional>

namespace bpat::studio {

namespace {

std::optional<double> parse(const QString &text)
{
    bool ok = false;
    double v = text.trimmed().toDouble(&ok); // C locale first, as files and scripts write it
    if (!ok)
        v = QLocale().toDouble(text.trimmed(), &ok);
    return ok ? std::optional<double>(v) : std::nullopt;
}

} // namespace

QString FpsValidator::problem(const QString &text)
{
    if (text.trimmed().isEmpty())
        return tr("Type a frame rate: a number greater than 0.");
    const auto v = parse(text);
    if (!v)
        return tr("'%1' is not a number: a frame rate is a number greater than 0.").arg(text.trimmed());
    if (!std::isfinite(*v))
        return tr("%1 cannot be stored: a frame rate is a finite number greater than 0.").arg(text.trimmed());
    if (*v <= 0.0)
        return tr("%1 fps cannot be stored: a frame rate must be greater than 0.").arg(text.trimmed());
    if (!std::isfinite(float(*v)))
        return tr("%1 is too large for the file's 32-bit float.").arg(text.trimmed());
    return QString();
}

QValidator::State FpsValidator::validate(QString &input, int &) const
{
    // Intermediate, not Invalid: the user may pass through "0" while typing "0.5".
    return problem(input).isEmpty() ? Acceptable : Intermediate;
}

QWidget *FpsDelegate::createEditor(QWidget *parent, const QStyleOptionViewItem &, const QModelIndex &) const
{
    auto *edit = new QLineEdit(parent);
    edit->setObjectName(QStringLiteral("fpsEditor"));
    edit->setValidator(new FpsValidator(edit));
    const auto check = [edit](const QString &text) {
        const QString why = FpsValidator::problem(text);
        edit->setToolTip(why);
        edit->setProperty("fpsProblem", why);
        edit->setStyleSheet(why.isEmpty()
                                ? QString()
                                : QStringLiteral("QLineEdit { border: 2px solid %1; }").arg(Theme::invalidInputColor().name()));
        if (why.isEmpty())
            QToolTip::hideText();
        else if (edit->isVisible())
            QToolTip::showText(edit->mapToGlobal(QPoint(0, edit->height())), why, edit);
    };
    connect(edit, &QLineEdit::textEdited, edit, check);
    return edit;
}

void FpsDelegate::setEditorData(QWidget *editor, const QModelIndex &index) const
{
    if (auto *edit = qobject_cast<QLineEdit *>(editor))
        edit->setText(QString::number(index.data(Qt::EditRole).toDouble(), 'g', 6));
}

void FpsDelegate::setModelData(QWidget *editor, QAbstractItemModel *model, const QModelIndex &index) const
{
    auto *edit = qobject_cast<QLineEdit *>(editor);
    if (!edit)
        return;
    // A value the file cannot hold never reaches the model (the editor said why).
    if (!FpsValidator::problem(edit->text()).isEmpty())
        return;
    model->setData(index, *parse(edit->text()), Qt::EditRole);
}

} // namespace bpat::studio
