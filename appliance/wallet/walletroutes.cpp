#include "wallet/walletroutes.h"

#include "http/fieldvalidator.h"
#include "http/pagination.h"
#include "store/sqlsession.h"
#include "wallet/walletledger.h"

#include <ogene/money.h>
#include <ogene/timestamp.h>

#include <QJsonArray>

namespace ogene {
namespace {

constexpr qint64 MaxCredit = 10000000000; // 100,000,000.00 at once

Wallet requireWallet(SqlSession &session, qint64 userId)
{
    std::optional<Wallet> wallet = WalletLedger(session).wallet(userId);
    if (!wallet)
        throw ApiError::notFound(QStringLiteral("User"));
    return *wallet;
}

void balance(Services &services, ApiCall call)
{
    const qint64 userId = call.principal().userId;
    call.answerFromStore(*services.store, [userId](SqlSession &session) {
        const Wallet wallet = requireWallet(session, userId);
        return HttpResponse::json(200, {{QStringLiteral("success"), true},
                                        {QStringLiteral("balance"), Money::toJsonNumber(wallet.balance)},
                                        {QStringLiteral("currency"), wallet.currency}});
    });
}

void walletBalance(Services &services, ApiCall call)
{
    const qint64 userId = call.principal().userId;
    call.answerFromStore(*services.store, [userId](SqlSession &session) {
        return HttpResponse::data(200, requireWallet(session, userId).toJson());
    });
}

QJsonObject entryJson(const QSqlRecord &row)
{
    const QVariant reference = row.value(6);
    const QVariant description = row.value(7);
    return {{QStringLiteral("id"), row.value(0).toLongLong()},
            {QStringLiteral("type"), row.value(1).toString()},
            {QStringLiteral("category"), row.value(2).toString()},
            {QStringLiteral("amount"), Money::toJsonNumber(row.value(3).toLongLong())},
            {QStringLiteral("balance_after"), Money::toJsonNumber(row.value(4).toLongLong())},
            {QStringLiteral("created_at"), isoTimestamp(row.value(5).toLongLong())},
            {QStringLiteral("reference"), reference.isNull() ? QJsonValue(QJsonValue::Null) : QJsonValue(reference.toString())},
            {QStringLiteral("description"), description.isNull() ? QJsonValue(QJsonValue::Null) : QJsonValue(description.toString())}};
}

void transactions(Services &services, ApiCall call)
{
    const Pagination page = Pagination::fromQuery(call.request().query);
    const QString type = call.queryValue(QStringLiteral("type"));
    if (!type.isEmpty() && type != QLatin1String("credit") && type != QLatin1String("debit"))
        throw ApiError::validation(QStringLiteral("type"), QStringLiteral("The type must be credit or debit."));
    const qint64 userId = call.principal().userId;
    call.answerFromStore(*services.store, [page, type, userId](SqlSession &session) {
        QString where = QStringLiteral(" FROM wallet_transactions WHERE user_id = ?");
        QVariantList filter{userId};
        if (!type.isEmpty()) {
            where += QStringLiteral(" AND type = ?");
            filter.append(type);
        }
        QJsonArray items;
        for (const QSqlRecord &row :
             session.all(QStringLiteral("SELECT id, type, category, amount, balance_after, created_at, reference, description") + where
                             + QStringLiteral(" ORDER BY id DESC LIMIT ? OFFSET ?"),
                         filter + QVariantList{page.perPage, page.offset()}))
            items.append(entryJson(row));
        return page.response(items, session.scalar(QStringLiteral("SELECT COUNT(*)") + where, filter).toLongLong());
    });
}

void credit(Services &services, ApiCall call)
{
    const qint64 userId = call.idParam();
    const QJsonObject body = call.jsonBody();
    FieldValidator fields(body);
    const std::optional<QString> description = fields.optionalText(QStringLiteral("description"), 255);
    const QJsonValue amountValue = body.value(QStringLiteral("amount"));
    const std::optional<qint64> amount = Money::fromJson(amountValue);
    if (amountValue.isUndefined() || amountValue.isNull())
        fields.reject(QStringLiteral("amount"), QStringLiteral("The amount field is required."));
    else if (!amount || *amount <= 0 || *amount > MaxCredit)
        fields.reject(QStringLiteral("amount"),
                      QStringLiteral("The amount must be greater than 0, at most 100000000, with at most two decimals."));
    fields.check();
    const qint64 adminId = call.principal().userId;
    const QString note = description.value_or(QStringLiteral("Credit by an administrator"));
    call.answerFromStore(*services.store, [userId, adminId, amount, note](SqlSession &session) {
        requireWallet(session, userId);
        WalletLedger ledger(session);
        ledger.credit(userId, *amount, WalletLedger::Category::Adjustment, QStringLiteral("admin:%1").arg(adminId), note);
        QJsonObject data = requireWallet(session, userId).toJson();
        data.insert(QStringLiteral("transaction"), ledger.lastEntry());
        return HttpResponse::data(200, data, QStringLiteral("Wallet credited."));
    });
}

} // namespace

void installWalletRoutes(Router &router, Services &services)
{
    router.add("GET", QStringLiteral("/api/client/balance"), Access::Authenticated, [&services](ApiCall call) { balance(services, call); });
    router.add("GET", QStringLiteral("/api/client/wallet/balance"), Access::Authenticated,
               [&services](ApiCall call) { walletBalance(services, call); });
    router.add("GET", QStringLiteral("/api/client/wallet/transactions"), Access::Authenticated,
               [&services](ApiCall call) { transactions(services, call); });
    router.add("POST", QStringLiteral("/api/admin/users/{id}/wallet/credit"), Access::Admin,
               [&services](ApiCall call) { credit(services, call); });
}

} // namespace ogene
