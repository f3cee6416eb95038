#pragma once

#include <QString>

namespace ogene {

class SqlSession;

// A message refused before any carrier took it: it fails with the reason and its cost goes back to
// the wallet (ledger category refund), in the caller's transaction. Only a message still queued,
// or also one recorded as sent when the refusal comes later (Kannel's "rejected by the SMSC"
// report), and never one already final: so it is refunded once at most.
class MessageRejection
{
public:
    enum class From { Queued, QueuedOrSent };
    static bool failAndRefund(SqlSession &session, qint64 messageId, const QString &gateway, const QString &reason,
                              From from = From::Queued);
};

} // namespace ogene
