#pragma once

#include <QList>
#include <QString>

namespace ogene {

// How a text goes over the air (GSM 03.38): entirely in the GSM 7-bit default alphabet, where the
// extension characters ^ { } \ [ ] ~ | € and form feed take two septets, it is 160 septets in one
// segment or 153 per segment of a concatenated message; any other character makes the whole text
// UCS-2, 70 UTF-16 units in one segment or 67 per segment. Parts are cut where the phone would
// cut them: an escape pair or a surrogate pair is never split, so a part may hold one unit less.
struct SmsText
{
    enum class Encoding { Gsm7, Ucs2 };

    Encoding encoding = Encoding::Gsm7;
    int units = 0; // septets (GSM 7-bit) or UTF-16 code units (UCS-2)
    QList<QString> parts;

    int segments() const { return int(parts.size()); }
    QString encodingName() const { return encoding == Encoding::Gsm7 ? QStringLiteral("gsm7") : QStringLiteral("ucs2"); }

    static SmsText analyze(const QString &text);
    // Septets one character takes in the GSM 7-bit alphabet: 1, 2 (extension), or 0 (not in it).
    static int gsmSeptets(QChar character);
    // Characters as a person counts them (code points).
    static int characterCount(const QString &text);
};

} // namespace ogene
