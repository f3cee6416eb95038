#include "accounts/firstadmin.h"

#include "accounts/userrepository.h"
#include "auth/passwordhasher.h"
#include "auth/secrettoken.h"
#include "core/config.h"
#include "http/apierror.h"
#include "store/store.h"

#include <cstdio>

namespace ogene {

void FirstAdmin::ensure(Store &store, const Config &config)
{
    const qint64 users = store.runAndWait<qint64>([](SqlSession &session) { return UserRepository(session).count(); });
    if (users > 0)
        return;

    const QString email = config.text(QStringLiteral("ADMIN_EMAIL")).toLower();
    QString password = config.text(QStringLiteral("ADMIN_PASSWORD"));
    const bool generated = password.isEmpty();
    if (generated)
        password = SecretToken::randomBase62(20);

    UserRepository::NewUser admin{QStringLiteral("Administrator"), email, PasswordHasher::hash(password),
                                  QStringLiteral("admin"), QStringLiteral("NGN")};
    try {
        store.runAndWait<qint64>([admin](SqlSession &session) { return UserRepository(session).create(admin).id; });
    } catch (const ApiError &) {
        return; // another node created it at the same moment
    }
    // Printed on the terminal, not logged: the operator needs it once, the logs never.
    std::printf("\nOgene: created the first admin account.\n  email:    %s\n  password: %s\n"
                "Sign in with POST /api/auth/login (or the console) and keep this password safe.\n\n",
                qPrintable(email), generated ? qPrintable(password) : "(from OGENE_ADMIN_PASSWORD)");
    std::fflush(stdout);
}

} // namespace ogene
