#include "campaigns/pooltask.h"

#include <QPointer>
#include <QThreadPool>

namespace ogene {

void PoolTask::run(const ApiCall &call, std::function<void()> work, std::function<void()> next)
{
    QPointer<QObject> context(call.context());
    QThreadPool::globalInstance()->start([call, context, work = std::move(work), next = std::move(next)] {
        std::exception_ptr error;
        try {
            work();
        } catch (...) {
            error = std::current_exception();
        }
        if (!context)
            return;
        QMetaObject::invokeMethod(
            context.data(),
            [call, error, next] {
                if (error) {
                    call.replyWithException(error);
                    return;
                }
                try {
                    next();
                } catch (...) {
                    call.replyWithException(std::current_exception());
                }
            },
            Qt::QueuedConnection);
    });
}

} // namespace ogene
