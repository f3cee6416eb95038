#pragma once

#include <QByteArray>
#include <QString>

namespace ogene {

// Random secrets (login tokens, API keys) and the SHA-256 hashes under which they are stored.
class SecretToken
{
public:
    static QByteArray randomBytes(int count);
    static QString randomBase62(int length);
    static QString sha256Hex(const QString &secret);
};

} // namespace ogene
