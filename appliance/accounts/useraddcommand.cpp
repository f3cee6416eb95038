#include "accounts/useraddcommand.h"

#include "accounts/userrepository.h"
#include "auth/passwordhasher.h"
#include "core/config.h"
#include "http/apierror.h"
#include "store/store.h"

#include <ogene/currency.h>

#include <QCommandLineParser>
#include <QRegularExpression>

#include <cstdio>

namespace ogene {
namespace {

int usageError(const QString &message)
{
    std::fprintf(stderr, "ogene-appliance user add: %s\n", qPrintable(message));
    return 2;
}

} // namespace

int UserAddCommand::run(const QStringList &arguments, const Config &config)
{
    QCommandLineParser parser;
    parser.addOptions({
        {QStringLiteral("email"), QStringLiteral("Email address (the login)."), QStringLiteral("E")},
        {QStringLiteral("password"), QStringLiteral("Password, 8 to 128 characters."), QStringLiteral("P")},
        {QStringLiteral("name"), QStringLiteral("Display name."), QStringLiteral("N")},
        {QStringLiteral("role"), QStringLiteral("admin or client."), QStringLiteral("ROLE")},
        {QStringLiteral("currency"), QStringLiteral("Wallet currency, NGN (default) or USD."), QStringLiteral("C"),
         QStringLiteral("NGN")},
        {QStringLiteral("config"), QStringLiteral("INI configuration file."), QStringLiteral("FILE")},
    });
    if (!parser.parse(arguments))
        return usageError(parser.errorText());
    if (!parser.positionalArguments().isEmpty())
        return usageError(QStringLiteral("unexpected argument '%1'").arg(parser.positionalArguments().first()));

    const QString email = parser.value(QStringLiteral("email")).trimmed().toLower();
    const QString password = parser.value(QStringLiteral("password"));
    const QString name = parser.value(QStringLiteral("name")).trimmed();
    const QString role = parser.value(QStringLiteral("role"));
    const QString currency = parser.value(QStringLiteral("currency"));
    static const QRegularExpression emailShape(QStringLiteral("^[^@\\s]+@[^@\\s]+\\.[^@\\s]+$"));
    if (!emailShape.match(email).hasMatch() || email.size() > 254)
        return usageError(QStringLiteral("--email: expected an email address"));
    if (password.size() < 8 || password.size() > 128)
        return usageError(QStringLiteral("--password: expected 8 to 128 characters"));
    if (name.isEmpty() || name.size() > 255)
        return usageError(QStringLiteral("--name: expected 1 to 255 characters"));
    if (role != QLatin1String("admin") && role != QLatin1String("client"))
        return usageError(QStringLiteral("--role: expected admin or client"));
    if (!currencyFromCode(currency))
        return usageError(QStringLiteral("--currency: expected NGN or USD"));

    QString error;
    const DatabaseUrl url = DatabaseUrl::parse(config.databaseUrl(), &error);
    std::unique_ptr<Store> store = Store::open(url, 1, &error);
    if (!store) {
        std::fprintf(stderr, "ogene-appliance: %s\n", qPrintable(error));
        return 1;
    }
    const UserRepository::NewUser user{name, email, PasswordHasher::hash(password), role, currency};
    try {
        const qint64 id =
            store->runAndWait<qint64>([user](SqlSession &session) { return UserRepository(session).create(user).id; });
        std::printf("Created %s user %lld <%s>.\n", qPrintable(role), static_cast<long long>(id), qPrintable(email));
        return 0;
    } catch (const ApiError &) {
        std::fprintf(stderr, "ogene-appliance user add: a user with the email %s already exists\n", qPrintable(email));
        return 1;
    } catch (const std::exception &failure) {
        std::fprintf(stderr, "ogene-appliance user add: %s\n", failure.what());
        return 1;
    }
}

} // namespace ogene
