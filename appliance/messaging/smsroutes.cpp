#include "messaging/smsroutes.h"

#include "auth/secrettoken.h"
#include "dispatch/dispatcher.h"
#include "http/fieldvalidator.h"
#include "messaging/idempotencykeys.h"
#include "messaging/message.h"
#include "messaging/messageacceptor.h"
#include "messaging/messagelisting.h"
#include "messaging/sendbatcher.h"
#include "notifications/callbackurl.h"
#include "pricing/pricing.h"
#include "store/sqlsession.h"

#include <ogene/money.h>
#include <ogene/phonenumber.h>
#include <ogene/smstext.h>
#include <ogene/timestamp.h>

#include <QJsonDocument>

namespace ogene {
namespace {

constexpr int MaxMessageCharacters = 1600;

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

} // namespace

void installSmsRoutes(Router &router, Services &services)
{
    router.add("POST", QStringLiteral("/api/client/sms/send"), Access::Authenticated,
               [&services](ApiCall call) { sendSms(services, call); });
    router.add("GET", QStringLiteral("/api/client/sms/status/{id}"), Access::Authenticated,
               [&services](ApiCall call) { messageStatus(services, call); });
    router.add("GET", QStringLiteral("/api/client/sms/messages"), Access::Authenticated,
               [&services](ApiCall call) { MessageListing::answer(services, call, call.principal().userId); });
}

} // namespace ogene
