#include "audit/audittrail.h"

#include "audit/auditlog.h"

#include <QJsonArray>
#include <QJsonDocument>

namespace ogene {
namespace {

bool isSecretName(const QString &name)
{
    static const QStringList secretWords = {QStringLiteral("password"), QStringLiteral("token"), QStringLiteral("secret"),
                                            QStringLiteral("key")};
    for (const QString &word : secretWords) {
        if (name.contains(word, Qt::CaseInsensitive))
            return true;
    }
    return false;
}

QJsonValue redacted(const QJsonValue &value);

QJsonObject redactedObject(const QJsonObject &object)
{
    QJsonObject clean;
    for (auto it = object.begin(); it != object.end(); ++it)
        clean.insert(it.key(), isSecretName(it.key()) ? QJsonValue(QStringLiteral("[redacted]")) : redacted(it.value()));
    return clean;
}

QJsonValue redacted(const QJsonValue &value)
{
    if (value.isObject())
        return redactedObject(value.toObject());
    if (value.isArray()) {
        QJsonArray clean;
        for (const QJsonValue &item : value.toArray())
            clean.append(redacted(item));
        return clean;
    }
    return value;
}

// The id of the record a creating route answers ({"data": {"id": …}}).
std::optional<qint64> answeredId(const HttpResponse &response)
{
    const QJsonValue id = QJsonDocument::fromJson(response.body).object().value(QStringLiteral("data")).toObject().value(QStringLiteral("id"));
    if (!id.isDouble())
        return std::nullopt;
    return id.toInteger();
}

} // namespace

void AuditTrail::record(SqlSession &session, const AuditAction &action, qint64 actorUserId, const HttpRequest &request,
                        const QHash<QString, QString> &params, const HttpResponse *response)
{
    AuditEntry entry;
    entry.actorUserId = actorUserId;
    entry.action = action.name;
    entry.targetType = action.targetType;
    if (!action.targetParameter.isEmpty())
        entry.targetId = params.value(action.targetParameter).toLongLong();
    else if (response)
        entry.targetId = answeredId(*response);
    entry.details = detailsOf(request.body);
    entry.clientAddress = addressOf(request.peer);
    AuditLog(session).record(entry);
}

void AuditTrail::recordSignIn(SqlSession &session, qint64 adminUserId, const QHostAddress &peer)
{
    AuditEntry entry;
    entry.actorUserId = adminUserId;
    entry.action = QStringLiteral("auth.sign_in");
    entry.targetType = QStringLiteral("user");
    entry.targetId = adminUserId;
    entry.clientAddress = addressOf(peer);
    AuditLog(session).record(entry);
}

QJsonObject AuditTrail::detailsOf(const QByteArray &body)
{
    const QJsonObject object = QJsonDocument::fromJson(body).object();
    const QJsonObject clean = redactedObject(object);
    if (QJsonDocument(clean).toJson(QJsonDocument::Compact).size() <= MaxDetailsBytes)
        return clean;
    QJsonArray fields;
    for (const QString &key : clean.keys()) {
        if (fields.size() >= 50)
            break;
        fields.append(key.left(64));
    }
    return QJsonObject{{QStringLiteral("truncated"), true}, {QStringLiteral("fields"), fields}};
}

QString AuditTrail::addressOf(const QHostAddress &peer)
{
    bool mapped = false;
    const QHostAddress v4(peer.toIPv4Address(&mapped));
    return mapped ? v4.toString() : peer.toString();
}

} // namespace ogene
