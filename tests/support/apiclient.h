#pragma once

#include <QByteArray>
#include <QHash>
#include <QJsonArray>
#include <QJsonObject>
#include <QList>
#include <QNetworkAccessManager>
#include <QPair>
#include <QSslCertificate>
#include <QString>

// One answer from the appliance, as a client sees it.
struct ApiReply
{
    int status = 0;
    QByteArray body;
    QJsonObject json;
    QHash<QByteArray, QByteArray> headers; // names in lower case
    int networkError = 0; // QNetworkReply::NetworkError: a refused TLS certificate shows here, with status 0

    QByteArray header(const QByteArray &lowerCaseName) const { return headers.value(lowerCaseName); }
    QJsonObject data() const { return json.value(QStringLiteral("data")).toObject(); }
    QJsonArray list() const { return json.value(QStringLiteral("data")).toArray(); }
    QJsonObject errors() const { return json.value(QStringLiteral("errors")).toObject(); }
    QString message() const { return json.value(QStringLiteral("message")).toString(); }
    // True when the body is the error envelope {success:false, message, errors}.
    bool isErrorEnvelope() const;
    QString describe() const { return QStringLiteral("HTTP %1: %2").arg(status).arg(QString::fromUtf8(body.left(500))); }
};

// A blocking REST client for tests: each call waits for its answer.
class ApiClient
{
public:
    struct Account
    {
        qint64 id = 0;
        QString email;
        QString password;
        QString token;
    };

    explicit ApiClient(const QString &baseUrl);

    // Over https://, trust these authorities only (the system's are not asked).
    void trust(const QList<QSslCertificate> &authorities) { m_authorities = authorities; }

    ApiReply send(const QByteArray &method, const QString &path, const QByteArray &body = {},
                  const QString &token = {}, const QList<QPair<QByteArray, QByteArray>> &headers = {});
    ApiReply get(const QString &path, const QString &token = {});
    ApiReply post(const QString &path, const QJsonObject &body, const QString &token = {});
    ApiReply put(const QString &path, const QJsonObject &body, const QString &token = {});
    ApiReply del(const QString &path, const QString &token = {});

    // Signs in and answers the token (empty when the login failed).
    QString login(const QString &email, const QString &password);
    QString adminToken();
    // Creates a client account through the admin API and signs it in.
    Account createClient(const QString &adminToken, const QString &currency = QStringLiteral("NGN"));
    // Credits a wallet through the admin API (amount as a decimal string, "100.00"); answers the status.
    int credit(const QString &adminToken, qint64 userId, const QString &amount);
    // Requests a sender ID for the client and has the admin approve it; answers its id (0 on failure).
    qint64 approvedSender(const QString &adminToken, const Account &client, const QString &name);
    // A client with a wallet of `amount` and an approved sender ID `sender`, ready to send.
    Account readyClient(const QString &adminToken, const QString &amount, const QString &sender = QStringLiteral("Ogene"),
                        const QString &currency = QStringLiteral("NGN"));
    // POST /api/client/sms/send; answers the message id, 0 (with a warning) when it was refused.
    qint64 sendSms(const QString &token, const QString &recipient, const QString &sender, const QString &text);
    // The wallet balance in minor units, read from the API's decimal number; -1 when it cannot be read.
    qint64 balance(const QString &token);
    // GET /api/client/sms/status/{id}'s data, and its status alone.
    QJsonObject message(const QString &token, qint64 id);
    QString messageStatus(const QString &token, qint64 id) { return message(token, id).value(QStringLiteral("status")).toString(); }
    // Creates an API key for the account (sandbox or not) and answers it in full.
    QString createApiKey(const QString &token, bool sandbox = false);

    // Test recipients: the n-th Nigerian mobile number (+234803…), and count of them from the n-th.
    static QString phone(int n);
    static QJsonArray phones(int from, int count);
    // The body of POST /api/client/bulk-sms for these manual recipients, from the sender "Ogene".
    static QJsonObject manualCampaign(const QJsonArray &numbers, const QString &name = QStringLiteral("Promo"));

private:
    QString m_baseUrl;
    QList<QSslCertificate> m_authorities;
    QNetworkAccessManager m_network;
};
