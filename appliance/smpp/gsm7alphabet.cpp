#include "smpp/gsm7alphabet.h"

#include <QHash>

namespace ogene::smpp {
namespace {

constexpr quint8 Escape = 0x1B;

// Code → character of the basic table; 0x1B, the escape, has none.
const QString &basicTable()
{
    static const QString table = QString::fromUtf8(
        "@£$¥èéùìòÇ\nØø\rÅåΔ_ΦΓΛΩΠΨΣΘΞ\x1bÆæßÉ !\"#¤%&'()*+,-./0123456789:;<=>?"
        "¡ABCDEFGHIJKLMNOPQRSTUVWXYZÄÖÑÜ§¿abcdefghijklmnopqrstuvwxyzäöñüà");
    Q_ASSERT(table.size() == 128);
    return table;
}

struct ExtensionEntry
{
    quint8 code;
    char16_t character;
};

constexpr ExtensionEntry extensionTable[] = {
    {0x0A, u'\f'}, {0x14, u'^'}, {0x28, u'{'}, {0x29, u'}'}, {0x2F, u'\\'},
    {0x3C, u'['},  {0x3D, u'~'}, {0x3E, u']'}, {0x40, u'|'}, {0x65, u'€'},
};

// Character → its octets (one, or the escape and a code).
const QHash<char16_t, QByteArray> &encodingTable()
{
    static const QHash<char16_t, QByteArray> table = [] {
        QHash<char16_t, QByteArray> built;
        const QString &basic = basicTable();
        for (int code = 0; code < basic.size(); ++code) {
            if (code != Escape)
                built.insert(basic.at(code).unicode(), QByteArray(1, char(code)));
        }
        for (const ExtensionEntry &entry : extensionTable)
            built.insert(entry.character, QByteArray(1, char(Escape)) + char(entry.code));
        return built;
    }();
    return table;
}

std::optional<QChar> extensionCharacter(quint8 code)
{
    for (const ExtensionEntry &entry : extensionTable) {
        if (entry.code == code)
            return QChar(entry.character);
    }
    return std::nullopt;
}

} // namespace

std::optional<QString> Gsm7Alphabet::decodeUnpacked(QByteArrayView septets)
{
    const QString &basic = basicTable();
    QString text;
    text.reserve(septets.size());
    for (qsizetype i = 0; i < septets.size(); ++i) {
        const quint8 code = quint8(septets[i]);
        if (code > 0x7F)
            return std::nullopt;
        if (code != Escape) {
            text.append(basic.at(code));
            continue;
        }
        if (i + 1 == septets.size() || quint8(septets[i + 1]) == Escape) {
            text.append(QLatin1Char(' '));
            continue;
        }
        const quint8 escaped = quint8(septets[++i]);
        if (escaped > 0x7F)
            return std::nullopt;
        text.append(extensionCharacter(escaped).value_or(basic.at(escaped)));
    }
    return text;
}

QByteArray Gsm7Alphabet::encodeUnpacked(const QString &text)
{
    const QHash<char16_t, QByteArray> &table = encodingTable();
    QByteArray septets;
    septets.reserve(text.size());
    for (qsizetype i = 0; i < text.size(); ++i) {
        const auto found = table.constFind(text.at(i).unicode());
        if (found != table.constEnd()) {
            septets.append(*found);
            continue;
        }
        // One '?' per character, not per UTF-16 unit: an emoji is one thing the reader lost.
        if (text.at(i).isHighSurrogate() && i + 1 < text.size() && text.at(i + 1).isLowSurrogate())
            ++i;
        septets.append('?');
    }
    return septets;
}

} // namespace ogene::smpp
