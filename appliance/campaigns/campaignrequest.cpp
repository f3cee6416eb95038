#include "campaigns/campaignrequest.h"

#include "contacts/idlist.h"
#include "http/apicall.h"
#include "http/apierror.h"
#include "http/fieldvalidator.h"

#include <ogene/smstext.h>
#include <ogene/timestamp.h>

#include <QJsonArray>

namespace ogene {
namespace {

constexpr qint64 LongestScheduleMs = 366LL * 24 * 3600 * 1000;
const QStringList RecipientTypes = {QStringLiteral("all"), QStringLiteral("contacts"), QStringLiteral("groups"), QStringLiteral("manual")};

void readSender(const QJsonObject &body, FieldValidator &fields, CampaignRequest &request)
{
    const QJsonValue sender = body.value(QStringLiteral("sender_id"));
    if (sender.isDouble()) {
        request.senderId = fields.requiredInteger(QStringLiteral("sender_id"), 1, qint64(9e15));
        return;
    }
    const QString name = fields.requiredText(QStringLiteral("sender_id"), 11);
    bool allDigits = false;
    const qint64 id = name.toLongLong(&allDigits);
    if (allDigits && id > 0)
        request.senderId = id; // names are never all digits, so digits are the numeric id
    else
        request.senderName = name;
}

void readMessage(const QJsonObject &body, FieldValidator &fields, CampaignRequest &request)
{
    const QJsonValue value = body.value(QStringLiteral("message_text"));
    if (value.isUndefined() || value.isNull() || (value.isString() && value.toString().trimmed().isEmpty())) {
        fields.reject(QStringLiteral("message_text"), QStringLiteral("The message_text field is required."));
        return;
    }
    if (!value.isString()) {
        fields.reject(QStringLiteral("message_text"), QStringLiteral("The message_text field must be a string."));
        return;
    }
    request.messageText = value.toString();
    if (SmsText::characterCount(request.messageText) > CampaignRequest::MaxMessageCharacters) {
        fields.reject(QStringLiteral("message_text"), QStringLiteral("The message_text must not be greater than %1 characters.")
                                                          .arg(CampaignRequest::MaxMessageCharacters));
        return;
    }
    const SmsText sms = SmsText::analyze(request.messageText);
    request.encoding = sms.encodingName();
    request.segments = sms.segments();
}

void readNumbers(const QJsonObject &body, FieldValidator &fields, CampaignRequest &request)
{
    const QJsonValue phones = body.value(QStringLiteral("phone_numbers"));
    if (!phones.isUndefined() && !phones.isNull()) {
        if (!phones.isArray()) {
            fields.reject(QStringLiteral("phone_numbers"), QStringLiteral("The phone_numbers field must be an array of phone numbers."));
        } else {
            for (const QJsonValue &phone : phones.toArray())
                request.recipients.addText(phone.isString() ? phone.toString() : QStringLiteral("(not a string)"));
        }
    }
    const QJsonValue manual = body.value(QStringLiteral("manual_numbers"));
    if (!manual.isUndefined() && !manual.isNull()) {
        if (!manual.isString())
            fields.reject(QStringLiteral("manual_numbers"),
                          QStringLiteral("The manual_numbers field must be a string of numbers separated by commas or newlines."));
        else
            request.recipients.addSeparated(manual.toString());
    }
    if (request.recipientType == QLatin1String("manual") && (phones.isUndefined() || phones.isNull())
        && (manual.isUndefined() || manual.isNull()))
        fields.reject(QStringLiteral("manual_numbers"),
                      QStringLiteral("The manual_numbers or phone_numbers field is required when recipient_type is manual."));
}

void readSchedule(const QJsonObject &body, FieldValidator &fields, CampaignRequest &request, qint64 now)
{
    const std::optional<QString> text = fields.optionalText(QStringLiteral("scheduled_at"), 64);
    if (!text)
        return;
    const std::optional<qint64> instant = parseIsoTimestamp(*text);
    if (!instant)
        fields.reject(QStringLiteral("scheduled_at"), QStringLiteral("The scheduled_at must be an ISO 8601 date and time, such as 2026-12-01T09:00:00Z."));
    else if (*instant <= now)
        fields.reject(QStringLiteral("scheduled_at"), QStringLiteral("The scheduled_at must be in the future."));
    else if (*instant > now + LongestScheduleMs)
        fields.reject(QStringLiteral("scheduled_at"), QStringLiteral("The scheduled_at must be within a year."));
    else
        request.scheduledAt = *instant;
    Q_UNUSED(body);
}

} // namespace

CampaignRequest CampaignRequest::parse(const QByteArray &body, qint64 now)
{
    const QJsonObject object = ApiCall::parseJsonObject(body);
    FieldValidator fields(object);
    CampaignRequest request;
    request.name = fields.requiredText(QStringLiteral("name"), MaxName);
    readSender(object, fields, request);
    readMessage(object, fields, request);
    request.recipientType = fields.requiredChoice(QStringLiteral("recipient_type"), RecipientTypes);
    request.contactIds = IdList::read(object, QStringLiteral("contact_ids"), MostContactIds,
                                      request.recipientType == QLatin1String("contacts"), fields);
    request.groupIds = IdList::read(object, QStringLiteral("group_ids"), MostGroupIds, request.recipientType == QLatin1String("groups"), fields);
    readNumbers(object, fields, request);
    readSchedule(object, fields, request, now);
    request.draft = fields.optionalBoolean(QStringLiteral("draft")).value_or(false);
    fields.check();
    return request;
}

} // namespace ogene
