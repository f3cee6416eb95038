#include "smppserver/smppcredentialroutes.h"

#include "app/services.h"
#include "auth/passwordhasher.h"
#include "http/apicall.h"
#include "http/fieldvalidator.h"
#include "http/router.h"
#include "smppserver/smppcredentials.h"
#include "smppserver/smppserver.h"
#include "smppserver/smppsessionregistry.h"
#include "store/sqlsession.h"

#include <ogene/timestamp.h>

#include <QJsonArray>

namespace ogene {
namespace {

QJsonObject connectionInfo(const Services &services, const ApiCall &call)
{
    QString host = services.smpp->settings.publicHost;
    if (host.isEmpty()) {
        // The host the client reached the REST API on is the one it can reach the SMPP port on.
        const QString hostHeader = QString::fromLatin1(call.request().header("host"));
        host = hostHeader.startsWith(QLatin1Char('[')) ? hostHeader.section(QLatin1Char(']'), 0, 0) + QLatin1Char(']')
                                                       : hostHeader.section(QLatin1Char(':'), 0, 0);
    }
    return {{QStringLiteral("host"), host},
            {QStringLiteral("port"), services.smppPort},
            {QStringLiteral("bind_type"), QStringLiteral("transceiver")},
            {QStringLiteral("system_type"), QString()},
            {QStringLiteral("interface_version"), QStringLiteral("3.4")}};
}

QJsonObject credentialJson(const SmppCredential &credential, const QJsonObject &connection, int liveSessions)
{
    return {{QStringLiteral("id"), credential.id},
            {QStringLiteral("smpp_username"), credential.systemId},
            {QStringLiteral("status"), credential.status},
            {QStringLiteral("connection_info"), connection},
            {QStringLiteral("live_sessions"), liveSessions},
            {QStringLiteral("created_at"), isoTimestamp(credential.createdAt)}};
}

void requireAccess(SqlSession &session, qint64 userId)
{
    if (!SmppCredentials(session).hasAccess(userId))
        throw ApiError(403, QStringLiteral("SMPP access has not been approved for this account; ask the operator."));
}

void listCredentials(Services &services, ApiCall call)
{
    const qint64 userId = call.principal().userId;
    const QJsonObject connection = connectionInfo(services, call);
    SmppSessionRegistry *registry = services.smpp->registry;
    call.thenFromStore<QList<SmppCredential>>(
        *services.store, [userId](SqlSession &session) { return SmppCredentials(session).activeOf(userId); },
        [call, connection, registry](const QList<SmppCredential> &credentials) {
            QJsonArray items;
            for (const SmppCredential &credential : credentials)
                items.append(credentialJson(credential, connection, registry->liveSessions(credential.id)));
            call.reply(HttpResponse::data(200, items));
        });
}

void generateCredential(Services &services, ApiCall call)
{
    const qint64 userId = call.principal().userId;
    const QJsonObject connection = connectionInfo(services, call);
    const QString password = SmppCredentials::newPassword();
    Store *store = services.store;
    // Access is checked before the (deliberately slow) hash, and again with the insert.
    call.thenFromStore<bool>(
        *store, [userId](SqlSession &session) {
            requireAccess(session, userId);
            return true;
        },
        [call, store, userId, connection, password](bool) {
            PasswordHasher::hashAsync(call.context(), password, [call, store, userId, connection, password](const QString &hash) {
                call.answerFromStore(*store, [userId, connection, password, hash](SqlSession &session) {
                    requireAccess(session, userId);
                    const SmppCredential credential = SmppCredentials(session).create(userId, hash);
                    QJsonObject record = credentialJson(credential, connection, 0);
                    record.insert(QStringLiteral("smpp_password"), password);
                    return HttpResponse::data(201, record,
                                              QStringLiteral("SMPP credential created. Copy the password now: it will "
                                                             "not be shown again."));
                });
            });
        });
}

void resetPassword(Services &services, ApiCall call)
{
    FieldValidator fields(call.jsonBody());
    const std::optional<qint64> credentialField =
        fields.requiredInteger(QStringLiteral("credential_id"), 1, std::numeric_limits<qint32>::max());
    fields.check();
    const qint64 credentialId = *credentialField;
    const qint64 userId = call.principal().userId;
    const QJsonObject connection = connectionInfo(services, call);
    const QString password = SmppCredentials::newPassword();
    Store *store = services.store;
    SmppSessionRegistry *registry = services.smpp->registry;
    call.thenFromStore<bool>(
        *store, [credentialId, userId](SqlSession &session) {
            if (!SmppCredentials(session).find(credentialId, userId))
                throw ApiError::notFound(QStringLiteral("SMPP credential"));
            return true;
        },
        [call, store, registry, credentialId, userId, connection, password](bool) {
            PasswordHasher::hashAsync(call.context(), password, [=](const QString &hash) {
                call.thenFromStore<SmppCredential>(
                    *store, [credentialId, userId, hash](SqlSession &session) {
                        SmppCredentials credentials(session);
                        if (!credentials.setPasswordHash(credentialId, userId, hash))
                            throw ApiError::notFound(QStringLiteral("SMPP credential"));
                        return *credentials.find(credentialId, userId);
                    },
                    [call, registry, connection, password](const SmppCredential &credential) {
                        // The old password's sessions end now: whoever held it holds nothing.
                        registry->unbindCredential(credential.id);
                        QJsonObject record = credentialJson(credential, connection, 0);
                        record.insert(QStringLiteral("smpp_password"), password);
                        call.reply(HttpResponse::data(200, record,
                                                      QStringLiteral("SMPP password reset; every session of this "
                                                                     "credential was unbound. Copy the password now: it "
                                                                     "will not be shown again.")));
                    });
            });
        });
}

void setAccess(Services &services, ApiCall call)
{
    const qint64 id = call.idParam();
    FieldValidator fields(call.jsonBody());
    const std::optional<bool> approvedField = fields.requiredBoolean(QStringLiteral("approved"));
    bool perSecondIsNull = false; // null: back to the node's SMPP_SUBMIT_PER_SECOND
    const std::optional<qint64> perSecond =
        fields.optionalInteger(QStringLiteral("submit_per_second"), 1, 1000000, &perSecondIsNull);
    fields.check();
    const bool approved = *approvedField;
    SmppSessionRegistry *registry = services.smpp->registry;
    call.thenFromStore<QJsonObject>(
        *services.store,
        [id, approved, perSecond, perSecondIsNull](SqlSession &session) {
            QString sql = QStringLiteral("UPDATE users SET smpp_access = ?, updated_at = ?");
            QVariantList values{approved ? 1 : 0, nowMs()};
            if (perSecond) {
                sql += QStringLiteral(", smpp_submit_per_second = ?");
                values.append(*perSecond);
            } else if (perSecondIsNull) {
                sql += QStringLiteral(", smpp_submit_per_second = NULL");
            }
            values.append(id);
            if (session.execute(sql + QStringLiteral(" WHERE id = ?"), values) == 0)
                throw ApiError::notFound(QStringLiteral("User"));
            const auto row = session.one(QStringLiteral("SELECT smpp_access, smpp_submit_per_second FROM users WHERE id = ?"), {id});
            return QJsonObject{{QStringLiteral("user_id"), id},
                               {QStringLiteral("smpp_access"), row->value(0).toInt() != 0},
                               {QStringLiteral("submit_per_second"),
                                row->value(1).isNull() ? QJsonValue(QJsonValue::Null) : QJsonValue(row->value(1).toLongLong())}};
        },
        [call, registry, id, approved](const QJsonObject &record) {
            if (!approved)
                registry->recheckAccount(id);
            call.reply(HttpResponse::data(200, record,
                                          approved ? QStringLiteral("SMPP access approved.") : QStringLiteral("SMPP access withdrawn.")));
        });
}

} // namespace

void installSmppCredentialRoutes(Router &router, Services &services)
{
    router.add("GET", QStringLiteral("/api/client/credentials/smpp"), Access::Authenticated,
               [&services](ApiCall call) { listCredentials(services, call); });
    router.add("POST", QStringLiteral("/api/client/credentials/smpp/generate"), Access::Authenticated,
               [&services](ApiCall call) { generateCredential(services, call); });
    router.add("POST", QStringLiteral("/api/client/credentials/smpp/reset-password"), Access::Authenticated,
               [&services](ApiCall call) { resetPassword(services, call); });
    router.add("POST", QStringLiteral("/api/admin/users/{id}/smpp-access"), Access::Admin,
               [&services](ApiCall call) { setAccess(services, call); });
}

} // namespace ogene
