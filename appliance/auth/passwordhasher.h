#pragma once

#include <QObject>
#include <QString>

#include <functional>

namespace ogene {

// Passwords at rest: scrypt from OpenSSL (N = 2^15, r = 8, p = 1, 16-byte salt, 32-byte key),
// stored as "$scrypt$ln=15,r=8,p=1$<salt>$<key>" in base64. Hashing takes tens of milliseconds and
// 32 MiB on purpose, so the asynchronous calls run on a small pool of their own, never on the
// socket thread and never on a store thread.
class PasswordHasher
{
public:
    static QString hash(const QString &password);
    static bool verify(const QString &password, const QString &stored);

    static void hashAsync(QObject *context, const QString &password, std::function<void(QString)> done);
    static void verifyAsync(QObject *context, const QString &password, const QString &stored,
                            std::function<void(bool)> done);
};

} // namespace ogene
