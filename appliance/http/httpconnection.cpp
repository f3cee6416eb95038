#include "http/httpconnection.h"

#include <QLoggingCategory>
#include <QTcpSocket>
#include <QUrl>

Q_LOGGING_CATEGORY(lcHttp, "ogene.http")

namespace ogene {
namespace {

constexpr qint64 SocketReadBuffer = 64 * 1024;

bool isToken(QByteArrayView text)
{
    if (text.isEmpty())
        return false;
    for (char c : text) {
        if (c <= 32 || c >= 127 || QByteArrayView("()<>@,;:\\\"/[]?={}").contains(c))
            return false;
    }
    return true;
}

QHostAddress plainAddress(const QHostAddress &address)
{
    bool isV4 = false;
    const quint32 v4 = address.toIPv4Address(&isV4);
    return isV4 ? QHostAddress(v4) : address;
}

} // namespace

HttpResponder::HttpResponder(HttpConnection *connection, quint64 requestNumber)
    : m_connection(connection)
    , m_requestNumber(requestNumber)
{
}

void HttpResponder::send(const HttpResponse &response) const
{
    if (m_connection)
        m_connection->respond(m_requestNumber, response);
}

HttpConnection::HttpConnection(QTcpSocket *socket, const HttpLimits &limits, Handler handler, QObject *parent)
    : QObject(parent)
    , m_socket(socket)
    , m_limits(limits)
    , m_handler(std::move(handler))
{
    m_socket->setParent(this);
    m_socket->setReadBufferSize(SocketReadBuffer);
    m_socket->setSocketOption(QAbstractSocket::LowDelayOption, 1);
    m_timer.setSingleShot(true);
    connect(&m_timer, &QTimer::timeout, this, &HttpConnection::onTimeout);
    connect(m_socket, &QTcpSocket::readyRead, this, &HttpConnection::onReadyRead);
    connect(m_socket, &QTcpSocket::disconnected, this, &QObject::deleteLater);
    connect(m_socket, &QTcpSocket::errorOccurred, this, [this](QAbstractSocket::SocketError error) {
        if (error != QAbstractSocket::RemoteHostClosedError)
            qCDebug(lcHttp) << "connection error:" << m_socket->errorString();
        if (m_socket->state() == QAbstractSocket::UnconnectedState)
            deleteLater();
    });
    m_timerIsIdle = true;
    m_timer.start(m_limits.idleTimeoutMs);
    processBuffer();
}

void HttpConnection::onReadyRead()
{
    if (m_state == State::Closing) {
        m_socket->readAll(); // drained so that closing does not reset the connection under the answer
        return;
    }
    if (m_state != State::Waiting)
        processBuffer();
}

void HttpConnection::processBuffer()
{
    for (;;) {
        if (m_state == State::Waiting || m_state == State::Closing)
            return;
        m_buffer += m_socket->readAll();

        if (m_state == State::Head) {
            // Empty lines before a request line are allowed (RFC 9112, 2.2).
            while (m_buffer.startsWith("\r\n"))
                m_buffer.remove(0, 2);
            if (m_buffer.isEmpty()) {
                if (!m_timerIsIdle || !m_timer.isActive()) {
                    m_timerIsIdle = true;
                    m_timer.start(m_limits.idleTimeoutMs);
                }
                return;
            }
            if (m_timerIsIdle) {
                // The first byte of a request starts the clock for the whole request (slow clients).
                m_timerIsIdle = false;
                m_timer.start(m_limits.requestTimeoutMs);
            }
            const qsizetype headEnd = m_buffer.indexOf("\r\n\r\n");
            if (headEnd < 0) {
                if (m_buffer.size() > m_limits.maxHeaderBytes)
                    fail(431, QStringLiteral("Request headers are too large."));
                return;
            }
            if (headEnd + 4 > m_limits.maxHeaderBytes) {
                fail(431, QStringLiteral("Request headers are too large."));
                return;
            }
            if (!parseHead(headEnd))
                return;
            continue;
        }

        if (m_state == State::Body) {
            if (m_buffer.size() < m_bodyRemaining)
                return;
            m_request.body = m_buffer.left(m_bodyRemaining);
            m_buffer.remove(0, m_bodyRemaining);
            dispatch();
            return;
        }

        if (m_state == State::ChunkedBody) {
            if (!readChunks())
                return;
            dispatch();
            return;
        }
    }
}

bool HttpConnection::parseHead(qsizetype headEnd)
{
    const QByteArray head = m_buffer.left(headEnd);
    m_buffer.remove(0, headEnd + 4);
    const QList<QByteArray> lines = head.split('\n');

    QByteArray requestLine = lines.first();
    if (requestLine.endsWith('\r'))
        requestLine.chop(1);
    const QList<QByteArray> parts = requestLine.split(' ');
    if (parts.size() != 3 || !isToken(parts[0]) || !parts[1].startsWith('/')) {
        fail(400, QStringLiteral("The request line is malformed."));
        return false;
    }
    const QByteArray &version = parts[2];
    if (version != "HTTP/1.1" && version != "HTTP/1.0") {
        fail(505, QStringLiteral("Only HTTP/1.0 and HTTP/1.1 are supported."));
        return false;
    }

    m_request = HttpRequest();
    m_request.method = parts[0];
    m_request.peer = plainAddress(m_socket->peerAddress());
    const QByteArray &target = parts[1];
    const qsizetype question = target.indexOf('?');
    m_request.path = QUrl::fromPercentEncoding(target.left(question < 0 ? target.size() : question));
    if (question >= 0) {
        QByteArray query = target.mid(question + 1);
        query.replace('+', "%20"); // form encoding writes spaces as +
        m_request.query = QUrlQuery(QString::fromUtf8(query));
    }

    if (lines.size() - 1 > m_limits.maxHeaders) {
        fail(431, QStringLiteral("Too many request headers."));
        return false;
    }
    qint64 contentLength = -1;
    bool chunked = false;
    QByteArray connection;
    QByteArray expect;
    for (qsizetype i = 1; i < lines.size(); ++i) {
        QByteArray line = lines[i];
        if (line.endsWith('\r'))
            line.chop(1);
        const qsizetype colon = line.indexOf(':');
        if (colon <= 0 || !isToken(QByteArrayView(line).first(colon))) {
            fail(400, QStringLiteral("A request header is malformed."));
            return false;
        }
        const QByteArray name = line.left(colon).toLower();
        const QByteArray value = line.mid(colon + 1).trimmed();
        if (name == "content-length") {
            bool ok = false;
            const qint64 length = value.toLongLong(&ok);
            if (!ok || length < 0 || (contentLength >= 0 && contentLength != length)) {
                fail(400, QStringLiteral("Content-Length is invalid."));
                return false;
            }
            contentLength = length;
        } else if (name == "transfer-encoding") {
            if (value.toLower() != "chunked") {
                fail(501, QStringLiteral("Only the chunked transfer encoding is supported."));
                return false;
            }
            chunked = true;
        } else if (name == "connection") {
            connection = value.toLower();
        } else if (name == "expect") {
            expect = value.toLower();
        }
        m_request.headers.append({name, value});
    }
    if (chunked && contentLength >= 0) {
        fail(400, QStringLiteral("Content-Length and Transfer-Encoding cannot both be given."));
        return false;
    }
    m_keepAlive = version == "HTTP/1.1" ? !connection.contains("close") : connection.contains("keep-alive");

    if (contentLength > maxBodyBytes()) {
        fail(413, QStringLiteral("The request body is larger than %1 bytes.").arg(maxBodyBytes()));
        return false;
    }
    const bool hasBody = chunked || contentLength > 0;
    if (hasBody && expect == "100-continue" && m_buffer.isEmpty())
        m_socket->write("HTTP/1.1 100 Continue\r\n\r\n");

    if (chunked) {
        m_state = State::ChunkedBody;
    } else if (contentLength > 0) {
        m_bodyRemaining = contentLength;
        m_state = State::Body;
    } else {
        dispatch();
    }
    return m_state != State::Closing;
}

bool HttpConnection::readChunks()
{
    // Consumes whole chunks from the buffer into the body; true once the last chunk has arrived.
    for (;;) {
        const qsizetype lineEnd = m_buffer.indexOf("\r\n");
        if (lineEnd < 0) {
            if (m_buffer.size() > 1024)
                fail(400, QStringLiteral("A chunk header is malformed."));
            return false;
        }
        QByteArray sizeText = m_buffer.left(lineEnd);
        const qsizetype extension = sizeText.indexOf(';');
        if (extension >= 0)
            sizeText.truncate(extension);
        bool ok = false;
        const qint64 size = sizeText.trimmed().toLongLong(&ok, 16);
        if (!ok || size < 0) {
            fail(400, QStringLiteral("A chunk header is malformed."));
            return false;
        }
        if (m_request.body.size() + size > maxBodyBytes()) {
            fail(413, QStringLiteral("The request body is larger than %1 bytes.").arg(maxBodyBytes()));
            return false;
        }
        if (size == 0) {
            // The last chunk, then optional trailers, then an empty line.
            const qsizetype end = m_buffer.indexOf("\r\n\r\n", lineEnd);
            if (m_buffer.mid(lineEnd, 2) == "\r\n" && m_buffer.mid(lineEnd + 2, 2) == "\r\n") {
                m_buffer.remove(0, lineEnd + 4);
                return true;
            }
            if (end < 0)
                return false;
            m_buffer.remove(0, end + 4);
            return true;
        }
        if (m_buffer.size() < lineEnd + 2 + size + 2)
            return false;
        if (m_buffer.mid(lineEnd + 2 + size, 2) != "\r\n") {
            fail(400, QStringLiteral("A chunk is malformed."));
            return false;
        }
        m_request.body += m_buffer.mid(lineEnd + 2, size);
        m_buffer.remove(0, lineEnd + 2 + size + 2);
    }
}

void HttpConnection::dispatch()
{
    m_state = State::Waiting;
    m_timer.stop();
    ++m_requestNumber;
    m_handler(std::move(m_request), HttpResponder(this, m_requestNumber));
}

void HttpConnection::respond(quint64 requestNumber, const HttpResponse &response)
{
    if (requestNumber != m_requestNumber || m_state != State::Waiting)
        return;
    m_socket->write(response.serialize(m_keepAlive));
    if (!m_keepAlive) {
        m_state = State::Closing;
        m_socket->disconnectFromHost();
        return;
    }
    m_state = State::Head;
    m_timerIsIdle = true;
    m_timer.start(m_limits.idleTimeoutMs);
    if (!m_buffer.isEmpty() || m_socket->bytesAvailable() > 0) {
        // A pipelined request is already here; read it from the event loop, not from inside the
        // handler that answered, so a long pipeline never deepens the stack.
        QMetaObject::invokeMethod(this, &HttpConnection::processBuffer, Qt::QueuedConnection);
    }
}

void HttpConnection::fail(int status, const QString &message, const QJsonObject &errors)
{
    m_socket->write(HttpResponse::error(status, message, errors).serialize(false));
    m_state = State::Closing;
    m_buffer.clear();
    m_timer.stop();
    m_socket->disconnectFromHost();
}

void HttpConnection::onTimeout()
{
    if (m_state == State::Waiting || m_state == State::Closing)
        return;
    if (m_timerIsIdle && m_buffer.isEmpty()) {
        m_state = State::Closing;
        m_socket->disconnectFromHost();
        return;
    }
    fail(408, QStringLiteral("The request was not received in time."));
}

} // namespace ogene
