#pragma once

#include <QByteArray>
#include <QJsonObject>
#include <QList>
#include <QPair>

// Fires many requests at once, each on its own connection, written before any answer is read,
// so they reach the appliance together; then collects every answer.
class ConcurrentRequests
{
public:
    struct Answer
    {
        int status = 0;
        QJsonObject json;
    };

    ConcurrentRequests(quint16 port, QByteArray method, QByteArray path);
    // One request: its JSON body and extra headers (Authorization, Idempotency-Key, …).
    void add(const QJsonObject &body, const QList<QPair<QByteArray, QByteArray>> &headers);
    // One request to another route in the same burst, with its body exactly as given (a signed
    // webhook body must reach the server byte for byte).
    void add(const QByteArray &method, const QByteArray &path, const QByteArray &body,
             const QList<QPair<QByteArray, QByteArray>> &headers);
    QList<Answer> run(int timeoutMs = 60000);

private:
    quint16 m_port;
    QByteArray m_method;
    QByteArray m_path;
    QList<QByteArray> m_requests;
};
