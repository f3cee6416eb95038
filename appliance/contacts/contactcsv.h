#pragma once

#include <QByteArray>
#include <QList>
#include <QString>

namespace ogene {

// The CSV a contact import takes: a header line naming a phone column (and optionally name),
// then one contact per line. Fields may be quoted ("Ada, Lovelace"), with "" for a quote inside.
// Pure: text in, rows out, so it is easy to test and cannot touch the store.
class ContactCsv
{
public:
    struct Row
    {
        int line = 0; // 1-based line in the file, as a spreadsheet shows it
        QString phone;
        QString name;
    };

    // Empty error when the header is usable.
    static ContactCsv parse(const QByteArray &text);

    QString error;
    QList<Row> rows;

private:
    static QStringList splitLine(const QString &line);
};

} // namespace ogene
