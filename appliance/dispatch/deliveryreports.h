#pragma once

#include <QString>

#include <optional>

namespace ogene {

class SqlSession;

// Applies a carrier's delivery report to the message it is about. DELIVRD → delivered;
// UNDELIV, REJECTD, EXPIRED, DELETED and UNKNOWN → failed with a reason such as "UNDELIV (err 001)";
// ACCEPTD and ENROUTE change nothing. A message in a final state never moves again, so repeats
// are harmless.
class DeliveryReports
{
public:
    enum class Verdict { Delivered, Failed, Pending, Unknown };

    struct Applied
    {
        qint64 messageId = 0;
        QString status;  // the message's status after the report
        bool changed = false;
    };

    static Verdict verdictOf(const QString &statusCode);
    // nullopt when no message of this gateway has that id.
    static std::optional<Applied> apply(SqlSession &session, const QString &gateway, const QString &gatewayMessageId,
                                        const QString &statusCode, const QString &errorCode);
    // For a gateway whose ids are Ogene's message ids: its report can arrive before its answer to
    // the send is recorded. The message, still queued and without a gateway id, takes the gateway
    // and the id now, so that the report (and a rejection's refund) finds it. Answers whether it did.
    static bool matchUnrecorded(SqlSession &session, const QString &gateway, const QString &messageId);
    // The report for one message known by its own id, from a gateway that matched it itself (the
    // SMPP upstream, whose receipt may overtake the record of the submission): the message also takes
    // the gateway and its id when it has none yet. Answers whether the message changed.
    static bool applyById(SqlSession &session, qint64 messageId, const QString &gateway, const QString &gatewayMessageId,
                          const QString &statusCode, const QString &errorCode);
    // The same report for many messages known by their own ids, in one statement; answers how many
    // changed. For reports that need no lookup by the gateway's id (the simulator's), or that the
    // gateway matched itself: then `gateway` is set on messages whose report overtook their submission.
    static int applyToMessages(SqlSession &session, const QList<qint64> &messageIds, const QString &statusCode,
                               const QString &errorCode, const QString &gateway = {});
};

} // namespace ogene
