#pragma once

#include <QJsonObject>
#include <QString>

#include <optional>

namespace ogene {

// Reads the fields of a JSON body, collecting one message per bad field; check() throws the 422
// envelope when any field was bad. Every text field has a length limit.
class FieldValidator
{
public:
    explicit FieldValidator(const QJsonObject &body);

    bool has(const QString &field) const { return m_body.contains(field); }
    QString requiredText(const QString &field, int maxLength, int minLength = 1);
    std::optional<QString> optionalText(const QString &field, int maxLength, int minLength = 1);
    QString requiredEmail(const QString &field);
    std::optional<QString> optionalEmail(const QString &field);
    QString requiredChoice(const QString &field, const QStringList &choices);
    std::optional<QString> optionalChoice(const QString &field, const QStringList &choices);
    // A whole number in [min, max]; JSON null gives nullopt with *isNull set.
    std::optional<qint64> optionalInteger(const QString &field, qint64 min, qint64 max, bool *isNull = nullptr);
    std::optional<bool> optionalBoolean(const QString &field);
    // As the optional forms, and missing (or null) is an error too.
    std::optional<qint64> requiredInteger(const QString &field, qint64 min, qint64 max);
    std::optional<bool> requiredBoolean(const QString &field);

    void reject(const QString &field, const QString &message);
    bool hasErrors() const { return !m_errors.isEmpty(); }
    void check() const;

private:
    std::optional<QString> text(const QString &field, int maxLength, int minLength, bool required);

    QJsonObject m_body;
    QJsonObject m_errors;
};

} // namespace ogene
