// Secrets: scrypt password hashes, random base62 tokens and their SHA-256 storage form.
#include "auth/passwordhasher.h"
#include "auth/secrettoken.h"

#include <QCryptographicHash>
#include <QRegularExpression>
#include <QSet>
#include <QTest>

using namespace ogene;

class CryptoTest : public QObject
{
    Q_OBJECT

private Q_SLOTS:
    void hashVerifiesOnlyTheRightPassword();
    void sameHashTwiceDiffersBySalt();
    void malformedOrWeakHashesNeverVerify();
    void tokensAreBase62AndDistinct();
    void storageHashIsSha256Hex();
};

void CryptoTest::hashVerifiesOnlyTheRightPassword()
{
    const QString stored = PasswordHasher::hash(QStringLiteral("correct horse"));
    QVERIFY(stored.startsWith(QLatin1String("$scrypt$ln=15,r=8,p=1$")));
    QVERIFY(PasswordHasher::verify(QStringLiteral("correct horse"), stored));
    QVERIFY(!PasswordHasher::verify(QStringLiteral("correct horsE"), stored));
    QVERIFY(!PasswordHasher::verify(QString(), stored));
}

void CryptoTest::sameHashTwiceDiffersBySalt()
{
    QVERIFY(PasswordHasher::hash(QStringLiteral("pw123456")) != PasswordHasher::hash(QStringLiteral("pw123456")));
}

void CryptoTest::malformedOrWeakHashesNeverVerify()
{
    QVERIFY(!PasswordHasher::verify(QStringLiteral("x"), QString()));
    QVERIFY(!PasswordHasher::verify(QStringLiteral("x"), QStringLiteral("plain")));
    QVERIFY(!PasswordHasher::verify(QStringLiteral("x"), QStringLiteral("$scrypt$ln=4,r=1,p=1$AAAA$AAAA")));
}

void CryptoTest::tokensAreBase62AndDistinct()
{
    static const QRegularExpression base62(QStringLiteral("^[0-9A-Za-z]{40}$"));
    QSet<QString> seen;
    for (int i = 0; i < 1000; ++i) {
        const QString token = SecretToken::randomBase62(40);
        QVERIFY(base62.match(token).hasMatch());
        seen.insert(token);
    }
    QCOMPARE(seen.size(), 1000);
}

void CryptoTest::storageHashIsSha256Hex()
{
    QCOMPARE(SecretToken::sha256Hex(QStringLiteral("abc")),
             QStringLiteral("ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad"));
}

QTEST_GUILESS_MAIN(CryptoTest)
#include "tst_crypto.moc"
