#include "contacts/contactcsv.h"

namespace ogene {

QStringList ContactCsv::splitLine(const QString &line)
{
    QStringList fields;
    QString field;
    bool quoted = false;
    for (qsizetype i = 0; i < line.size(); ++i) {
        const QChar c = line.at(i);
        if (quoted) {
            if (c == QLatin1Char('"') && i + 1 < line.size() && line.at(i + 1) == QLatin1Char('"')) {
                field += c;
                ++i;
            } else if (c == QLatin1Char('"')) {
                quoted = false;
            } else {
                field += c;
            }
        } else if (c == QLatin1Char('"')) {
            quoted = true;
        } else if (c == QLatin1Char(',') || c == QLatin1Char(';')) {
            fields.append(field.trimmed());
            field.clear();
        } else {
            field += c;
        }
    }
    fields.append(field.trimmed());
    return fields;
}

ContactCsv ContactCsv::parse(const QByteArray &text)
{
    ContactCsv csv;
    QString content = QString::fromUtf8(text);
    if (content.startsWith(QChar(0xFEFF))) // the byte-order mark spreadsheets put first
        content.remove(0, 1);
    const QStringList lines = content.split(QLatin1Char('\n'));
    int phoneColumn = -1, nameColumn = -1;
    int lineNumber = 0;
    for (QString line : lines) {
        ++lineNumber;
        if (line.endsWith(QLatin1Char('\r')))
            line.chop(1);
        if (line.trimmed().isEmpty())
            continue;
        const QStringList fields = splitLine(line);
        if (phoneColumn < 0) {
            for (qsizetype i = 0; i < fields.size(); ++i) {
                const QString name = fields.at(i).toLower();
                if (name == QLatin1String("phone") && phoneColumn < 0)
                    phoneColumn = int(i);
                else if (name == QLatin1String("name") && nameColumn < 0)
                    nameColumn = int(i);
            }
            if (phoneColumn < 0) {
                csv.error = QStringLiteral("The first line must be a header with a phone column (phone,name).");
                return csv;
            }
            continue;
        }
        csv.rows.append({lineNumber, fields.value(phoneColumn), nameColumn >= 0 ? fields.value(nameColumn) : QString()});
    }
    if (phoneColumn < 0)
        csv.error = QStringLiteral("The file is empty; it needs a header line (phone,name) and one contact per line.");
    return csv;
}

} // namespace ogene
