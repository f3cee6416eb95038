#pragma once

#include <QHash>
#include <QList>
#include <QObject>
#include <QTcpServer>

// A client's webhook endpoint for tests: a small HTTP server on a free loopback port that keeps
// every POST (path, headers, body) and answers with the status codes it is given, one per
// request in turn (the last one repeats; 200 when none is given).
class WebhookReceiver : public QObject
{
    Q_OBJECT
public:
    struct Request
    {
        QByteArray path;
        QHash<QByteArray, QByteArray> headers; // names in lower case
        QByteArray body;
    };

    explicit WebhookReceiver(QObject *parent = nullptr);

    bool listen();
    QString url(const QString &path = QStringLiteral("/hook")) const;
    void answerWith(const QList<int> &statuses) { m_statuses = statuses; }
    QList<Request> requests() const { return m_requests; }

private:
    void serve(QTcpSocket *socket);
    int nextStatus();

    QTcpServer m_server;
    QList<Request> m_requests;
    QList<int> m_statuses;
};
