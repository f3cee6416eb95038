#include "auth/secrettoken.h"

#include <QCryptographicHash>

#include <openssl/rand.h>

#include <stdexcept>

namespace ogene {

QByteArray SecretToken::randomBytes(int count)
{
    QByteArray bytes(count, Qt::Uninitialized);
    if (RAND_bytes(reinterpret_cast<unsigned char *>(bytes.data()), count) != 1)
        throw std::runtime_error("the system random generator failed");
    return bytes;
}

QString SecretToken::randomBase62(int length)
{
    static const char alphabet[] = "0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz";
    QString out;
    out.reserve(length);
    while (out.size() < length) {
        for (char byte : randomBytes(length)) {
            const auto value = static_cast<unsigned char>(byte);
            if (value >= 248) // 248 = 4 × 62: dropping the rest keeps every character equally likely
                continue;
            out.append(QLatin1Char(alphabet[value % 62]));
            if (out.size() == length)
                break;
        }
    }
    return out;
}

QString SecretToken::sha256Hex(const QString &secret)
{
    return QString::fromLatin1(QCryptographicHash::hash(secret.toUtf8(), QCryptographicHash::Sha256).toHex());
}

} // namespace ogene
