#pragma once

#include "core/coalescedcall.h"

#include <QObject>
#include <QTimer>

namespace ogene {

class Dispatcher;
class Store;

// Turns due campaigns into queued messages, one chunk per store transaction, and hands them to
// the dispatcher. It is also the scheduler: a scheduled campaign is due from its scheduled_at,
// and the worker looks every 200 ms, so it starts within a second of it, after a restart too
// (the state is all in the database). A crash loses at most an uncommitted chunk, which is then
// expanded again: each recipient becomes exactly one message. On PostgreSQL, nodes skip a
// campaign another node is expanding (SKIP LOCKED).
class CampaignWorker : public QObject
{
    Q_OBJECT
public:
    CampaignWorker(Store &store, Dispatcher &dispatcher, int mostJobsInFlight, QObject *parent = nullptr);

    void start();
    // A campaign was queued: look now, without waiting for the next tick.
    void wake();

private:
    void pump();
    void checkCompleted();

    Store &m_store;
    Dispatcher &m_dispatcher;
    int m_mostJobsInFlight;
    int m_jobsInFlight = 0;
    bool m_completionInFlight = false;
    QTimer m_tick;
    CoalescedCall m_wake{this, [this] { pump(); }};
};

} // namespace ogene
