#include "accounts/adminuserroutes.h"

#include "accounts/accountoverview.h"
#include "accounts/userrepository.h"
#include "auth/passwordhasher.h"
#include "auth/principalcache.h"
#include "http/fieldvalidator.h"
#include "http/pagination.h"
#include "smppserver/smppserver.h"
#include "smppserver/smppsessionregistry.h"
#include "store/sqlsession.h"

#include <ogene/currency.h>

#include <QJsonArray>

namespace ogene {
namespace {

const QStringList Roles = {QStringLiteral("client"), QStringLiteral("admin")};
constexpr int MinPasswordLength = 8;
constexpr int MaxPasswordLength = 128;
constexpr int MaxNameLength = 255;
constexpr qint64 MaxRateLimit = 100000000;

// Answers with the work's response once committed, and drops what this node remembers of the
// account's credentials, so a suspension or a new rate limit holds from the next request on.
void answerAndForget(Services &services, const ApiCall &call, qint64 userId, std::function<HttpResponse(SqlSession &)> work)
{
    PrincipalCache *principals = services.principals;
    SmppSessionRegistry *smppSessions = services.smpp ? services.smpp->registry : nullptr;
    call.thenFromStore<HttpResponse>(*services.store, std::move(work), [call, principals, smppSessions, userId](const HttpResponse &response) {
        principals->forgetUser(userId);
        if (smppSessions)
            smppSessions->recheckAccount(userId); // a suspended account keeps no SMPP session
        call.reply(response);
    });
}

User requireUser(SqlSession &session, qint64 id)
{
    std::optional<User> user = UserRepository(session).find(id);
    if (!user)
        throw ApiError::notFound(QStringLiteral("User"));
    return *user;
}

void createUser(Services &services, ApiCall call)
{
    FieldValidator fields(call.jsonBody());
    UserRepository::NewUser user;
    user.name = fields.requiredText(QStringLiteral("name"), MaxNameLength);
    user.email = fields.requiredEmail(QStringLiteral("email"));
    const QString password = fields.requiredText(QStringLiteral("password"), MaxPasswordLength, MinPasswordLength);
    user.currency = fields.requiredChoice(QStringLiteral("currency"), currencyCodes());
    user.role = fields.optionalChoice(QStringLiteral("role"), Roles).value_or(QStringLiteral("client"));
    fields.check();

    PasswordHasher::hashAsync(call.context(), password, [&services, call, user](QString hash) mutable {
        user.passwordHash = hash;
        call.answerFromStore(*services.store, [user](SqlSession &session) {
            return HttpResponse::data(201, AccountOverview::toJson(session, UserRepository(session).create(user)),
                                      QStringLiteral("User created."));
        });
    });
}

void listUsers(Services &services, ApiCall call)
{
    const Pagination page = Pagination::fromQuery(call.request().query);
    const QString query = call.queryValue(QStringLiteral("q")).trimmed();
    if (query.size() > 100)
        throw ApiError::validation(QStringLiteral("q"), QStringLiteral("The q parameter must not be greater than 100 characters."));
    call.answerFromStore(*services.store, [page, query](SqlSession &session) {
        UserRepository users(session);
        return page.response(AccountOverview::toJson(session, users.search(query, page.perPage, page.offset())),
                             users.countMatching(query));
    });
}

void showUser(Services &services, ApiCall call)
{
    const qint64 id = call.idParam();
    call.answerFromStore(*services.store, [id](SqlSession &session) {
        return HttpResponse::data(200, AccountOverview::toJson(session, requireUser(session, id)));
    });
}

void updateUser(Services &services, ApiCall call)
{
    const qint64 id = call.idParam();
    FieldValidator fields(call.jsonBody());
    const std::optional<QString> name = fields.optionalText(QStringLiteral("name"), MaxNameLength);
    const std::optional<QString> email = fields.optionalEmail(QStringLiteral("email"));
    bool rateLimitIsNull = false;
    const std::optional<qint64> rateLimit =
        fields.optionalInteger(QStringLiteral("rate_limit_per_minute"), 1, MaxRateLimit, &rateLimitIsNull);
    const std::optional<QString> password =
        fields.optionalText(QStringLiteral("password"), MaxPasswordLength, MinPasswordLength);
    if (fields.has(QStringLiteral("currency")))
        fields.reject(QStringLiteral("currency"), QStringLiteral("The currency of an account cannot be changed."));
    if (fields.has(QStringLiteral("role")))
        fields.reject(QStringLiteral("role"), QStringLiteral("The role of an account cannot be changed."));
    fields.check();

    const auto apply = [&services, call, id, name, email, rateLimit, rateLimitIsNull](const QString &passwordHash) {
        answerAndForget(services, call, id, [=](SqlSession &session) {
            User user = requireUser(session, id);
            if (name)
                user.name = *name;
            if (email)
                user.email = *email;
            if (rateLimit)
                user.rateLimitPerMinute = rateLimit;
            else if (rateLimitIsNull)
                user.rateLimitPerMinute.reset(); // back to the appliance's default
            if (!passwordHash.isEmpty())
                user.passwordHash = passwordHash;
            UserRepository users(session);
            users.save(user);
            return HttpResponse::data(200, AccountOverview::toJson(session, requireUser(session, id)), QStringLiteral("User updated."));
        });
    };
    if (password)
        PasswordHasher::hashAsync(call.context(), *password, apply);
    else
        apply(QString());
}

void setStatus(Services &services, ApiCall call, const QString &status)
{
    const qint64 id = call.idParam();
    if (id == call.principal().userId && status == QLatin1String("suspended"))
        throw ApiError::validation(QStringLiteral("id"), QStringLiteral("You cannot suspend your own account."));
    answerAndForget(services, call, id, [id, status](SqlSession &session) {
        User user = requireUser(session, id);
        user.status = status;
        UserRepository(session).save(user);
        return HttpResponse::data(200, AccountOverview::toJson(session, requireUser(session, id)),
                                  status == QLatin1String("suspended") ? QStringLiteral("User suspended.")
                                                                       : QStringLiteral("User reactivated."));
    });
}

} // namespace

void installAdminUserRoutes(Router &router, Services &services)
{
    router.add("POST", QStringLiteral("/api/admin/users"), Access::Admin,
               [&services](ApiCall call) { createUser(services, call); });
    router.add("GET", QStringLiteral("/api/admin/users"), Access::Admin,
               [&services](ApiCall call) { listUsers(services, call); });
    router.add("GET", QStringLiteral("/api/admin/users/{id}"), Access::Admin,
               [&services](ApiCall call) { showUser(services, call); });
    router.add("PUT", QStringLiteral("/api/admin/users/{id}"), Access::Admin,
               [&services](ApiCall call) { updateUser(services, call); });
    router.add("POST", QStringLiteral("/api/admin/users/{id}/suspend"), Access::Admin,
               [&services](ApiCall call) { setStatus(services, call, QStringLiteral("suspended")); });
    router.add("POST", QStringLiteral("/api/admin/users/{id}/reactivate"), Access::Admin,
               [&services](ApiCall call) { setStatus(services, call, QStringLiteral("active")); });
}

} // namespace ogene
