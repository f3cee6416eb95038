#include "auth/passwordhasher.h"

#include "auth/secrettoken.h"

#include <QPointer>
#include <QThreadPool>

#include <openssl/crypto.h>
#include <openssl/evp.h>

namespace ogene {
namespace {

constexpr int LogN = 15;
constexpr int BlockSize = 8;
constexpr int Parallelism = 1;
constexpr int KeyBytes = 32;
constexpr quint64 MaxMemory = 64ull * 1024 * 1024;

QByteArray derive(const QString &password, const QByteArray &salt, int logN, int r, int p)
{
    const QByteArray secret = password.toUtf8();
    QByteArray key(KeyBytes, Qt::Uninitialized);
    if (EVP_PBE_scrypt(secret.constData(), size_t(secret.size()), reinterpret_cast<const unsigned char *>(salt.constData()),
                       size_t(salt.size()), quint64(1) << logN, quint64(r), quint64(p), MaxMemory,
                       reinterpret_cast<unsigned char *>(key.data()), size_t(key.size()))
        != 1)
        return {};
    return key;
}

QThreadPool &kdfPool()
{
    static QThreadPool *pool = [] {
        auto *created = new QThreadPool;
        created->setMaxThreadCount(2);
        return created;
    }();
    return *pool;
}

} // namespace

QString PasswordHasher::hash(const QString &password)
{
    const QByteArray salt = SecretToken::randomBytes(16);
    const QByteArray key = derive(password, salt, LogN, BlockSize, Parallelism);
    return QStringLiteral("$scrypt$ln=%1,r=%2,p=%3$%4$%5")
        .arg(LogN)
        .arg(BlockSize)
        .arg(Parallelism)
        .arg(QString::fromLatin1(salt.toBase64()), QString::fromLatin1(key.toBase64()));
}

bool PasswordHasher::verify(const QString &password, const QString &stored)
{
    const QStringList parts = stored.split(QLatin1Char('$'));
    // "", "scrypt", "ln=15,r=8,p=1", salt, key
    if (parts.size() != 5 || parts[1] != QLatin1String("scrypt"))
        return false;
    int logN = 0, r = 0, p = 0;
    for (const QString &setting : parts[2].split(QLatin1Char(','))) {
        const int value = setting.section(QLatin1Char('='), 1).toInt();
        if (setting.startsWith(QLatin1String("ln=")))
            logN = value;
        else if (setting.startsWith(QLatin1String("r=")))
            r = value;
        else if (setting.startsWith(QLatin1String("p=")))
            p = value;
    }
    if (logN < 10 || logN > 20 || r < 1 || r > 32 || p < 1 || p > 16)
        return false;
    const QByteArray expected = QByteArray::fromBase64(parts[4].toLatin1());
    const QByteArray actual = derive(password, QByteArray::fromBase64(parts[3].toLatin1()), logN, r, p);
    return !actual.isEmpty() && actual.size() == expected.size()
           && CRYPTO_memcmp(actual.constData(), expected.constData(), size_t(actual.size())) == 0;
}

void PasswordHasher::hashAsync(QObject *context, const QString &password, std::function<void(QString)> done)
{
    QPointer<QObject> receiver(context);
    kdfPool().start([receiver, password, done = std::move(done)] {
        const QString hashed = hash(password);
        if (receiver)
            QMetaObject::invokeMethod(receiver.data(), [done, hashed] { done(hashed); }, Qt::QueuedConnection);
    });
}

void PasswordHasher::verifyAsync(QObject *context, const QString &password, const QString &stored,
                                 std::function<void(bool)> done)
{
    QPointer<QObject> receiver(context);
    kdfPool().start([receiver, password, stored, done = std::move(done)] {
        // With no stored hash (unknown email) the work is still done, so timing tells nothing.
        static const QString decoy = hash(QStringLiteral("decoy password"));
        const bool matches = verify(password, stored.isEmpty() ? decoy : stored) && !stored.isEmpty();
        if (receiver)
            QMetaObject::invokeMethod(receiver.data(), [done, matches] { done(matches); }, Qt::QueuedConnection);
    });
}

} // namespace ogene
