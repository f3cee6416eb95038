#pragma once

#include "store/bulkinsert.h"

#include <QVariant>

namespace ogene {

class SqlSession;

// New messages written in bulk straight into the outbound queue (status queued, available now),
// with their ids taken beforehand: a batch of sends, or a chunk of a campaign. One column list for
// every way in, so a message is the same row whichever way it came.
class QueuedMessageRows
{
public:
    struct Row
    {
        qint64 id = 0;
        qint64 userId = 0;
        QVariant recipient;
        QVariant senderName;
        QVariant text;
        QVariant encoding;
        QVariant segments;
        qint64 cost = 0;
        QVariant currency;
        bool sandbox = false;
        QVariant receiptCredentialId = QVariant(QMetaType::fromType<qint64>()); // NULL: no receipt asked for
        QVariant receiptState = QVariant(QMetaType::fromType<QString>());
        QVariant campaignId = QVariant(QMetaType::fromType<qint64>());
        QVariant callbackUrl = QVariant(QMetaType::fromType<QString>()); // NULL: the account's webhook
    };

    explicit QueuedMessageRows(SqlSession &session);

    void add(const Row &row);
    void flush() { m_insert.flush(); }

private:
    BulkInsert m_insert;
    qint64 m_now;
    QVariant m_queued;
};

} // namespace ogene
