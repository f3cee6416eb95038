#pragma once

#include <QByteArray>
#include <QMap>
#include <QString>

namespace ogene {

// Why an API call did not succeed, as a person should read it: the error envelope's message and
// its per-field errors, or what went wrong on the way (no connection, a TLS error, a timeout).
struct ApiFailure
{
    int status = 0;            // the HTTP status; 0 when no answer came
    QString message;           // the envelope's message, or the network's own words
    QMap<QString, QString> fieldErrors; // errors.{field} of the envelope
    bool tlsError = false;     // the server's certificate was refused; never ignored

    static ApiFailure fromEnvelope(int status, const QByteArray &body);
    static ApiFailure network(const QString &message, bool tls = false);
    QString fieldError(const QString &field) const { return fieldErrors.value(field); }
    // The message and, after it, every field error that no form shows beside its field.
    QString describe() const;
};

} // namespace ogene
