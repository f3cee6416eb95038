#pragma once

#include "ogene/accountrecord.h"
#include "ogene/apiresult.h"
#include "ogene/auditrecord.h"
#include "ogene/campaignrecord.h"
#include "ogene/dashboardsummary.h"
#include "ogene/gatewayrecord.h"
#include "ogene/messagerecord.h"
#include "ogene/page.h"
#include "ogene/paymentrecord.h"
#include "ogene/restclient.h"
#include "ogene/routetablerecord.h"
#include "ogene/senderidrecord.h"

namespace ogene {

// The admin routes of the REST API as typed calls, for the operator console. Every call is
// asynchronous and answers through `done` on the caller's thread, unless `context` is gone.
class AdminClient
{
public:
    struct SignedIn
    {
        QString token;
        AccountRecord user;
    };
    struct NewAccount
    {
        QString name;
        QString email;
        QString password;
        QString currency;
        QString role = QStringLiteral("client");
    };
    struct WalletBalance
    {
        qint64 balance = 0; // minor units
        QString currency;
    };
    struct SmppAccess
    {
        bool approved = false;
        std::optional<qint64> submitPerSecond;
    };
    // The filters of GET /api/admin/messages; empty ones are left out.
    struct MessageFilter
    {
        qint64 userId = 0;
        QString status;
        QString recipient;
        QString senderId;
        QString dateFrom;
        QString dateTo;
    };

    // The filters of GET /api/admin/audit; empty ones are left out.
    struct AuditFilter
    {
        qint64 actorId = 0;
        QString action;
        QString targetType;
        qint64 targetId = 0;
        QString dateFrom;
        QString dateTo;
    };

    explicit AdminClient(RestClient *rest) : m_rest(rest) {}
    RestClient *rest() const { return m_rest; }
    // Records per page of every list (1 to 100; the API's limit).
    void setPageSize(int size) { m_pageSize = qBound(1, size, 100); }

    void signIn(const QString &email, const QString &password, QObject *context, ApiDone<SignedIn> done);
    void signOut(QObject *context, ApiDone<bool> done);
    void me(QObject *context, ApiDone<AccountRecord> done);

    void accounts(const QString &search, qint64 page, QObject *context, ApiDone<Page<AccountRecord>> done);
    void createAccount(const NewAccount &account, QObject *context, ApiDone<AccountRecord> done);
    // Changes only the fields in `changes` (name, email, password, rate_limit_per_minute).
    void updateAccount(qint64 id, const QJsonObject &changes, QObject *context, ApiDone<AccountRecord> done);
    void setSuspended(qint64 id, bool suspended, QObject *context, ApiDone<AccountRecord> done);
    // amount is the decimal the operator typed ("100.00"); the appliance parses it.
    void creditWallet(qint64 id, const QString &amount, const QString &description, QObject *context, ApiDone<WalletBalance> done);
    void setSmppAccess(qint64 id, const SmppAccess &access, QObject *context, ApiDone<SmppAccess> done);

    void senderIds(const QString &status, qint64 page, QObject *context, ApiDone<Page<SenderIdRecord>> done);
    void approveSenderId(qint64 id, QObject *context, ApiDone<SenderIdRecord> done);
    void rejectSenderId(qint64 id, const QString &reason, QObject *context, ApiDone<SenderIdRecord> done);

    void messages(const MessageFilter &filter, qint64 page, QObject *context, ApiDone<Page<MessageRecord>> done);
    void payments(const QString &status, qint64 userId, qint64 page, QObject *context, ApiDone<Page<PaymentRecord>> done);
    void dashboard(QObject *context, ApiDone<DashboardSummary> done);

    void campaigns(const QString &status, qint64 userId, qint64 page, QObject *context, ApiDone<Page<CampaignRecord>> done);
    void cancelCampaign(qint64 id, QObject *context, ApiDone<CampaignRecord> done);

    void gateways(QObject *context, ApiDone<QList<GatewayRecord>> done);
    void routes(QObject *context, ApiDone<RouteTableRecord> done);
    // Replaces the whole table; answers the table now in force.
    void replaceRoutes(const RouteTableRecord &table, QObject *context, ApiDone<RouteTableRecord> done);

    void audit(const AuditFilter &filter, qint64 page, QObject *context, ApiDone<Page<AuditRecord>> done);

private:
    template<typename T>
    void call(const QByteArray &method, const QString &path, const QUrlQuery &query, const QJsonObject &body, QObject *context,
              ApiDone<T> done, std::function<T(const QJsonObject &)> parse);

    QUrlQuery pageQuery(qint64 page) const;

    RestClient *m_rest;
    int m_pageSize = 50;
};

} // namespace ogene
