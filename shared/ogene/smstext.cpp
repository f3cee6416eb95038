#include "ogene/smstext.h"

#include <array>

namespace ogene {
namespace {

constexpr int GsmSingle = 160;
constexpr int GsmPart = 153;
constexpr int Ucs2Single = 70;
constexpr int Ucs2Part = 67;

// The GSM 03.38 default alphabet, in table order (0x1B, the escape, left out).
const QString &basicAlphabet()
{
    static const QString alphabet = QString::fromUtf8(
        "@£$¥èéùìòÇ\nØø\rÅåΔ_ΦΓΛΩΠΨΣΘΞÆæßÉ !\"#¤%&'()*+,-./0123456789:;<=>?"
        "¡ABCDEFGHIJKLMNOPQRSTUVWXYZÄÖÑÜ§¿abcdefghijklmnopqrstuvwxyzäöñüà");
    return alphabet;
}

const QString &extensionAlphabet()
{
    static const QString extension = QString::fromUtf8("^{}\\[~]|€\f");
    return extension;
}

// Cuts the text into parts of at most `capacity` units, never splitting a character.
QList<QString> cut(const QString &text, int capacity, bool gsm)
{
    QList<QString> parts;
    QString current;
    int used = 0;
    for (qsizetype i = 0; i < text.size(); ++i) {
        QString character(text.at(i));
        if (text.at(i).isHighSurrogate() && i + 1 < text.size())
            character.append(text.at(++i));
        const int cost = gsm ? SmsText::gsmSeptets(character.at(0)) : int(character.size());
        if (used + cost > capacity) {
            parts.append(current);
            current.clear();
            used = 0;
        }
        current += character;
        used += cost;
    }
    if (!current.isEmpty())
        parts.append(current);
    return parts;
}

} // namespace

int SmsText::gsmSeptets(QChar character)
{
    // One byte per UTF-16 code unit: every send looks up each of its characters here.
    static const std::array<quint8, 65536> septets = [] {
        std::array<quint8, 65536> table{};
        for (QChar c : basicAlphabet())
            table[c.unicode()] = 1;
        for (QChar c : extensionAlphabet())
            table[c.unicode()] = 2;
        return table;
    }();
    return septets[character.unicode()];
}

int SmsText::characterCount(const QString &text)
{
    int count = 0;
    for (qsizetype i = 0; i < text.size(); ++i) {
        if (text.at(i).isHighSurrogate() && i + 1 < text.size() && text.at(i + 1).isLowSurrogate())
            ++i;
        ++count;
    }
    return count;
}

SmsText SmsText::analyze(const QString &text)
{
    SmsText result;
    int septets = 0;
    bool gsm = true;
    for (QChar character : text) {
        const int cost = gsmSeptets(character);
        if (cost == 0) {
            gsm = false;
            break;
        }
        septets += cost;
    }
    if (text.isEmpty())
        return result;
    if (gsm) {
        result.encoding = Encoding::Gsm7;
        result.units = septets;
        result.parts = septets <= GsmSingle ? QList<QString>{text} : cut(text, GsmPart, true);
    } else {
        result.encoding = Encoding::Ucs2;
        result.units = int(text.size());
        result.parts = text.size() <= Ucs2Single ? QList<QString>{text} : cut(text, Ucs2Part, false);
    }
    return result;
}

} // namespace ogene
