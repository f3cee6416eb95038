#include "messaging/messagelisting.h"

#include "http/accountfilter.h"
#include "http/pagination.h"
#include "messaging/message.h"
#include "store/sqlsession.h"

#include <ogene/phonenumber.h>
#include <ogene/timestamp.h>

#include <QDate>
#include <QJsonArray>

namespace ogene {
namespace {

const QStringList Statuses = {QStringLiteral("queued"), QStringLiteral("sent"), QStringLiteral("delivered"),
                              QStringLiteral("failed")};

// A date ("2026-11-21") or an ISO 8601 instant; a bare date_to means the whole of that day.
std::optional<qint64> readInstant(const QString &text, bool endOfDay)
{
    const QDate date = QDate::fromString(text, Qt::ISODate);
    if (date.isValid() && text.size() == 10)
        return QDateTime(endOfDay ? date.addDays(1) : date, QTime(0, 0), Qt::UTC).toMSecsSinceEpoch();
    return parseIsoTimestamp(text);
}

} // namespace

void MessageListing::answer(Services &services, const ApiCall &call, std::optional<qint64> ownerId)
{
    const Pagination page = Pagination::fromQuery(call.request().query);
    QString where = QStringLiteral(" WHERE 1 = 1");
    QVariantList values;
    QJsonObject errors;

    if (ownerId) {
        where += QStringLiteral(" AND user_id = ?");
        values.append(*ownerId);
    } else if (const std::optional<qint64> userId = accountFilter(call, errors)) {
        where += QStringLiteral(" AND user_id = ?");
        values.append(*userId);
    }
    const QString status = call.queryValue(QStringLiteral("status"));
    if (!status.isEmpty()) {
        if (!Statuses.contains(status))
            errors.insert(QStringLiteral("status"), QStringLiteral("The status must be one of: queued, sent, delivered, failed."));
        where += QStringLiteral(" AND status = ?");
        values.append(status);
    }
    const QString recipientInput = call.queryValue(QStringLiteral("recipient"));
    if (!recipientInput.isEmpty()) {
        const std::optional<QString> recipient = PhoneNumber::normalize(recipientInput);
        if (!recipient)
            errors.insert(QStringLiteral("recipient"), QStringLiteral("The recipient must be a valid phone number."));
        where += QStringLiteral(" AND recipient_phone = ?");
        values.append(recipient.value_or(QString()));
    }
    const QString campaign = call.queryValue(QStringLiteral("campaign_id"));
    if (!campaign.isEmpty()) {
        // Another account's campaign simply matches none of this account's messages.
        const qint64 campaignId = campaign.toLongLong();
        if (campaignId <= 0)
            errors.insert(QStringLiteral("campaign_id"), QStringLiteral("The campaign_id must be a campaign's id."));
        where += QStringLiteral(" AND campaign_id = ?");
        values.append(campaignId);
    }
    const QString sender = call.queryValue(QStringLiteral("sender_id"));
    if (!sender.isEmpty()) {
        if (sender.size() > 11)
            errors.insert(QStringLiteral("sender_id"), QStringLiteral("The sender_id must not be greater than 11 characters."));
        where += QStringLiteral(" AND lower(sender_id_value) = lower(?)");
        values.append(sender);
    }
    for (const auto &[name, endOfDay, comparison] : {std::tuple{QStringLiteral("date_from"), false, QStringLiteral(" AND created_at >= ?")},
                                                     std::tuple{QStringLiteral("date_to"), true, QStringLiteral(" AND created_at < ?")}}) {
        const QString text = call.queryValue(name);
        if (text.isEmpty())
            continue;
        const std::optional<qint64> instant = readInstant(text, endOfDay);
        if (!instant)
            errors.insert(name, QStringLiteral("The %1 must be a date (2026-11-21) or an ISO 8601 date and time.").arg(name));
        where += comparison;
        values.append(instant.value_or(0) + (endOfDay && text.size() > 10 ? 1 : 0));
    }
    if (!errors.isEmpty())
        throw ApiError::validation(errors);

    call.answerFromStore(*services.store, [page, where, values](SqlSession &session) {
        QJsonArray items;
        for (const QSqlRecord &row : session.all(QStringLiteral("SELECT ") + Message::Columns + QStringLiteral(" FROM messages") + where
                                                     + QStringLiteral(" ORDER BY id DESC LIMIT ? OFFSET ?"),
                                                 values + QVariantList{page.perPage, page.offset()}))
            items.append(Message::fromRecord(row).toJson());
        const qint64 total = session.scalar(QStringLiteral("SELECT COUNT(*) FROM messages") + where, values).toLongLong();
        return page.response(items, total);
    });
}

} // namespace ogene
