#include "apiclient.h"

#include "applianceprocess.h"

#include <QAtomicInt>
#include <QEventLoop>
#include <QJsonDocument>
#include <QNetworkReply>
#include <QSslConfiguration>
#include <QTimer>

bool ApiReply::isErrorEnvelope() const
{
    return json.value(QStringLiteral("success")) == QJsonValue(false) && json.value(QStringLiteral("message")).isString()
           && !json.value(QStringLiteral("message")).toString().isEmpty() && json.value(QStringLiteral("errors")).isObject();
}

ApiClient::ApiClient(const QString &baseUrl)
    : m_baseUrl(baseUrl)
{
}

ApiReply ApiClient::send(const QByteArray &method, const QString &path, const QByteArray &body, const QString &token,
                         const QList<QPair<QByteArray, QByteArray>> &headers)
{
    QNetworkRequest request(QUrl(m_baseUrl + path));
    request.setHeader(QNetworkRequest::ContentTypeHeader, QByteArray("application/json"));
    request.setRawHeader("Accept", "application/json");
    if (!token.isEmpty())
        request.setRawHeader("Authorization", "Bearer " + token.toUtf8());
    for (const auto &[name, value] : headers)
        request.setRawHeader(name, value);
    request.setTransferTimeout(30000);
    if (!m_authorities.isEmpty()) {
        QSslConfiguration tls = request.sslConfiguration();
        tls.setCaCertificates(m_authorities);
        request.setSslConfiguration(tls);
    }

    QNetworkReply *reply = m_network.sendCustomRequest(request, method, body);
    QEventLoop loop;
    QObject::connect(reply, &QNetworkReply::finished, &loop, &QEventLoop::quit);
    loop.exec();

    ApiReply answer;
    answer.status = reply->attribute(QNetworkRequest::HttpStatusCodeAttribute).toInt();
    answer.networkError = reply->error();
    answer.body = reply->readAll();
    for (const auto &[name, value] : reply->rawHeaderPairs())
        answer.headers.insert(name.toLower(), value);
    answer.json = QJsonDocument::fromJson(answer.body).object();
    reply->deleteLater();
    return answer;
}

ApiReply ApiClient::get(const QString &path, const QString &token)
{
    return send("GET", path, {}, token);
}

ApiReply ApiClient::post(const QString &path, const QJsonObject &body, const QString &token)
{
    return send("POST", path, QJsonDocument(body).toJson(QJsonDocument::Compact), token);
}

ApiReply ApiClient::put(const QString &path, const QJsonObject &body, const QString &token)
{
    return send("PUT", path, QJsonDocument(body).toJson(QJsonDocument::Compact), token);
}

ApiReply ApiClient::del(const QString &path, const QString &token)
{
    return send("DELETE", path, {}, token);
}

QString ApiClient::login(const QString &email, const QString &password)
{
    const ApiReply reply = post(QStringLiteral("/api/auth/login"),
                                {{QStringLiteral("email"), email}, {QStringLiteral("password"), password}});
    return reply.data().value(QStringLiteral("token")).toString();
}

QString ApiClient::adminToken()
{
    return login(QLatin1String(ApplianceProcess::AdminEmail), QLatin1String(ApplianceProcess::AdminPassword));
}

int ApiClient::credit(const QString &adminToken, qint64 userId, const QString &amount)
{
    return post(QStringLiteral("/api/admin/users/%1/wallet/credit").arg(userId), {{QStringLiteral("amount"), amount}}, adminToken)
        .status;
}

qint64 ApiClient::approvedSender(const QString &adminToken, const Account &client, const QString &name)
{
    const qint64 id = post(QStringLiteral("/api/client/sender-id/request"), {{QStringLiteral("sender_name"), name}}, client.token)
                          .data()
                          .value(QStringLiteral("id"))
                          .toInteger();
    if (id == 0)
        return 0;
    return post(QStringLiteral("/api/admin/sender-ids/%1/approve").arg(id), {}, adminToken).status == 200 ? id : 0;
}

ApiClient::Account ApiClient::readyClient(const QString &adminToken, const QString &amount, const QString &sender,
                                          const QString &currency)
{
    Account account = createClient(adminToken, currency);
    if (amount != QLatin1String("0"))
        credit(adminToken, account.id, amount);
    approvedSender(adminToken, account, sender);
    return account;
}

QString ApiClient::createApiKey(const QString &token, bool sandbox)
{
    return post(QStringLiteral("/api/client/credentials/http/create"),
                {{QStringLiteral("name"), sandbox ? QStringLiteral("sandbox key") : QStringLiteral("live key")},
                 {QStringLiteral("sandbox"), sandbox}},
                token)
        .data()
        .value(QStringLiteral("api_key"))
        .toString();
}

ApiClient::Account ApiClient::createClient(const QString &adminToken, const QString &currency)
{
    static QAtomicInt counter;
    Account account;
    const int number = counter.fetchAndAddRelaxed(1);
    account.email = QStringLiteral("client%1-%2@example.test").arg(number).arg(QDateTime::currentMSecsSinceEpoch());
    account.password = QStringLiteral("Client-pass-%1").arg(number);
    const ApiReply created = post(QStringLiteral("/api/admin/users"),
                                  {{QStringLiteral("name"), QStringLiteral("Client %1").arg(number)},
                                   {QStringLiteral("email"), account.email},
                                   {QStringLiteral("password"), account.password},
                                   {QStringLiteral("currency"), currency}},
                                  adminToken);
    account.id = created.data().value(QStringLiteral("id")).toInteger();
    account.token = login(account.email, account.password);
    return account;
}

qint64 ApiClient::balance(const QString &token)
{
    const ApiReply reply = get(QStringLiteral("/api/client/balance"), token);
    return reply.status == 200 ? qRound64(reply.json.value(QStringLiteral("balance")).toDouble() * 100) : -1;
}

QJsonObject ApiClient::message(const QString &token, qint64 id)
{
    return get(QStringLiteral("/api/client/sms/status/%1").arg(id), token).data();
}

qint64 ApiClient::sendSms(const QString &token, const QString &recipient, const QString &sender, const QString &text)
{
    const ApiReply reply = post(QStringLiteral("/api/client/sms/send"),
                                {{QStringLiteral("recipient"), recipient}, {QStringLiteral("sender_id"), sender},
                                 {QStringLiteral("message"), text}},
                                token);
    if (reply.status != 201)
        qWarning() << reply.describe();
    return qint64(reply.data().value(QStringLiteral("message_id")).toDouble());
}

QString ApiClient::phone(int n)
{
    return QStringLiteral("+234803%1").arg(n, 7, 10, QLatin1Char('0'));
}

QJsonArray ApiClient::phones(int from, int count)
{
    QJsonArray list;
    for (int i = 0; i < count; ++i)
        list.append(phone(from + i));
    return list;
}

QJsonObject ApiClient::manualCampaign(const QJsonArray &numbers, const QString &name)
{
    return {{QStringLiteral("name"), name},
            {QStringLiteral("sender_id"), QStringLiteral("Ogene")},
            {QStringLiteral("message_text"), QStringLiteral("Half price today only")},
            {QStringLiteral("recipient_type"), QStringLiteral("manual")},
            {QStringLiteral("phone_numbers"), numbers}};
}
