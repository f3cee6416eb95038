#include "ogene/money.h"

#include <QRegularExpression>

#include <cmath>

namespace ogene::Money {

QString format(qint64 minor)
{
    const bool negative = minor < 0;
    const quint64 magnitude = negative ? quint64(-(minor + 1)) + 1 : quint64(minor);
    return QStringLiteral("%1%2.%3")
        .arg(negative ? QStringLiteral("-") : QString())
        .arg(magnitude / MinorPerMajor)
        .arg(magnitude % MinorPerMajor, Decimals, 10, QLatin1Char('0'));
}

std::optional<qint64> parse(const QString &text)
{
    static const QRegularExpression shape(QStringLiteral("^(\\d{1,13})(?:\\.(\\d{1,2}))?$"));
    const QRegularExpressionMatch match = shape.match(text);
    if (!match.hasMatch())
        return std::nullopt;
    const qint64 whole = match.captured(1).toLongLong();
    const QString fraction = match.captured(2).leftJustified(Decimals, QLatin1Char('0'));
    return whole * MinorPerMajor + fraction.toLongLong();
}

QJsonValue toJsonNumber(qint64 minor)
{
    // Exact for every amount below 2^53 minor units; JSON has no other number type.
    return QJsonValue(static_cast<qreal>(minor) / MinorPerMajor);
}

std::optional<qint64> fromJson(const QJsonValue &value)
{
    if (value.isString())
        return parse(value.toString().trimmed());
    if (!value.isDouble())
        return std::nullopt;
    const qreal number = value.toDouble();
    if (!std::isfinite(number) || number < 0 || number > 1e13)
        return std::nullopt;
    const qreal scaled = number * MinorPerMajor;
    const qreal rounded = std::round(scaled);
    if (std::abs(scaled - rounded) > 1e-6)
        return std::nullopt; // more than two decimals
    return qint64(rounded);
}

} // namespace ogene::Money
