#pragma once

#include <QCoreApplication>
#include <QString>

namespace ogene {

// The API's state names (queued, approved, mismatch, …) as the operator reads them, translated.
// A name the console does not know yet is shown as the API gave it.
class StatusLabels
{
    Q_DECLARE_TR_FUNCTIONS(StatusLabels)
public:
    static QString message(const QString &status);
    static QString senderId(const QString &status);
    static QString payment(const QString &status);
    static QString campaign(const QString &status);
    static QString gateway(const QString &state);
};

} // namespace ogene
