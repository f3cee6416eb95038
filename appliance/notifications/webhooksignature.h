#pragma once

#include <QByteArray>
#include <QString>

namespace ogene {

// The X-Ogene-Signature header of a client notification: t=<unix seconds>,v1=<hex HMAC-SHA256 of
// "<t>.<body>" keyed with the account's signing secret>. The time inside the signed text lets a
// client refuse old posts replayed at it.
class WebhookSignature
{
public:
    static QByteArray header(const QString &secret, qint64 unixSeconds, const QByteArray &body);
};

} // namespace ogene
