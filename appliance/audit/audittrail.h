#pragma once

#include "audit/auditaction.h"
#include "http/httprequest.h"
#include "http/httpresponse.h"

#include <QHash>
#include <QJsonObject>

#include <optional>

namespace ogene {

class SqlSession;

// Writes the audit entry of an admin call from inside the call's own store work, so the change and
// its entry commit or roll back together. ApiCall calls it for every route that has an AuditAction.
class AuditTrail
{
public:
    // The entry of a call whose work succeeded. response is null for work that answers a value
    // rather than a response (the handler then answers success itself).
    static void record(SqlSession &session, const AuditAction &action, qint64 actorUserId, const HttpRequest &request,
                       const QHash<QString, QString> &params, const HttpResponse *response);
    // An admin's sign-in, written in the transaction that stores the new token.
    static void recordSignIn(SqlSession &session, qint64 adminUserId, const QHostAddress &peer);

    // The request body as details: a JSON object with every password, token, secret and key
    // replaced by "[redacted]", or only its field names when it is larger than MaxDetailsBytes.
    static QJsonObject detailsOf(const QByteArray &body);
    static QString addressOf(const QHostAddress &peer);

    static constexpr qsizetype MaxDetailsBytes = 2048;
};

} // namespace ogene
