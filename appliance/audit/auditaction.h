#pragma once

#include <QByteArray>
#include <QString>

#include <optional>

namespace ogene {

// What the audit log calls a change an admin route makes, read off the route itself so that a new
// admin route is audited without anyone remembering to: POST /api/admin/users/{id}/suspend is
// `user.suspend` on target `user` {id}; PUT /api/admin/routes is `route.update`; a route without
// {id} that creates (POST /api/admin/users) takes its target id from the record it answers.
struct AuditAction
{
    QString name;
    QString targetType;
    QString targetParameter; // the path parameter naming the target; empty when there is none

    // The action of a route that changes something on behalf of an admin; empty for reads.
    static std::optional<AuditAction> forRoute(const QByteArray &method, const QString &pattern);
};

} // namespace ogene
