#include "smppclient.h"

#include <ogene/money.h>

SmppClient SmppClient::create(ApiClient &api, const QString &adminToken, const Options &options)
{
    SmppClient client;
    client.account = api.readyClient(adminToken, options.amount, options.sender);
    if (client.account.token.isEmpty()) {
        client.error = QStringLiteral("the client account could not be created");
        return client;
    }
    QJsonObject access{{QStringLiteral("approved"), true}};
    if (options.submitPerSecond > 0)
        access.insert(QStringLiteral("submit_per_second"), options.submitPerSecond);
    const ApiReply approved =
        api.post(QStringLiteral("/api/admin/users/%1/smpp-access").arg(client.account.id), access, adminToken);
    if (approved.status != 200) {
        client.error = QStringLiteral("smpp-access: ") + approved.describe();
        return client;
    }
    const ApiReply generated = api.post(QStringLiteral("/api/client/credentials/smpp/generate"), {}, client.account.token);
    if (generated.status != 201) {
        client.error = QStringLiteral("generate: ") + generated.describe();
        return client;
    }
    const QJsonObject credential = generated.data();
    client.credentialId = credential.value(QStringLiteral("id")).toInteger();
    client.systemId = credential.value(QStringLiteral("smpp_username")).toString();
    client.password = credential.value(QStringLiteral("smpp_password")).toString();
    client.connectionInfo = credential.value(QStringLiteral("connection_info")).toObject();
    if (client.systemId.isEmpty() || client.password.isEmpty())
        client.error = QStringLiteral("generate answered no username or password: ") + generated.describe();
    return client;
}

qint64 SmppClient::balance(ApiClient &api) const
{
    const QJsonValue balance = api.get(QStringLiteral("/api/client/balance"), account.token).json.value(QStringLiteral("balance"));
    return ogene::Money::fromJson(balance).value_or(-1);
}
