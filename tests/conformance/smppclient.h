#pragma once

#include "apiclient.h"

#include <QJsonObject>
#include <QString>

// A client account set up over REST the way an operator would for an SMPP customer: a wallet, an
// approved sender ID, SMPP access approved by the admin, and one generated SMPP credential.
struct SmppClient
{
    ApiClient::Account account;
    qint64 credentialId = 0;
    QString systemId;
    QString password;
    QJsonObject connectionInfo;
    QString error; // empty when every step succeeded

    struct Options
    {
        QString amount = QStringLiteral("100.00");
        QString sender = QStringLiteral("Acme");
        int submitPerSecond = 0; // 0: the appliance's default
    };

    static SmppClient create(ApiClient &api, const QString &adminToken, const Options &options);
    static SmppClient create(ApiClient &api, const QString &adminToken) { return create(api, adminToken, Options()); }

    // The wallet balance as the client sees it (GET /api/client/balance).
    // The wallet balance in minor units (kobo), -1 when the answer has none.
    qint64 balance(ApiClient &api) const;
};
