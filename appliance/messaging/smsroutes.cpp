#include "messaging/smsroutes.h"

#include "auth/secrettoken.h"
#include "dispatch/dispatcher.h"
#include "http/fieldvalidator.h"
#include "http/pagination.h"
#include "messaging/idempotencykeys.h"
#include "messaging/message.h"
#include "messaging/messageacceptor.h"
#include "messaging/sendbatcher.h"
#include "notifications/callbackurl.h"
#include "pricing/pricing.h"
#include "store/sqlsession.h"

#include <ogene/money.h>
#include <ogene/phonenumber.h>
#include <ogene/smstext.h>
#include <ogene/timestamp.h>

#include <QDate>
#include <QJsonArray>
#include <QJsonDocument>

namespace ogene {
namespace {

constexpr int MaxMessageCharacters = 1600;
const QStringList Statuses = {QStringLiteral("queued"), QStringLiteral("sent"), QStringLiteral("delivered"),
                              QStringLiteral("failed")};

ApiError toApiError(const SendRejected &rejected)
{
    if (rejected.reason == SendRejected::Reason::UnknownSender)
        return ApiError::validation(QStringLiteral("sender_id"),
                                    QStringLiteral("The sender ID is not approved for this account."));
    return ApiError(422, QStringLiteral("Insufficient wallet balance."),
                    {{QStringLiteral("balance"), QStringLiteral("The wallet cannot cover this message.")},
                     {QStringLiteral("required"), Money::format(rejected.required)},
                     {QStringLiteral("available"), Money::format(rejected.available)}});
}

// The message text exactly as sent (not trimmed): 1 to 1,600 characters.
QString readMessageText(const QJsonObject &body, FieldValidator &fields)
{
    const QJsonValue value = body.value(QStringLiteral("message"));
    if (value.isUndefined() || value.isNull() || (value.isString() && value.toString().isEmpty())) {
        fields.reject(QStringLiteral("message"), QStringLiteral("The message field is required."));
        return {};
    }
    if (!value.isString()) {
        fields.reject(QStringLiteral("message"), QStringLiteral("The message field must be a string."));
        return {};
    }
    const QString text = value.toString();
    if (SmsText::characterCount(text) > MaxMessageCharacters)
        fields.reject(QStringLiteral("message"),
                      QStringLiteral("The message must not be greater than %1 characters.").arg(MaxMessageCharacters));
    return text;
}

HttpResponse sendResult(const SendRequest &request, const AcceptedMessage &accepted)
{
    return HttpResponse::data(201,
                              QJsonObject{{QStringLiteral("message_id"), accepted.messageId},
                                          {QStringLiteral("segments"), request.segments},
                                          {QStringLiteral("cost"), Money::toJsonNumber(request.cost)},
                                          {QStringLiteral("status"), QStringLiteral("queued")},
                                          {QStringLiteral("new_balance"), Money::toJsonNumber(accepted.balanceAfter)},
                                          {QStringLiteral("sandbox"), request.sandbox}},
                              QStringLiteral("Message queued for delivery."));
}

QString readIdempotencyKey(const HttpRequest &request)
{
    const QByteArray key = request.header("idempotency-key");
    if (key.size() > IdempotencyKeys::MaxKeyLength)
        throw ApiError::validation(QStringLiteral("idempotency_key"),
                                   QStringLiteral("The Idempotency-Key header must not be longer than %1 characters.")
                                       .arg(IdempotencyKeys::MaxKeyLength));
    return QString::fromUtf8(key);
}

void sendSms(Services &services, ApiCall call)
{
    const QJsonObject body = call.jsonBody();
    FieldValidator fields(body);
    const QString recipientInput = fields.requiredText(QStringLiteral("recipient"), 32);
    const QString sender = fields.requiredText(QStringLiteral("sender_id"), 11);
    const QString text = readMessageText(body, fields);
    const std::optional<QString> callbackUrl = CallbackUrl::read(fields, QStringLiteral("callback_url"), false);
    const std::optional<QString> recipient = PhoneNumber::normalize(recipientInput);
    if (!recipientInput.isEmpty() && !recipient)
        fields.reject(QStringLiteral("recipient"),
                      QStringLiteral("The recipient must be a phone number in international form, such as +2348031234567."));
    fields.check();
    const QString idempotencyKey = readIdempotencyKey(call.request());

    const Principal &principal = call.principal();
    const SmsText sms = SmsText::analyze(text);
    SendRequest request;
    request.userId = principal.userId;
    request.recipient = *recipient;
    request.senderName = sender;
    request.text = text;
    request.encoding = sms.encodingName();
    request.segments = sms.segments();
    request.currency = principal.currency;
    request.cost = sms.segments() * services.pricing->current()->pricePerSegment(principal.currency, *recipient);
    request.sandbox = principal.sandbox;
    request.callbackUrl = callbackUrl.value_or(QString());
    const QString requestHash =
        idempotencyKey.isEmpty() ? QString() : SecretToken::sha256Hex(QString::fromUtf8(QJsonDocument(body).toJson(QJsonDocument::Compact)));

    Dispatcher *dispatcher = services.dispatcher;
    if (idempotencyKey.isEmpty()) {
        services.sendBatcher->submit(
            request,
            [call, request, dispatcher](const AcceptOutcome &outcome) {
                if (const auto *rejected = std::get_if<SendRejected>(&outcome)) {
                    call.fail(toApiError(*rejected));
                    return;
                }
                call.reply(sendResult(request, std::get<AcceptedMessage>(outcome)));
                dispatcher->wake();
            },
            [call](std::exception_ptr error) { call.replyWithException(error); });
        return;
    }
    // With an Idempotency-Key the key and the message are claimed and written in one transaction.
    call.thenFromStore<HttpResponse>(
        *services.store,
        [request, idempotencyKey, requestHash](SqlSession &session) {
            if (!idempotencyKey.isEmpty()) {
                if (std::optional<HttpResponse> kept = IdempotencyKeys::claim(session, request.userId, idempotencyKey, requestHash))
                    return *kept;
            }
            AcceptedMessage accepted;
            try {
                accepted = MessageAcceptor::accept(session, request);
            } catch (const SendRejected &rejected) {
                throw toApiError(rejected);
            }
            const HttpResponse response = sendResult(request, accepted);
            if (!idempotencyKey.isEmpty())
                IdempotencyKeys::remember(session, request.userId, idempotencyKey, response);
            return response;
        },
        [call, dispatcher](const HttpResponse &response) {
            call.reply(response);
            dispatcher->wake();
        });
}

void messageStatus(Services &services, ApiCall call)
{
    const qint64 id = call.idParam();
    const qint64 userId = call.principal().userId;
    call.answerFromStore(*services.store, [id, userId](SqlSession &session) {
        const auto row = session.one(QStringLiteral("SELECT ") + Message::Columns
                                         + QStringLiteral(" FROM messages WHERE id = ? AND user_id = ?"),
                                     {id, userId});
        if (!row)
            throw ApiError::notFound(QStringLiteral("Message"));
        return HttpResponse::data(200, Message::fromRecord(*row).toJson());
    });
}

// A date ("2026-11-21") or an ISO 8601 instant; a bare date_to means the whole of that day.
std::optional<qint64> readInstant(const QString &text, bool endOfDay)
{
    const QDate date = QDate::fromString(text, Qt::ISODate);
    if (date.isValid() && text.size() == 10)
        return QDateTime(endOfDay ? date.addDays(1) : date, QTime(0, 0), Qt::UTC).toMSecsSinceEpoch();
    return parseIsoTimestamp(text);
}

void listMessages(Services &services, ApiCall call)
{
    const Pagination page = Pagination::fromQuery(call.request().query);
    QString where = QStringLiteral(" WHERE user_id = ?");
    QVariantList values{call.principal().userId};
    QJsonObject errors;

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

} // namespace

void installSmsRoutes(Router &router, Services &services)
{
    router.add("POST", QStringLiteral("/api/client/sms/send"), Access::Authenticated,
               [&services](ApiCall call) { sendSms(services, call); });
    router.add("GET", QStringLiteral("/api/client/sms/status/{id}"), Access::Authenticated,
               [&services](ApiCall call) { messageStatus(services, call); });
    router.add("GET", QStringLiteral("/api/client/sms/messages"), Access::Authenticated,
               [&services](ApiCall call) { listMessages(services, call); });
}

} // namespace ogene
