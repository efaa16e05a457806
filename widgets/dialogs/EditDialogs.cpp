// SPDX-License-Identifier: MIT
#include "EditDialogs.h"
#include "widgets/common/QtString.h"

#include "MemberExprValidator.h"

#include "core/expr/ExprParser.h"
#include "core/support/InputError.h"

#include <QComboBox>
#include <QDialog>
#include <QDialogButtonBox>
#include <QFormLayout>
#include <QInputDialog>
#include <QLabel>
#include <QLineEdit>
#include <QPushButton>
#include <QRegularExpression>
#include <QScreen>
#include <QScrollArea>
#include <QSpinBox>
#include <QVBoxLayout>

#include <algorithm>
#include <map>
#include <set>

namespace se {

namespace {

// Long member texts (a band over 257 statements) are cut for labels and
// combo items; the whole text is in the tooltip.
QString bounded(const QString &text, int chars = 80)
{
    return text.size() <= chars ? text : text.left(chars - 1) + QChar(0x2026);
}

// A dialog with a form and OK/Cancel; `ok` enables or disables OK. The form
// scrolls, so on a band over hundreds of statements the dialog still fits the
// screen with OK on it; a filter finds a statement's row.
class FormDialog : public QDialog {
public:
    FormDialog(QWidget *parent, const QString &title, const QString &intro) : QDialog(parent)
    {
        setWindowTitle(title);
        setObjectName(QStringLiteral("editDialog"));
        auto *outer = new QVBoxLayout(this);
        if (!intro.isEmpty()) {
            auto *l = new QLabel(intro, this);
            l->setWordWrap(true);
            outer->addWidget(l);
        }
        filter = new QLineEdit(this);
        filter->setObjectName(QStringLiteral("filter"));
        filter->setPlaceholderText(QObject::tr("Filter the rows (a statement, s12)\u2026"));
        filter->setClearButtonEnabled(true);
        filter->hide(); // shown once the form is long
        outer->addWidget(filter);
        connect(filter, &QLineEdit::textChanged, this, [this](const QString &t) { applyFilter(t); });
        auto *scroll = new QScrollArea(this);
        scroll->setObjectName(QStringLiteral("formScroll"));
        scroll->setWidgetResizable(true);
        scroll->setFrameShape(QFrame::NoFrame);
        scroll->setHorizontalScrollBarPolicy(Qt::ScrollBarAlwaysOff);
        auto *inner = new QWidget(scroll);
        form = new QFormLayout(inner);
        form->setContentsMargins(0, 0, 0, 0);
        scroll->setWidget(inner);
        outer->addWidget(scroll, 1);
        error = new QLabel(this);
        error->setStyleSheet(QStringLiteral("color: #c62828;"));
        error->setWordWrap(true);
        outer->addWidget(error);
        buttons = new QDialogButtonBox(QDialogButtonBox::Ok | QDialogButtonBox::Cancel, this);
        outer->addWidget(buttons);
        connect(buttons, &QDialogButtonBox::accepted, this, &QDialog::accept);
        connect(buttons, &QDialogButtonBox::rejected, this, &QDialog::reject);
    }
    void applyFilter(const QString &text)
    {
        for (int r = 0; r < form->rowCount(); ++r) {
            auto *label = qobject_cast<QLabel *>(
                form->itemAt(r, QFormLayout::LabelRole) ? form->itemAt(r, QFormLayout::LabelRole)->widget() : nullptr);
            if (!label || label->property("keep").toBool())
                continue;
            form->setRowVisible(r, text.isEmpty() || label->text().contains(text, Qt::CaseInsensitive));
        }
    }
    void showEvent(QShowEvent *event) override
    {
        filter->setVisible(form->rowCount() > 12);
        // Never larger than the screen: the form scrolls instead.
        if (const QScreen *screen = this->screen()) {
            const QSize avail = screen->availableGeometry().size() * 0.85;
            const QSize want = sizeHint().expandedTo(QSize(420, 0));
            resize(want.boundedTo(avail));
            setMaximumSize(avail);
        }
        QDialog::showEvent(event);
    }
    void setProblem(const QString &problem)
    {
        error->setText(problem);
        buttons->button(QDialogButtonBox::Ok)->setEnabled(problem.isEmpty());
    }
    QSpinBox *spin(const QString &label, int lo, int hi, int value)
    {
        auto *s = new QSpinBox(this);
        s->setRange(lo, hi);
        s->setValue(value);
        auto *l = new QLabel(bounded(label), this);
        l->setToolTip(label);
        l->setProperty("keep", true); // arguments stay visible under a filter
        form->addRow(l, s);
        return s;
    }
    QComboBox *memberCombo(const ScheduleTreeSnapshot::Node &node, const QString &label, int current)
    {
        auto *c = new QComboBox(this);
        for (std::size_t m = 0; m < node.members.size(); ++m) {
            QStringList parts;
            for (const auto &p : node.members[m].parts)
                parts << q(p.statement + ": " + p.expr);
            const QString all = parts.join(QStringLiteral(", "));
            c->addItem(QStringLiteral("%1  (%2)").arg(m).arg(bounded(all, 60)), int(m));
            c->setItemData(c->count() - 1, all, Qt::ToolTipRole);
        }
        c->setSizeAdjustPolicy(QComboBox::AdjustToMinimumContentsLengthWithIcon);
        c->setMinimumContentsLength(30);
        c->setCurrentIndex(std::clamp(current, 0, std::max(0, c->count() - 1)));
        auto *l = new QLabel(label, this);
        l->setProperty("keep", true);
        form->addRow(l, c);
        return c;
    }

