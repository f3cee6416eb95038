#pragma once

#include "http/httplimits.h"
#include "http/httprequest.h"
#include "http/httpresponse.h"

#include <QObject>
#include <QPointer>
#include <QTimer>

#include <functional>

class QTcpSocket;

namespace ogene {

class HttpConnection;

// Answers one request. Copies are cheap; the first answer counts, and an answer to a connection the
// client has already closed is dropped, so work finishing late never touches a dead socket.
class HttpResponder
{
public:
    HttpResponder() = default;
    HttpResponder(HttpConnection *connection, quint64 requestNumber);
    void send(const HttpResponse &response) const;

private:
    QPointer<HttpConnection> m_connection;
    quint64 m_requestNumber = 0;
};

// One client connection: parses HTTP/1.0 and 1.1 requests, enforces the limits, hands each whole
// request on, and writes the answers in order (the next request is read only once the current one
// is answered).
class HttpConnection : public QObject
{
    Q_OBJECT
public:
    using Handler = std::function<void(HttpRequest request, HttpResponder responder)>;

    HttpConnection(QTcpSocket *socket, const HttpLimits &limits, Handler handler, QObject *parent);

    void respond(quint64 requestNumber, const HttpResponse &response);

private:
    enum class State { Head, Body, ChunkedBody, Waiting, Closing };

    void onReadyRead();
    // The body limit of the request being read (its route may allow more than the default).
    qint64 maxBodyBytes() const { return m_limits.maxBodyBytesFor(m_request.method, m_request.path); }
    void processBuffer();
    bool parseHead(qsizetype headEnd);
    bool readChunks();
    void dispatch();
    void fail(int status, const QString &message, const QJsonObject &errors = {});
    void onTimeout();

    QTcpSocket *m_socket;
    const HttpLimits &m_limits;
    Handler m_handler;
    QTimer m_timer;
    bool m_timerIsIdle = true;

    State m_state = State::Head;
    QByteArray m_buffer;
    HttpRequest m_request;
    qint64 m_bodyRemaining = 0;
    bool m_keepAlive = true;
    quint64 m_requestNumber = 0;
};

} // namespace ogene
