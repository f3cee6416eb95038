#pragma once

#include <QList>
#include <QSslCertificate>
#include <QString>
#include <QTemporaryDir>

// A certificate authority of the test's own and a server certificate it signed for 127.0.0.1 and
// localhost, made with the openssl command as an operator would, plus a key that belongs to no
// certificate (for the mismatch case). Files live as long as this object.
class TestCertificates
{
public:
    TestCertificates();

    bool isValid() const { return m_error.isEmpty(); }
    QString error() const { return m_error; }

    QString caPath() const { return m_dir.filePath(QStringLiteral("ca.pem")); }
    QString certificatePath() const { return m_dir.filePath(QStringLiteral("server.pem")); }
    QString keyPath() const { return m_dir.filePath(QStringLiteral("server.key")); }
    QString otherKeyPath() const { return m_dir.filePath(QStringLiteral("other.key")); }
    QString path(const QString &name) const { return m_dir.filePath(name); }
    QList<QSslCertificate> ca() const { return QSslCertificate::fromPath(caPath()); }

private:
    bool openssl(const QStringList &arguments);
    bool writeFile(const QString &name, const QByteArray &text);

    QTemporaryDir m_dir;
    QString m_error;
};