    QFormLayout *form;
    QLineEdit *filter;
    QLabel *error;
    QDialogButtonBox *buttons;
};

QString memberText(const ScheduleTreeSnapshot::Member &m)
{
    QStringList parts;
    for (const auto &p : m.parts)
        parts << q(p.statement + ": " + p.expr);
    return parts.join(QStringLiteral(", "));
}

} // namespace

QString EditDialogs::checkExpression(const QString &text, const QStringList &names)
{
    if (text.trimmed().isEmpty())
        return QObject::tr("Enter an expression");
    try {
        const ExprPtr e = ExprParser::parse(text.toStdString());
        std::set<std::string> used;
        e->collectNames(used);
        for (const auto &n : used)
            if (!names.contains(q(n)))
                return QObject::tr("'%1' is not an iterator of the statement or a parameter (allowed: %2)")
                    .arg(q(n), names.join(QStringLiteral(", ")));
    } catch (const InputError &err) {
        return q(err.place().empty() ? err.fault() : err.place() + ": " + err.fault());
    }
    return {};
}

std::optional<Edit> EditDialogs::tile(QWidget *parent, const ScheduleTreeSnapshot::Node &node)
{
    FormDialog d(parent, QObject::tr("Tile band"),
                 QObject::tr("Each member x becomes a tile loop floor(x / size) over a point loop x."));
    // The sizes last chosen (per member), not 32 every time.
    static std::vector<int> last;
    std::vector<QSpinBox *> sizes;
    for (std::size_t m = 0; m < node.members.size(); ++m)
        sizes.push_back(d.spin(QObject::tr("Size of member %1 (%2)").arg(m).arg(memberText(node.members[m])), 1,
                               1 << 20, m < last.size() ? last[m] : (last.empty() ? 32 : last.back())));
    if (d.exec() != QDialog::Accepted)
        return std::nullopt;
    std::vector<std::int64_t> out;
    last.clear();
    for (auto *s : sizes) {
        out.push_back(s->value());
        last.push_back(s->value());
    }
    return Edit::tile(node.path, out);
}

std::optional<Edit> EditDialogs::shift(QWidget *parent, const ScheduleTreeSnapshot::Node &node,
                                       const QStringList &params, int member)
{
    FormDialog d(parent, QObject::tr("Shift"),
                 QObject::tr("Add an offset to one member for some statements: an integer or an expression in "
                             "the parameters. Leave a statement empty to keep it."));
    QComboBox *mem = d.memberCombo(node, QObject::tr("Member"), member);
    std::vector<std::pair<std::string, QLineEdit *>> fields;
    for (const auto &s : node.statements) {
        auto *e = new QLineEdit(&d);
        e->setPlaceholderText(QStringLiteral("0"));
        d.form->addRow(QObject::tr("Offset of %1").arg(q(s)), e);
        fields.emplace_back(s, e);
    }
    const auto validate = [&] {
        bool any = false;
        for (const auto &[s, e] : fields) {
            if (e->text().trimmed().isEmpty())
                continue;
            any = true;
            const QString problem = checkExpression(e->text(), params);
            if (!problem.isEmpty()) {
                d.setProblem(q(s) + QStringLiteral(": ") + problem);
                return;
            }
        }
        d.setProblem(any ? QString() : QObject::tr("Give at least one offset"));
    };
    for (const auto &f : fields)
        QObject::connect(f.second, &QLineEdit::textChanged, &d, validate);
    if (!fields.empty())
        fields.front().second->setText(QStringLiteral("1"));
    validate();
    if (d.exec() != QDialog::Accepted)
        return std::nullopt;
    std::vector<std::pair<std::string, std::string>> offsets;
    for (const auto &[s, e] : fields)
        if (!e->text().trimmed().isEmpty())
            offsets.emplace_back(s, e->text().trimmed().toStdString());
    return Edit::shift(node.path, mem->currentData().toInt(), offsets);
}

std::optional<Edit> EditDialogs::skew(QWidget *parent, const ScheduleTreeSnapshot::Node &node)
{
    FormDialog d(parent, QObject::tr("Skew"), QObject::tr("member := member + factor \u00d7 source"));
    QComboBox *mem = d.memberCombo(node, QObject::tr("Member"), node.members.size() > 1 ? 1 : 0);
    QComboBox *src = d.memberCombo(node, QObject::tr("Source member"), 0);
    QSpinBox *factor = d.spin(QObject::tr("Factor"), -64, 64, 1);
    const auto validate = [&] {
        if (mem->currentIndex() == src->currentIndex())
            d.setProblem(QObject::tr("The source must be another member"));
        else if (factor->value() == 0)
            d.setProblem(QObject::tr("The factor may not be 0"));
        else
            d.setProblem({});
    };
    QObject::connect(mem, &QComboBox::currentIndexChanged, &d, validate);
    QObject::connect(src, &QComboBox::currentIndexChanged, &d, validate);
    QObject::connect(factor, &QSpinBox::valueChanged, &d, validate);
    validate();
    if (d.exec() != QDialog::Accepted)
        return std::nullopt;
    return Edit::skew(node.path, mem->currentData().toInt(), src->currentData().toInt(), factor->value());
}

std::optional<Edit> EditDialogs::scale(QWidget *parent, const ScheduleTreeSnapshot::Node &node)
{
    FormDialog d(parent, QObject::tr("Scale"), QObject::tr("member := factor \u00d7 member"));
    QComboBox *mem = d.memberCombo(node, QObject::tr("Member"), 0);
    QSpinBox *factor = d.spin(QObject::tr("Factor"), 1, 1024, 2);
    if (d.exec() != QDialog::Accepted)
        return std::nullopt;
    return Edit::scale(node.path, mem->currentData().toInt(), factor->value());
}

std::optional<Edit> EditDialogs::permute(QWidget *parent, const ScheduleTreeSnapshot::Node &node)
{
    const int n = static_cast<int>(node.members.size());
    FormDialog d(parent, QObject::tr("Permute members"),
                 QObject::tr("New order of the members, by their old positions (member k of the result is old "
                             "member order[k])."));
    auto *order = new QLineEdit(&d);
    QStringList rev;
    for (int k = n - 1; k >= 0; --k)
        rev << QString::number(k);
    order->setText(rev.join(QStringLiteral(", ")));
    d.form->addRow(QObject::tr("Order"), order);
    std::vector<int> parsed;
    const auto validate = [&] {
        parsed.clear();
        std::vector<bool> seen(static_cast<std::size_t>(n), false);
        for (const QString &part :
             order->text().split(QRegularExpression(QStringLiteral("[,\\s]+")), Qt::SkipEmptyParts)) {
            bool ok = false;
            const int k = part.toInt(&ok);
            if (!ok || k < 0 || k >= n || seen[static_cast<std::size_t>(k)]) {
                d.setProblem(QObject::tr("Give each of 0..%1 once").arg(n - 1));
                return;
            }
            seen[static_cast<std::size_t>(k)] = true;
            parsed.push_back(k);
        }
        d.setProblem(static_cast<int>(parsed.size()) == n ? QString()
                                                          : QObject::tr("Give each of 0..%1 once").arg(n - 1));
    };
    QObject::connect(order, &QLineEdit::textChanged, &d, validate);
    validate();
    if (d.exec() != QDialog::Accepted)
        return std::nullopt;
    return Edit::permute(node.path, parsed);
}

std::optional<Edit> EditDialogs::split(QWidget *parent, const ScheduleTreeSnapshot::Node &node)
{
    FormDialog d(parent, QObject::tr("Split band"),
                 QObject::tr("Members before the split stay; the rest move to a new child band."));
    QSpinBox *at = d.spin(QObject::tr("Split before member"), 1, std::max(1, int(node.members.size()) - 1), 1);
    if (d.exec() != QDialog::Accepted)
        return std::nullopt;
    return Edit::split(node.path, at->value());
}

std::optional<Edit> EditDialogs::memberExpr(QWidget *parent, const ScheduleTreeSnapshot::Node &node,
                                            const std::map<std::string, QStringList> &iterators,
                                            const QStringList &params, int member, const QString &statement)
{
    FormDialog d(parent, QObject::tr("Edit member expression"),
                 QObject::tr("An expression affine in the statement's iterators and the parameters "
                             "(t + i, 2*i - j, i // 4, i % 2)."));
    QComboBox *mem = d.memberCombo(node, QObject::tr("Member"), member);
    auto *stmt = new QComboBox(&d);
    for (const auto &s : node.statements)
        stmt->addItem(q(s));
    if (!statement.isEmpty())
        stmt->setCurrentText(statement);
    d.form->addRow(QObject::tr("Statement"), stmt);
    auto *expr = new QLineEdit(&d);
    d.form->addRow(QObject::tr("Expression"), expr);
    const auto current = [&] {
        const auto m = static_cast<std::size_t>(mem->currentData().toInt());
        if (m < node.members.size())
            for (const auto &p : node.members[m].parts)
                if (q(p.statement) == stmt->currentText())
                    return q(p.expr);
        return QString();
    };
    const MemberExprValidator validator(iterators, params);
    const auto validate = [&] { d.setProblem(validator.problem(stmt->currentText(), expr->text())); };
    const auto reload = [&] {
        expr->setText(current());
        validate();
    };
    QObject::connect(mem, &QComboBox::currentIndexChanged, &d, reload);
    QObject::connect(stmt, &QComboBox::currentIndexChanged, &d, reload);
    QObject::connect(expr, &QLineEdit::textChanged, &d, validate);
    reload();
    if (d.exec() != QDialog::Accepted)
        return std::nullopt;
    return Edit::memberExpr(node.path, mem->currentData().toInt(), stmt->currentText().toStdString(),
                            expr->text().trimmed().toStdString());
}

std::optional<Edit> EditDialogs::insertMark(QWidget *parent, const ScheduleTreeSnapshot::Node &node)
{
    bool ok = false;
    const QString name =
        QInputDialog::getText(parent, QObject::tr("Insert mark"), QObject::tr("Mark name (letters, digits, _):"),
                              QLineEdit::Normal, QStringLiteral("parallel"), &ok);
    if (!ok || name.trimmed().isEmpty())
        return std::nullopt;
    return Edit::insertMark(node.path, name.trimmed().toStdString());
}

std::optional<Edit> EditDialogs::renameMark(QWidget *parent, const ScheduleTreeSnapshot::Node &node)
{
    bool ok = false;
    const QString name = QInputDialog::getText(parent, QObject::tr("Rename mark"), QObject::tr("New name:"),
                                               QLineEdit::Normal, q(node.text), &ok);
    if (!ok || name.trimmed().isEmpty())
        return std::nullopt;
    return Edit::renameMark(node.path, name.trimmed().toStdString());
}

} // namespace se
