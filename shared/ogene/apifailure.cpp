#include "ogene/apifailure.h"

#include <QJsonDocument>
#include <QJsonObject>

namespace ogene {

ApiFailure ApiFailure::fromEnvelope(int status, const QByteArray &body)
{
    ApiFailure failure;
    failure.status = status;
    const QJsonObject json = QJsonDocument::fromJson(body).object();
    failure.message = json.value(QStringLiteral("message")).toString();
    if (failure.message.isEmpty())
        failure.message = QStringLiteral("The appliance answered HTTP %1.").arg(status);
    const QJsonObject errors = json.value(QStringLiteral("errors")).toObject();
    for (auto it = errors.begin(); it != errors.end(); ++it) {
        // Most entries are strings; a few (required, available) are amounts.
        const QJsonValue value = it.value();
        failure.fieldErrors.insert(it.key(), value.isString() ? value.toString() : value.toVariant().toString());
    }
    return failure;
}

ApiFailure ApiFailure::network(const QString &message, bool tls)
{
    ApiFailure failure;
    failure.message = message;
    failure.tlsError = tls;
    return failure;
}

QString ApiFailure::describe() const
{
    QString text = message;
    for (auto it = fieldErrors.begin(); it != fieldErrors.end(); ++it)
        text += QStringLiteral("\n• %1: %2").arg(it.key(), it.value());
    return text;
}

} // namespace ogene
