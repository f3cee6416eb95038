#include "payments/paystacksignature.h"

#include <QMessageAuthenticationCode>

#include <openssl/crypto.h>

namespace ogene {

QByteArray PaystackSignature::sign(const QByteArray &body, const QString &secretKey)
{
    return QMessageAuthenticationCode::hash(body, secretKey.toUtf8(), QCryptographicHash::Sha512).toHex();
}

bool PaystackSignature::matches(const QByteArray &body, const QByteArray &signature, const QString &secretKey)
{
    if (secretKey.isEmpty() || signature.isEmpty())
        return false;
    const QByteArray expected = sign(body, secretKey);
    const QByteArray given = signature.trimmed().toLower();
    // The length of a valid signature is public (128); only the content is compared in constant time.
    if (given.size() != expected.size())
        return false;
    return CRYPTO_memcmp(given.constData(), expected.constData(), size_t(expected.size())) == 0;
}

} // namespace ogene
