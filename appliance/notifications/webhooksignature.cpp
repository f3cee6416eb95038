#include "notifications/webhooksignature.h"

#include <QMessageAuthenticationCode>

namespace ogene {

QByteArray WebhookSignature::header(const QString &secret, qint64 unixSeconds, const QByteArray &body)
{
    const QByteArray t = QByteArray::number(unixSeconds);
    const QByteArray mac = QMessageAuthenticationCode::hash(t + '.' + body, secret.toUtf8(), QCryptographicHash::Sha256);
    return "t=" + t + ",v1=" + mac.toHex();
}

} // namespace ogene
