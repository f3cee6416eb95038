#include "statuslabels.h"

namespace ogene {

QString StatusLabels::message(const QString &status)
{
    if (status == QLatin1String("queued"))
        return tr("Queued");
    if (status == QLatin1String("sent"))
        return tr("Sent");
    if (status == QLatin1String("delivered"))
        return tr("Delivered");
    if (status == QLatin1String("failed"))
        return tr("Failed");
    return status;
}

QString StatusLabels::senderId(const QString &status)
{
    if (status == QLatin1String("pending"))
        return tr("Pending");
    if (status == QLatin1String("approved"))
        return tr("Approved");
    if (status == QLatin1String("rejected"))
        return tr("Rejected");
    return status;
}

QString StatusLabels::payment(const QString &status)
{
    if (status == QLatin1String("pending"))
        return tr("Pending");
    if (status == QLatin1String("success"))
        return tr("Successful");
    if (status == QLatin1String("failed"))
        return tr("Failed");
    if (status == QLatin1String("abandoned"))
        return tr("Abandoned");
    if (status == QLatin1String("mismatch"))
        return tr("Mismatch");
    return status;
}

QString StatusLabels::campaign(const QString &status)
{
    if (status == QLatin1String("draft"))
        return tr("Draft");
    if (status == QLatin1String("queued"))
        return tr("Queued");
    if (status == QLatin1String("processing"))
        return tr("Sending");
    if (status == QLatin1String("completed"))
        return tr("Completed");
    if (status == QLatin1String("cancelled"))
        return tr("Cancelled");
    return status;
}

QString StatusLabels::gateway(const QString &state)
{
    if (state == QLatin1String("up"))
        return tr("Up");
    if (state == QLatin1String("connecting"))
        return tr("Connecting");
    if (state == QLatin1String("down"))
        return tr("Down");
    return state;
}

} // namespace ogene
