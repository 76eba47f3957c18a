#pragma once
// Edits a clip's frame rate in a table cell and refuses, in the field itself, a value the file
// cannot hold (0, negative, NaN, infinity, not a number): the field turns red, says why in a
// tooltip shown at once, and Enter does not commit until the value is a finite number > 0.
// (Before, the value went to the model and was refused with a status-bar flash only.)
#include <QStyledItemDelegate>
#include <QValidator>

namespace bpat::studio {

class FpsValidator : public QValidator
{
    Q_OBJECT
public:
    using QValidator::QValidator;
    State validate(QString &input, int &pos) const override;
    // Why `text` is not a frame rate a file can hold; empty when it is one.
    static QString problem(const QString &text);
};

class FpsDelegate : public QStyledItemDelegate
{
    Q_OBJECT
public:
    using QStyledItemDelegate::QStyledItemDelegate;
    QWidget *createEditor(QWidget *parent, const QStyleOptionViewItem &option, const QModelIndex &index) const override;
    void setEditorData(QWidget *editor, const QModelIndex &index) const override;
    void setModelData(QWidget *editor, QAbstractItemModel *model, const QModelIndex &index) const override;
};

} // namespace bpat::studio
