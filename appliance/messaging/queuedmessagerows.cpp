#include "messaging/queuedmessagerows.h"

#include <ogene/timestamp.h>

namespace ogene {

QueuedMessageRows::QueuedMessageRows(SqlSession &session)
    : m_insert(session, QStringLiteral("messages"),
               {{QStringLiteral("id"), BulkInsert::Type::Integer},
                {QStringLiteral("user_id"), BulkInsert::Type::Integer},
                {QStringLiteral("recipient_phone"), BulkInsert::Type::Text},
                {QStringLiteral("sender_id_value"), BulkInsert::Type::Text},
                {QStringLiteral("message_text"), BulkInsert::Type::Text},
                {QStringLiteral("encoding"), BulkInsert::Type::Text},
                {QStringLiteral("segments_count"), BulkInsert::Type::Integer},
                {QStringLiteral("cost"), BulkInsert::Type::Integer},
                {QStringLiteral("currency"), BulkInsert::Type::Text},
                {QStringLiteral("status"), BulkInsert::Type::Text},
                {QStringLiteral("sandbox"), BulkInsert::Type::Integer},
                {QStringLiteral("created_at"), BulkInsert::Type::Integer},
                {QStringLiteral("updated_at"), BulkInsert::Type::Integer},
                {QStringLiteral("available_at"), BulkInsert::Type::Integer},
                {QStringLiteral("receipt_credential_id"), BulkInsert::Type::Integer},
                {QStringLiteral("receipt_state"), BulkInsert::Type::Text},
                {QStringLiteral("campaign_id"), BulkInsert::Type::Integer},
                {QStringLiteral("callback_url"), BulkInsert::Type::Text}})
    , m_now(nowMs())
    , m_queued(QStringLiteral("queued"))
{
}

void QueuedMessageRows::add(const Row &row)
{
    m_insert.add({row.id, row.userId, row.recipient, row.senderName, row.text, row.encoding, row.segments, row.cost, row.currency,
                  m_queued, row.sandbox ? 1 : 0, m_now, m_now, m_now, row.receiptCredentialId, row.receiptState, row.campaignId,
                  row.callbackUrl});
}

} // namespace ogene
