#include "carriers/carriermessageid.h"

namespace ogene {
namespace {

QString withoutLeadingZeros(const QString &text)
{
    qsizetype start = 0;
    while (start + 1 < text.size() && text.at(start) == QLatin1Char('0'))
        ++start;
    return text.mid(start);
}

} // namespace

QStringList CarrierMessageId::forms(const QString &id)
{
    const QString written = withoutLeadingZeros(id.trimmed().toLower());
    QStringList forms;
    if (written.isEmpty())
        return forms;
    forms.append(written);
    bool ok = false;
    const qulonglong decimal = written.toULongLong(&ok, 10);
    if (ok)
        forms.append(QString::number(decimal, 16));
    const qulonglong hex = written.toULongLong(&ok, 16);
    if (ok)
        forms.append(QString::number(hex, 10));
    forms.removeDuplicates();
    return forms;
}

QStringList CarrierMessageId::spellings(const QString &id)
{
    QStringList spellings{id, id.trimmed()};
    for (const QString &form : forms(id)) {
        spellings.append(form);
        spellings.append(form.toUpper());
    }
    spellings.removeDuplicates();
    return spellings;
}

} // namespace ogene
