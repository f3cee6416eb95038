#pragma once

#include <QObject>
#include <QTimer>

#include <functional>

namespace ogene {

// Work asked for many times before the event loop comes round runs once: a burst of wake-ups
// (one per accepted send, say) costs one pass.
class CoalescedCall
{
public:
    CoalescedCall(QObject *context, std::function<void()> work)
        : m_context(context)
        , m_work(std::move(work))
    {
    }

    void request()
    {
        if (m_pending)
            return;
        m_pending = true;
        QTimer::singleShot(0, m_context, [this] {
            m_pending = false;
            m_work();
        });
    }

private:
    QObject *m_context;
    std::function<void()> m_work;
    bool m_pending = false;
};

} // namespace ogene
