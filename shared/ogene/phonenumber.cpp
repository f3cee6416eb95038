#include "ogene/phonenumber.h"

namespace ogene::PhoneNumber {
namespace {

constexpr int MinDigits = 8;  // shortest national numbers with their country code
constexpr int MaxDigits = 15; // E.164's limit
const QLatin1String Nigeria("234");

bool allDigits(const QString &text)
{
    for (QChar c : text) {
        if (c < QLatin1Char('0') || c > QLatin1Char('9'))
            return false;
    }
    return !text.isEmpty();
}

} // namespace

std::optional<QString> normalize(const QString &input)
{
    if (input.size() > 32)
        return std::nullopt;
    QString text;
    for (QChar c : input.trimmed()) {
        if (c == QLatin1Char(' ') || c == QLatin1Char('-') || c == QLatin1Char('.') || c == QLatin1Char('(')
            || c == QLatin1Char(')'))
            continue;
        text.append(c);
    }

    QString digits;
    if (text.startsWith(QLatin1Char('+')))
        digits = text.mid(1);
    else if (text.startsWith(QLatin1String("00")))
        digits = text.mid(2);
    else if (text.size() == 11 && text.startsWith(QLatin1Char('0')))
        digits = Nigeria + text.mid(1); // Nigerian local form: 0 and ten digits
    else
        digits = text;

    if (!allDigits(digits) || digits.startsWith(QLatin1Char('0')) || digits.size() < MinDigits || digits.size() > MaxDigits)
        return std::nullopt;
    // Nigerian numbers are +234 and exactly ten digits, the first of which is not 0.
    if (digits.startsWith(Nigeria) && (digits.size() != 13 || digits.at(3) == QLatin1Char('0')))
        return std::nullopt;
    return QLatin1Char('+') + digits;
}

} // namespace ogene::PhoneNumber
