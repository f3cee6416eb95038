#include "carriers/sourceaddress.h"

namespace ogene {

smpp::SmeAddress SourceAddress::of(const QString &sender, const SmppGatewaySettings &settings)
{
    QString digits = sender;
    if (digits.startsWith(QLatin1Char('+')))
        digits.remove(0, 1);
    bool numeric = !digits.isEmpty();
    for (QChar c : digits)
        numeric = numeric && c.isDigit() && c.unicode() < 0x80;
    if (!numeric)
        return {settings.alphanumericTon, settings.alphanumericNpi, sender.toLatin1()};
    if (digits.size() <= 8 && !sender.startsWith(QLatin1Char('+')))
        return {settings.shortCodeTon, settings.shortCodeNpi, digits.toLatin1()};
    return {settings.internationalTon, settings.internationalNpi, digits.toLatin1()};
}

} // namespace ogene
