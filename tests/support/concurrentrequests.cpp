#include "concurrentrequests.h"

#include <QElapsedTimer>
#include <QJsonDocument>
#include <QTcpSocket>
#include <QTest>

#include <memory>

ConcurrentRequests::ConcurrentRequests(quint16 port, QByteArray method, QByteArray path)
    : m_port(port)
    , m_method(std::move(method))
    , m_path(std::move(path))
{
}

void ConcurrentRequests::add(const QJsonObject &body, const QList<QPair<QByteArray, QByteArray>> &headers)
{
    add(m_method, m_path, QJsonDocument(body).toJson(QJsonDocument::Compact), headers);
}

void ConcurrentRequests::add(const QByteArray &method, const QByteArray &path, const QByteArray &payload,
                             const QList<QPair<QByteArray, QByteArray>> &headers)
{
    QByteArray request = method + ' ' + path + " HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Type: application/json\r\n"
                         + "Connection: close\r\nContent-Length: " + QByteArray::number(payload.size()) + "\r\n";
    for (const auto &[name, value] : headers)
        request += name + ": " + value + "\r\n";
    m_requests.append(request + "\r\n" + payload);
}

QList<ConcurrentRequests::Answer> ConcurrentRequests::run(int timeoutMs)
{
    std::vector<std::unique_ptr<QTcpSocket>> sockets;
    for (qsizetype i = 0; i < m_requests.size(); ++i) {
        sockets.push_back(std::make_unique<QTcpSocket>());
        sockets.back()->connectToHost(QHostAddress::LocalHost, m_port);
    }
    for (auto &socket : sockets)
        socket->waitForConnected(5000);
    for (qsizetype i = 0; i < m_requests.size(); ++i) {
        sockets[i]->write(m_requests.at(i));
        sockets[i]->flush();
    }

    QList<QByteArray> received(m_requests.size());
    QElapsedTimer clock;
    clock.start();
    // Connection: close, so an answer is complete when the server closes the connection.
    while (clock.elapsed() < timeoutMs) {
        bool allClosed = true;
        for (qsizetype i = 0; i < m_requests.size(); ++i) {
            received[i] += sockets[i]->readAll();
            if (sockets[i]->state() != QAbstractSocket::UnconnectedState)
                allClosed = false;
        }
        if (allClosed)
            break;
        QTest::qWait(5);
    }

    QList<Answer> answers;
    for (const QByteArray &raw : received) {
        Answer answer;
        const QList<QByteArray> statusLine = raw.left(raw.indexOf("\r\n")).split(' ');
        if (statusLine.size() >= 2)
            answer.status = statusLine.at(1).toInt();
        const qsizetype bodyStart = raw.indexOf("\r\n\r\n");
        if (bodyStart >= 0)
            answer.json = QJsonDocument::fromJson(raw.mid(bodyStart + 4)).object();
        answers.append(answer);
    }
    return answers;
}
