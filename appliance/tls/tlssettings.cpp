#include "tls/tlssettings.h"

#include "core/config.h"

#include <QFile>
#include <QSslCertificate>
#include <QSslKey>
#include <QSslSocket>

#include <openssl/bio.h>
#include <openssl/err.h>
#include <openssl/evp.h>
#include <openssl/pem.h>
#include <openssl/x509.h>

#include <memory>

namespace ogene {
namespace {

QString keyError(const QString &key, const QString &problem)
{
    return QStringLiteral("OGENE_%1: %2").arg(key, problem);
}

// Reads a PEM file whole; a missing or unreadable file is the operator's first mistake, named as such.
std::optional<QByteArray> readPem(const QString &key, const QString &path, QString *error)
{
    if (path.isEmpty()) {
        *error = keyError(key, QStringLiteral("needed while a TLS listener (OGENE_HTTPS_LISTEN, OGENE_SMPP_TLS_LISTEN) is on"));
        return std::nullopt;
    }
    QFile file(path);
    if (!file.open(QIODevice::ReadOnly)) {
        *error = keyError(key, QStringLiteral("cannot read '%1': %2").arg(path, file.errorString()));
        return std::nullopt;
    }
    // A certificate chain or a key is a few kilobytes; anything past 1 MiB is not one.
    const QByteArray pem = file.read(1024 * 1024 + 1);
    if (pem.size() > 1024 * 1024) {
        *error = keyError(key, QStringLiteral("'%1' is larger than 1 MiB").arg(path));
        return std::nullopt;
    }
    return pem;
}

// Qt can load a key but not say whether it belongs to a certificate; OpenSSL can. Checked here so
// that a mismatch stops start-up instead of failing every handshake later.
bool keyMatchesCertificate(const QByteArray &certificatePem, const QByteArray &keyPem)
{
    using Bio = std::unique_ptr<BIO, decltype(&BIO_free)>;
    Bio certificateBio(BIO_new_mem_buf(certificatePem.constData(), int(certificatePem.size())), &BIO_free);
    Bio keyBio(BIO_new_mem_buf(keyPem.constData(), int(keyPem.size())), &BIO_free);
    std::unique_ptr<X509, decltype(&X509_free)> certificate(PEM_read_bio_X509(certificateBio.get(), nullptr, nullptr, nullptr),
                                                            &X509_free);
    std::unique_ptr<EVP_PKEY, decltype(&EVP_PKEY_free)> key(PEM_read_bio_PrivateKey(keyBio.get(), nullptr, nullptr, nullptr),
                                                            &EVP_PKEY_free);
    const bool matches = certificate && key && X509_check_private_key(certificate.get(), key.get()) == 1;
    ERR_clear_error();
    return matches;
}

std::optional<Endpoint> listenValue(const Config &config, const QString &key, QString *error)
{
    const QString value = config.text(key);
    if (value == QLatin1String("off"))
        return std::nullopt;
    QString problem;
    const Endpoint endpoint = Endpoint::parse(value, &problem);
    if (!problem.isEmpty())
        *error = keyError(key, problem);
    return endpoint;
}

bool loadCertificate(const Config &config, TlsSettings &settings, QString *error)
{
    if (!QSslSocket::supportsSsl()) {
        *error = QStringLiteral("TLS is not available: Qt found no OpenSSL 3 library");
        return false;
    }
    const QString certificateKey = QStringLiteral("TLS_CERTIFICATE");
    const QString privateKeyKey = QStringLiteral("TLS_PRIVATE_KEY");
    const QString chainKey = QStringLiteral("TLS_CHAIN");
    const std::optional<QByteArray> certificatePem = readPem(certificateKey, config.text(certificateKey), error);
    if (!certificatePem)
        return false;
    // The file may carry the chain after the certificate (a "fullchain" file); TLS_CHAIN adds more.
    QList<QSslCertificate> chain = QSslCertificate::fromData(*certificatePem, QSsl::Pem);
    if (chain.isEmpty() || chain.first().isNull()) {
        *error = keyError(certificateKey, QStringLiteral("'%1' holds no PEM certificate").arg(config.text(certificateKey)));
        return false;
    }
    if (!config.text(chainKey).isEmpty()) {
        const std::optional<QByteArray> chainPem = readPem(chainKey, config.text(chainKey), error);
        if (!chainPem)
            return false;
        const QList<QSslCertificate> intermediates = QSslCertificate::fromData(*chainPem, QSsl::Pem);
        if (intermediates.isEmpty()) {
            *error = keyError(chainKey, QStringLiteral("'%1' holds no PEM certificate").arg(config.text(chainKey)));
            return false;
        }
        chain += intermediates;
    }
    const std::optional<QByteArray> keyPem = readPem(privateKeyKey, config.text(privateKeyKey), error);
    if (!keyPem)
        return false;
    QSslKey key(*keyPem, QSsl::Rsa, QSsl::Pem);
    if (key.isNull())
        key = QSslKey(*keyPem, QSsl::Ec, QSsl::Pem);
    if (key.isNull()) {
        *error = keyError(privateKeyKey, QStringLiteral("'%1' holds no unencrypted RSA or EC private key in PEM")
                                             .arg(config.text(privateKeyKey)));
        return false;
    }
    if (!keyMatchesCertificate(*certificatePem, *keyPem)) {
        *error = keyError(privateKeyKey, QStringLiteral("'%1' is not the key of the certificate in '%2'")
                                             .arg(config.text(privateKeyKey), config.text(certificateKey)));
        return false;
    }
    settings.configuration = QSslConfiguration::defaultConfiguration();
    settings.configuration.setProtocol(QSsl::TlsV1_2OrLater);
    settings.configuration.setPeerVerifyMode(QSslSocket::VerifyNone); // clients are not asked for certificates
    // Nothing is verified against authorities on this side: none are loaded into each connection.
    settings.configuration.setCaCertificates({});
    settings.configuration.setLocalCertificateChain(chain);
    settings.configuration.setPrivateKey(key);
    return true;
}

} // namespace

std::optional<TlsSettings> TlsSettings::fromConfig(const Config &config, QString *error)
{
    error->clear();
    TlsSettings settings;
    settings.httpListen = listenValue(config, QStringLiteral("HTTP_LISTEN"), error);
    settings.httpsListen = listenValue(config, QStringLiteral("HTTPS_LISTEN"), error);
    settings.smppListen = listenValue(config, QStringLiteral("SMPP_LISTEN"), error);
    settings.smppTlsListen = listenValue(config, QStringLiteral("SMPP_TLS_LISTEN"), error);
    if (!error->isEmpty())
        return std::nullopt;
    // The console and every REST client need a way in; an appliance without one cannot be run.
    if (!settings.httpListen && !settings.httpsListen) {
        *error = QStringLiteral("OGENE_HTTP_LISTEN: off while OGENE_HTTPS_LISTEN is off too leaves no REST API listener");
        return std::nullopt;
    }
    settings.handshakeTimeoutMs = int(config.integer(QStringLiteral("TLS_HANDSHAKE_TIMEOUT")) * 1000);
    if (settings.tlsNeeded() && !loadCertificate(config, settings, error))
        return std::nullopt;
    return settings;
}

} // namespace ogene
