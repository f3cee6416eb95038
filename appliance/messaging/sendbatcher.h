#pragma once

#include "messaging/messageacceptor.h"

#include <QObject>

#include <functional>

namespace ogene {

class Store;

// Group commit for sends. Sends arriving while the store is busy with earlier ones wait here and
// are then accepted together, in one store job: each account's balance and sender IDs read once,
// each wallet moved once, one commit. Each caller is answered with its own outcome, after the
// commit. Under light load a batch is a single send and nothing waits. A batch holds its slot
// until it has committed, not until it is on disk: the flush of one batch overlaps the writing of
// the next.
class SendBatcher : public QObject
{
    Q_OBJECT
public:
    using Done = std::function<void(AcceptOutcome)>;
    using Failed = std::function<void(std::exception_ptr)>;

    SendBatcher(Store &store, int mostJobsInFlight, QObject *parent = nullptr);

    void submit(const SendRequest &request, Done done, Failed failed);

private:
    struct Pending
    {
        SendRequest request;
        Done done;
        Failed failed;
    };
    void flush();

    Store &m_store;
    int m_mostJobsInFlight;
    int m_jobsInFlight = 0;
    QList<Pending> m_pending;
};

} // namespace ogene
