#include "dlrlistener.h"

#include <QTcpSocket>

DlrListener::DlrListener(QObject *parent)
    : QObject(parent)
{
    connect(&m_server, &QTcpServer::newConnection, this, [this] {
        while (QTcpSocket *socket = m_server.nextPendingConnection())
            serve(socket);
    });
}

bool DlrListener::listen()
{
    return m_server.listen(QHostAddress::LocalHost, 0);
}

void DlrListener::serve(QTcpSocket *socket)
{
    socket->setParent(this);
    connect(socket, &QTcpSocket::disconnected, socket, &QObject::deleteLater);
    connect(socket, &QTcpSocket::readyRead, socket, [this, socket] {
        // Kannel's DLR call is a GET without a body: the request ends at the blank line.
        QByteArray request = socket->property("request").toByteArray() + socket->readAll();
        socket->setProperty("request", request);
        if (!request.contains("\r\n\r\n"))
            return;
        const QList<QByteArray> requestLine = request.left(request.indexOf("\r\n")).split(' ');
        if (requestLine.size() >= 2)
            m_requests.append(QUrl::fromEncoded(requestLine.at(1)));
        socket->write("HTTP/1.1 200 OK\r\nContent-Type: text/plain\r\nContent-Length: 3\r\nConnection: close\r\n\r\nok\n");
        socket->disconnectFromHost();
    });
}
