#pragma once

#include <QList>
#include <QObject>
#include <QTcpServer>
#include <QUrl>

// A tiny HTTP server on a free loopback port that stands where a Kannel user's application would:
// it answers every request 200 and keeps the URL of each, so that a test can see the delivery
// reports Kannel calls its dlr-url with.
class DlrListener : public QObject
{
    Q_OBJECT
public:
    explicit DlrListener(QObject *parent = nullptr);

    bool listen();
    quint16 port() const { return m_server.serverPort(); }
    // The URLs requested so far (path and query, as sent).
    QList<QUrl> requests() const { return m_requests; }

private:
    void serve(QTcpSocket *socket);

    QTcpServer m_server;
    QList<QUrl> m_requests;
};
