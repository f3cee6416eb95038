#include "testcertificates.h"

#include <QFile>
#include <QProcess>

TestCertificates::TestCertificates()
{
    // The CA needs the CA extensions, the server certificate its names: 127.0.0.1 is what the
    // clients connect to, and they check it against the subjectAltName.
    const bool made
        = writeFile(QStringLiteral("ca.cnf"), "[req]\ndistinguished_name = dn\n[dn]\n[v3_ca]\n"
                                             "basicConstraints = critical,CA:TRUE\nkeyUsage = critical,keyCertSign,cRLSign\n"
                                             "subjectKeyIdentifier = hash\n")
          && writeFile(QStringLiteral("server.ext"), "subjectAltName = IP:127.0.0.1,DNS:localhost\nbasicConstraints = CA:FALSE\n"
                                                     "keyUsage = digitalSignature,keyEncipherment\nextendedKeyUsage = serverAuth\n")
          && openssl({QStringLiteral("req"), QStringLiteral("-x509"), QStringLiteral("-new"), QStringLiteral("-newkey"),
                      QStringLiteral("rsa:2048"), QStringLiteral("-nodes"), QStringLiteral("-days"), QStringLiteral("2"),
                      QStringLiteral("-subj"), QStringLiteral("/CN=Ogene Test CA"), QStringLiteral("-config"), path(QStringLiteral("ca.cnf")),
                      QStringLiteral("-extensions"), QStringLiteral("v3_ca"), QStringLiteral("-keyout"), path(QStringLiteral("ca.key")),
                      QStringLiteral("-out"), caPath()})
          && openssl({QStringLiteral("req"), QStringLiteral("-new"), QStringLiteral("-newkey"), QStringLiteral("rsa:2048"),
                      QStringLiteral("-nodes"), QStringLiteral("-subj"), QStringLiteral("/CN=127.0.0.1"), QStringLiteral("-config"),
                      path(QStringLiteral("ca.cnf")), QStringLiteral("-keyout"), keyPath(), QStringLiteral("-out"),
                      path(QStringLiteral("server.csr"))})
          && openssl({QStringLiteral("x509"), QStringLiteral("-req"), QStringLiteral("-in"), path(QStringLiteral("server.csr")),
                      QStringLiteral("-CA"), caPath(), QStringLiteral("-CAkey"), path(QStringLiteral("ca.key")),
                      QStringLiteral("-CAcreateserial"), QStringLiteral("-days"), QStringLiteral("2"), QStringLiteral("-extfile"),
                      path(QStringLiteral("server.ext")), QStringLiteral("-out"), certificatePath()})
          && openssl({QStringLiteral("genpkey"), QStringLiteral("-algorithm"), QStringLiteral("EC"), QStringLiteral("-pkeyopt"),
                      QStringLiteral("ec_paramgen_curve:prime256v1"), QStringLiteral("-out"), otherKeyPath()});
    if (!made && m_error.isEmpty())
        m_error = QStringLiteral("the certificates could not be made");
}

bool TestCertificates::openssl(const QStringList &arguments)
{
    QProcess process;
    process.start(QStringLiteral("openssl"), arguments);
    if (!process.waitForFinished(60000) || process.exitStatus() != QProcess::NormalExit || process.exitCode() != 0) {
        m_error = QStringLiteral("openssl %1: %2").arg(arguments.first(), QString::fromUtf8(process.readAllStandardError()));
        return false;
    }
    return true;
}

bool TestCertificates::writeFile(const QString &name, const QByteArray &text)
{
    QFile file(path(name));
    if (!file.open(QIODevice::WriteOnly) || file.write(text) != text.size()) {
        m_error = QStringLiteral("cannot write %1").arg(file.fileName());
        return false;
    }
    return true;
}
