#include "accounts/useraddcommand.h"
#include "app/apiroutes.h"
#include "app/appliance.h"
#include "backup/backupcommand.h"
#include "core/config.h"
#include "core/configkeys.h"
#include "core/logformat.h"
#include "core/shutdownsignals.h"
#include "tls/tlssettings.h"

#include <QCoreApplication>
#include <QLoggingCategory>
#include <QProcessEnvironment>

#include <csignal>
#include <cstdio>
#include <sys/resource.h>

using namespace ogene;

namespace {

void printHelp()
{
    std::printf("Usage:\n"
                "  ogene-appliance [--config FILE]        run the appliance\n"
                "  ogene-appliance user add --email E --password P --name N --role admin|client [--currency NGN|USD]\n"
                "  ogene-appliance routes                 list the REST routes\n"
                "  ogene-appliance backup --to FILE [--force]  online backup of the SQLite database\n"
                "  ogene-appliance --help | --version\n\n"
                "Configuration: each key below is read from the INI file given with --config (as KEY = value,\n"
                "case-insensitive), and the environment variable OGENE_<KEY> wins over the file.\n\n");
    for (const ConfigKey &key : configKeys()) {
        std::printf("  OGENE_%s (default: %s)\n      %s\n", qPrintable(key.name),
                    key.defaultValue.isEmpty() ? "empty" : qPrintable(key.defaultValue), qPrintable(key.description));
    }
}

void applyLogLevel(const QString &level)
{
    QString rules = QStringLiteral("*.debug=false\nqt.*.debug=false\n");
    if (level == QLatin1String("debug"))
        rules = QStringLiteral("ogene.*.debug=true\n");
    else if (level == QLatin1String("warning"))
        rules += QStringLiteral("*.info=false\n");
    else if (level == QLatin1String("error"))
        rules += QStringLiteral("*.info=false\n*.warning=false\n");
    QLoggingCategory::setFilterRules(rules);
}

void raiseOpenFileLimit()
{
    // Each client connection is a file descriptor; take all the system allows this process.
    rlimit limit{};
    if (getrlimit(RLIMIT_NOFILE, &limit) == 0 && limit.rlim_cur < limit.rlim_max) {
        limit.rlim_cur = limit.rlim_max;
        setrlimit(RLIMIT_NOFILE, &limit);
    }
}

} // namespace

int main(int argc, char *argv[])
{
    QCoreApplication app(argc, argv);
    QCoreApplication::setApplicationName(QStringLiteral("ogene-appliance"));
    QCoreApplication::setApplicationVersion(QStringLiteral(OGENE_VERSION));
    qSetMessagePattern(QStringLiteral("%{time yyyy-MM-ddThh:mm:ss.zzz} %{if-debug}debug%{endif}%{if-info}info%{endif}"
                                      "%{if-warning}warning%{endif}%{if-critical}error%{endif} %{category}: %{message}"));

    QStringList arguments = app.arguments();
    if (arguments.contains(QStringLiteral("--help")) || arguments.contains(QStringLiteral("-h"))) {
        printHelp();
        return 0;
    }
    if (arguments.contains(QStringLiteral("--version"))) {
        std::printf("ogene-appliance %s\n", OGENE_VERSION);
        return 0;
    }

    QString configPath;
    const qsizetype configAt = arguments.indexOf(QStringLiteral("--config"));
    if (configAt > 0) {
        if (configAt + 1 >= arguments.size()) {
            std::fprintf(stderr, "ogene-appliance: --config needs a file\n");
            return 2;
        }
        configPath = arguments.at(configAt + 1);
        arguments.remove(configAt, 2);
    }

    QString error;
    const std::optional<Config> config = Config::load(configPath, QProcessEnvironment::systemEnvironment(), &error);
    if (!config) {
        std::fprintf(stderr, "ogene-appliance: %s\n", qPrintable(error));
        return 2;
    }
    applyLogLevel(config->text(QStringLiteral("LOG_LEVEL")));
    LogFormat::install(config->text(QStringLiteral("LOG_FORMAT")));

    const QStringList command = arguments.mid(1);
    if (command.size() >= 2 && command[0] == QLatin1String("user") && command[1] == QLatin1String("add"))
        return UserAddCommand::run(QStringList{arguments.first()} + command.mid(2), *config);
    if (!command.isEmpty() && command[0] == QLatin1String("backup"))
        return BackupCommand::run(QStringList{arguments.first()} + command.mid(1), *config);
    if (command == QStringList{QStringLiteral("routes")}) {
        Services none;
        Router router;
        installApiRoutes(router, none);
        for (const Router::Route &route : router.routes())
            std::printf("%s %s\n", route.method.constData(), qPrintable(route.pattern));
        return 0;
    }
    if (!command.isEmpty()) {
        std::fprintf(stderr, "ogene-appliance: unknown command '%s' (see --help)\n", qPrintable(command.join(QLatin1Char(' '))));
        return 2;
    }

    // The listeners and their certificate are checked before anything starts, like any bad value.
    std::optional<TlsSettings> listeners = TlsSettings::fromConfig(*config, &error);
    if (!listeners) {
        std::fprintf(stderr, "ogene-appliance: %s\n", qPrintable(error));
        return 2;
    }

    raiseOpenFileLimit();
    std::signal(SIGPIPE, SIG_IGN);
    Appliance appliance(*config, std::move(*listeners));
    if (!appliance.start(&error)) {
        std::fprintf(stderr, "ogene-appliance: %s\n", qPrintable(error));
        return 1;
    }
    ShutdownSignals shutdown;
    return app.exec();
}
