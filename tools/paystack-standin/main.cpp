// ogene-paystack-standin: a local stand-in for Paystack, for tests and for trying wallet funding
// without internet. See paystackstandin.h for what it serves.
#include "paystackstandin.h"

#include "core/shutdownsignals.h"

#include <QCommandLineParser>
#include <QCoreApplication>
#include <QProcessEnvironment>

#include <csignal>
#include <cstdio>

using namespace ogene;

int main(int argc, char *argv[])
{
    QCoreApplication app(argc, argv);
    QCoreApplication::setApplicationName(QStringLiteral("ogene-paystack-standin"));
    QCoreApplication::setApplicationVersion(QStringLiteral(OGENE_VERSION));
    qSetMessagePattern(QStringLiteral("%{time yyyy-MM-ddThh:mm:ss.zzz} %{category}: %{message}"));

    QCommandLineParser parser;
    parser.setApplicationDescription(QStringLiteral(
        "A local stand-in for Paystack's transaction API (initialize, verify), its checkout and its signed "
        "charge.success webhook. The secret key comes from --secret-key or, better (it stays out of the process "
        "list), from OGENE_PAYSTACK_SECRET_KEY, the variable the appliance reads too."));
    parser.addHelpOption();
    parser.addVersionOption();
    parser.addOption({QStringLiteral("listen"), QStringLiteral("host:port to listen on; port 0 takes a free one."),
                      QStringLiteral("host:port"), QStringLiteral("127.0.0.1:8090")});
    parser.addOption({QStringLiteral("secret-key"), QStringLiteral("The secret key callers must send and webhooks are signed with."),
                      QStringLiteral("key")});
    parser.addOption({QStringLiteral("webhook-url"),
                      QStringLiteral("Where charge.success goes, e.g. http://127.0.0.1:8080/api/webhooks/paystack."),
                      QStringLiteral("url")});
    parser.addOption({QStringLiteral("public-url"),
                      QStringLiteral("Base of the checkout links; default http://<listen address>:<port>."), QStringLiteral("url")});
    parser.process(app);

    PaystackStandin::Settings settings;
    settings.secretKey = parser.value(QStringLiteral("secret-key"));
    if (settings.secretKey.isEmpty())
        settings.secretKey = QProcessEnvironment::systemEnvironment().value(QStringLiteral("OGENE_PAYSTACK_SECRET_KEY"));
    if (settings.secretKey.isEmpty()) {
        std::fprintf(stderr, "ogene-paystack-standin: give the secret key with --secret-key or OGENE_PAYSTACK_SECRET_KEY\n");
        return 2;
    }
    settings.webhookUrl = QUrl(parser.value(QStringLiteral("webhook-url")));
    settings.publicUrl = QUrl(parser.value(QStringLiteral("public-url")));

    QString error;
    const Endpoint endpoint = Endpoint::parse(parser.value(QStringLiteral("listen")), &error);
    if (!error.isEmpty()) {
        std::fprintf(stderr, "ogene-paystack-standin: --listen: %s\n", qPrintable(error));
        return 2;
    }
    std::signal(SIGPIPE, SIG_IGN);
    PaystackStandin standin(settings);
    if (!standin.start(endpoint, &error)) {
        std::fprintf(stderr, "ogene-paystack-standin: %s\n", qPrintable(error));
        return 1;
    }
    // Tests read the port from this line.
    const QString host = endpoint.address.protocol() == QAbstractSocket::IPv6Protocol
                             ? QLatin1Char('[') + endpoint.address.toString() + QLatin1Char(']')
                             : endpoint.address.toString();
    std::printf("Paystack stand-in listening on %s:%u; checkout links at %s\n", qPrintable(host), unsigned(standin.port()),
                qPrintable(standin.publicUrl().toString()));
    std::fflush(stdout);
    ShutdownSignals shutdown;
    return app.exec();
}
