#include "http/fieldvalidator.h"

#include "http/apierror.h"

#include <QRegularExpression>

namespace ogene {

FieldValidator::FieldValidator(const QJsonObject &body)
    : m_body(body)
{
}

void FieldValidator::reject(const QString &field, const QString &message)
{
    if (!m_errors.contains(field))
        m_errors.insert(field, message);
}

void FieldValidator::check() const
{
    if (hasErrors())
        throw ApiError::validation(m_errors);
}

std::optional<QString> FieldValidator::text(const QString &field, int maxLength, int minLength, bool required)
{
    const QJsonValue value = m_body.value(field);
    if (value.isUndefined() || value.isNull()) {
        if (required)
            reject(field, QStringLiteral("The %1 field is required.").arg(field));
        return std::nullopt;
    }
    if (!value.isString()) {
        reject(field, QStringLiteral("The %1 field must be a string.").arg(field));
        return std::nullopt;
    }
    const QString string = value.toString().trimmed();
    if (string.isEmpty() && required) {
        reject(field, QStringLiteral("The %1 field is required.").arg(field));
        return std::nullopt;
    }
    if (string.size() < minLength) {
        reject(field, QStringLiteral("The %1 field must be at least %2 characters.").arg(field).arg(minLength));
        return std::nullopt;
    }
    if (string.size() > maxLength) {
        reject(field, QStringLiteral("The %1 field must not be greater than %2 characters.").arg(field).arg(maxLength));
        return std::nullopt;
    }
    return string;
}

QString FieldValidator::requiredText(const QString &field, int maxLength, int minLength)
{
    return text(field, maxLength, minLength, true).value_or(QString());
}

std::optional<QString> FieldValidator::optionalText(const QString &field, int maxLength, int minLength)
{
    return text(field, maxLength, minLength, false);
}

std::optional<QString> FieldValidator::optionalEmail(const QString &field)
{
    static const QRegularExpression shape(QStringLiteral("^[^@\\s]+@[^@\\s]+\\.[^@\\s]+$"));
    std::optional<QString> email = text(field, 254, 3, false);
    if (!email)
        return std::nullopt;
    if (!shape.match(*email).hasMatch()) {
        reject(field, QStringLiteral("The %1 field must be a valid email address.").arg(field));
        return std::nullopt;
    }
    return email->toLower();
}

QString FieldValidator::requiredEmail(const QString &field)
{
    if (!m_body.contains(field) || m_body.value(field).isNull()) {
        reject(field, QStringLiteral("The %1 field is required.").arg(field));
        return {};
    }
    return optionalEmail(field).value_or(QString());
}

std::optional<QString> FieldValidator::optionalChoice(const QString &field, const QStringList &choices)
{
    std::optional<QString> value = text(field, 64, 1, false);
    if (value && !choices.contains(*value)) {
        reject(field, QStringLiteral("The %1 field must be one of: %2.").arg(field, choices.join(QLatin1String(", "))));
        return std::nullopt;
    }
    return value;
}

QString FieldValidator::requiredChoice(const QString &field, const QStringList &choices)
{
    if (!m_body.contains(field) || m_body.value(field).isNull()) {
        reject(field, QStringLiteral("The %1 field is required.").arg(field));
        return {};
    }
    return optionalChoice(field, choices).value_or(QString());
}

std::optional<qint64> FieldValidator::optionalInteger(const QString &field, qint64 min, qint64 max, bool *isNull)
{
    const QJsonValue value = m_body.value(field);
    if (isNull)
        *isNull = value.isNull();
    if (value.isUndefined() || value.isNull())
        return std::nullopt;
    const double number = value.toDouble();
    // The range first: converting a double outside qint64's range is undefined.
    if (!value.isDouble() || number < double(min) || number > double(max) || number != double(qint64(number))) {
        reject(field, QStringLiteral("The %1 field must be a whole number from %2 to %3.").arg(field).arg(min).arg(max));
        return std::nullopt;
    }
    return qint64(number);
}

std::optional<bool> FieldValidator::optionalBoolean(const QString &field)
{
    const QJsonValue value = m_body.value(field);
    if (value.isUndefined() || value.isNull())
        return std::nullopt;
    if (!value.isBool()) {
        reject(field, QStringLiteral("The %1 field must be true or false.").arg(field));
        return std::nullopt;
    }
    return value.toBool();
}

std::optional<qint64> FieldValidator::requiredInteger(const QString &field, qint64 min, qint64 max)
{
    const std::optional<qint64> number = optionalInteger(field, min, max);
    if (!number && !m_errors.contains(field))
        reject(field, QStringLiteral("The %1 field is required.").arg(field));
    return number;
}

std::optional<bool> FieldValidator::requiredBoolean(const QString &field)
{
    const std::optional<bool> value = optionalBoolean(field);
    if (!value && !m_errors.contains(field))
        reject(field, QStringLiteral("The %1 field is required.").arg(field));
    return value;
}

} // namespace ogene
