#include "ogene/adminclient.h"

#include "ogene/money.h"

namespace ogene {
namespace {

QJsonObject dataOf(const QJsonObject &answer)
{
    return answer.value(QStringLiteral("data")).toObject();
}

void addIfSet(QUrlQuery &query, const QString &name, const QString &value)
{
    if (!value.trimmed().isEmpty())
        query.addQueryItem(name, value.trimmed());
}

// The filters the admin listings share: a status and one account (0: every account).
QUrlQuery filtered(QUrlQuery query, const QString &status, qint64 userId)
{
    addIfSet(query, QStringLiteral("status"), status);
    if (userId > 0)
        query.addQueryItem(QStringLiteral("user_id"), QString::number(userId));
    return query;
}

AccountRecord accountOf(const QJsonObject &answer)
{
    return AccountRecord::fromJson(dataOf(answer));
}

SenderIdRecord senderIdOf(const QJsonObject &answer)
{
    return SenderIdRecord::fromJson(dataOf(answer));
}

AdminClient::SmppAccess smppAccessOf(const QJsonObject &answer)
{
    const QJsonObject data = dataOf(answer);
    AdminClient::SmppAccess access;
    access.approved = data.value(QStringLiteral("smpp_access")).toBool();
    if (data.value(QStringLiteral("submit_per_second")).isDouble())
        access.submitPerSecond = data.value(QStringLiteral("submit_per_second")).toInteger();
    return access;
}

} // namespace

QUrlQuery AdminClient::pageQuery(qint64 page) const
{
    QUrlQuery query;
    query.addQueryItem(QStringLiteral("page"), QString::number(page));
    query.addQueryItem(QStringLiteral("per_page"), QString::number(m_pageSize));
    return query;
}

template<typename T>
void AdminClient::call(const QByteArray &method, const QString &path, const QUrlQuery &query, const QJsonObject &body,
                       QObject *context, ApiDone<T> done, std::function<T(const QJsonObject &)> parse)
{
    m_rest->send(method, path, query, body, context, [done, parse](const RestReply &reply) {
        ApiResult<T> result;
        if (reply.ok())
            result.value = parse(reply.json);
        else
            result.failure = *reply.failure;
        done(result);
    });
}

void AdminClient::signIn(const QString &email, const QString &password, QObject *context, ApiDone<SignedIn> done)
{
    call<SignedIn>("POST", QStringLiteral("/api/auth/login"), {},
                   {{QStringLiteral("email"), email}, {QStringLiteral("password"), password}}, context, done,
                   [](const QJsonObject &answer) {
                       const QJsonObject data = dataOf(answer);
                       return SignedIn{data.value(QStringLiteral("token")).toString(),
                                       AccountRecord::fromJson(data.value(QStringLiteral("user")).toObject())};
                   });
}

void AdminClient::signOut(QObject *context, ApiDone<bool> done)
{
    call<bool>("POST", QStringLiteral("/api/auth/logout"), {}, {}, context, done, [](const QJsonObject &) { return true; });
}

void AdminClient::me(QObject *context, ApiDone<AccountRecord> done)
{
    call<AccountRecord>("GET", QStringLiteral("/api/auth/me"), {}, {}, context, done, accountOf);
}

void AdminClient::accounts(const QString &search, qint64 page, QObject *context, ApiDone<Page<AccountRecord>> done)
{
    QUrlQuery query = pageQuery(page);
    addIfSet(query, QStringLiteral("q"), search);
    call<Page<AccountRecord>>("GET", QStringLiteral("/api/admin/users"), query, {}, context, done, Page<AccountRecord>::fromJson);
}

void AdminClient::createAccount(const NewAccount &account, QObject *context, ApiDone<AccountRecord> done)
{
    call<AccountRecord>("POST", QStringLiteral("/api/admin/users"), {},
                        {{QStringLiteral("name"), account.name},
                         {QStringLiteral("email"), account.email},
                         {QStringLiteral("password"), account.password},
                         {QStringLiteral("currency"), account.currency},
                         {QStringLiteral("role"), account.role}},
                        context, done, accountOf);
}

void AdminClient::updateAccount(qint64 id, const QJsonObject &changes, QObject *context, ApiDone<AccountRecord> done)
{
    call<AccountRecord>("PUT", QStringLiteral("/api/admin/users/%1").arg(id), {}, changes, context, done, accountOf);
}

void AdminClient::setSuspended(qint64 id, bool suspended, QObject *context, ApiDone<AccountRecord> done)
{
    const QString path = QStringLiteral("/api/admin/users/%1/%2").arg(id).arg(suspended ? QStringLiteral("suspend") : QStringLiteral("reactivate"));
    call<AccountRecord>("POST", path, {}, {}, context, done, accountOf);
}

void AdminClient::creditWallet(qint64 id, const QString &amount, const QString &description, QObject *context,
                               ApiDone<WalletBalance> done)
{
    QJsonObject body{{QStringLiteral("amount"), amount.trimmed()}};
    if (!description.trimmed().isEmpty())
        body.insert(QStringLiteral("description"), description.trimmed());
    call<WalletBalance>("POST", QStringLiteral("/api/admin/users/%1/wallet/credit").arg(id), {}, body, context, done,
                        [](const QJsonObject &answer) {
                            const QJsonObject data = dataOf(answer);
                            return WalletBalance{Money::fromJson(data.value(QStringLiteral("balance"))).value_or(0),
                                                 data.value(QStringLiteral("currency")).toString()};
                        });
}

void AdminClient::setSmppAccess(qint64 id, const SmppAccess &access, QObject *context, ApiDone<SmppAccess> done)
{
    // No rate of its own is sent as null: the account goes back to the appliance's default.
    const QJsonObject body{{QStringLiteral("approved"), access.approved},
                           {QStringLiteral("submit_per_second"),
                            access.submitPerSecond ? QJsonValue(*access.submitPerSecond) : QJsonValue(QJsonValue::Null)}};
    call<SmppAccess>("POST", QStringLiteral("/api/admin/users/%1/smpp-access").arg(id), {}, body, context, done, smppAccessOf);
}

void AdminClient::senderIds(const QString &status, qint64 page, QObject *context, ApiDone<Page<SenderIdRecord>> done)
{
    QUrlQuery query = pageQuery(page);
    addIfSet(query, QStringLiteral("status"), status);
    call<Page<SenderIdRecord>>("GET", QStringLiteral("/api/admin/sender-ids"), query, {}, context, done, Page<SenderIdRecord>::fromJson);
}

void AdminClient::approveSenderId(qint64 id, QObject *context, ApiDone<SenderIdRecord> done)
{
    call<SenderIdRecord>("POST", QStringLiteral("/api/admin/sender-ids/%1/approve").arg(id), {}, {}, context, done, senderIdOf);
}

void AdminClient::rejectSenderId(qint64 id, const QString &reason, QObject *context, ApiDone<SenderIdRecord> done)
{
    call<SenderIdRecord>("POST", QStringLiteral("/api/admin/sender-ids/%1/reject").arg(id), {},
                         {{QStringLiteral("reason"), reason.trimmed()}}, context, done, senderIdOf);
}

void AdminClient::messages(const MessageFilter &filter, qint64 page, QObject *context, ApiDone<Page<MessageRecord>> done)
{
    QUrlQuery query = pageQuery(page);
    if (filter.userId > 0)
        query.addQueryItem(QStringLiteral("user_id"), QString::number(filter.userId));
    addIfSet(query, QStringLiteral("status"), filter.status);
    addIfSet(query, QStringLiteral("recipient"), filter.recipient);
    addIfSet(query, QStringLiteral("sender_id"), filter.senderId);
    addIfSet(query, QStringLiteral("date_from"), filter.dateFrom);
    addIfSet(query, QStringLiteral("date_to"), filter.dateTo);
    call<Page<MessageRecord>>("GET", QStringLiteral("/api/admin/messages"), query, {}, context, done, Page<MessageRecord>::fromJson);
}

void AdminClient::payments(const QString &status, qint64 userId, qint64 page, QObject *context, ApiDone<Page<PaymentRecord>> done)
{
    call<Page<PaymentRecord>>("GET", QStringLiteral("/api/admin/payments"), filtered(pageQuery(page), status, userId), {}, context, done,
                              Page<PaymentRecord>::fromJson);
}

void AdminClient::dashboard(QObject *context, ApiDone<DashboardSummary> done)
{
    call<DashboardSummary>("GET", QStringLiteral("/api/admin/dashboard"), {}, {}, context, done,
                           [](const QJsonObject &answer) { return DashboardSummary::fromJson(dataOf(answer)); });
}

void AdminClient::campaigns(const QString &status, qint64 userId, qint64 page, QObject *context, ApiDone<Page<CampaignRecord>> done)
{
    call<Page<CampaignRecord>>("GET", QStringLiteral("/api/admin/campaigns"), filtered(pageQuery(page), status, userId), {}, context,
                               done, Page<CampaignRecord>::fromJson);
}

void AdminClient::cancelCampaign(qint64 id, QObject *context, ApiDone<CampaignRecord> done)
{
    call<CampaignRecord>("POST", QStringLiteral("/api/admin/campaigns/%1/cancel").arg(id), {}, {}, context, done,
                         [](const QJsonObject &answer) { return CampaignRecord::fromJson(dataOf(answer)); });
}

void AdminClient::gateways(QObject *context, ApiDone<QList<GatewayRecord>> done)
{
    call<QList<GatewayRecord>>("GET", QStringLiteral("/api/admin/gateways"), {}, {}, context, done, [](const QJsonObject &answer) {
        QList<GatewayRecord> list;
        for (const QJsonValue &entry : answer.value(QStringLiteral("data")).toArray())
            list.append(GatewayRecord::fromJson(entry.toObject()));
        return list;
    });
}

void AdminClient::routes(QObject *context, ApiDone<RouteTableRecord> done)
{
    call<RouteTableRecord>("GET", QStringLiteral("/api/admin/routes"), {}, {}, context, done,
                           [](const QJsonObject &answer) { return RouteTableRecord::fromJson(dataOf(answer)); });
}

void AdminClient::replaceRoutes(const RouteTableRecord &table, QObject *context, ApiDone<RouteTableRecord> done)
{
    call<RouteTableRecord>("PUT", QStringLiteral("/api/admin/routes"), {}, table.toJson(), context, done,
                           [](const QJsonObject &answer) { return RouteTableRecord::fromJson(dataOf(answer)); });
}

void AdminClient::audit(const AuditFilter &filter, qint64 page, QObject *context, ApiDone<Page<AuditRecord>> done)
{
    QUrlQuery query = pageQuery(page);
    if (filter.actorId > 0)
        query.addQueryItem(QStringLiteral("actor_id"), QString::number(filter.actorId));
    addIfSet(query, QStringLiteral("action"), filter.action);
    addIfSet(query, QStringLiteral("target_type"), filter.targetType);
    if (filter.targetId > 0)
        query.addQueryItem(QStringLiteral("target_id"), QString::number(filter.targetId));
    addIfSet(query, QStringLiteral("date_from"), filter.dateFrom);
    addIfSet(query, QStringLiteral("date_to"), filter.dateTo);
    call<Page<AuditRecord>>("GET", QStringLiteral("/api/admin/audit"), query, {}, context, done, Page<AuditRecord>::fromJson);
}

} // namespace ogene
