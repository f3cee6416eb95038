#pragma once

#include <QJsonObject>
#include <QList>
#include <QProcess>
#include <QString>

#include <functional>

// The test SMSC (smsc/smsc.js on the npm smpp package) as a child process on a free loopback port.
// Everything it does arrives as JSON events, kept in order for the test to inspect.
class TestSmsc
{
public:
    TestSmsc() = default;
    ~TestSmsc();

    // Starts it and waits until it listens; false with *why on failure.
    bool start(QString *why, quint16 port = 0);
    void stop();
    bool isRunning() const { return m_process.state() == QProcess::Running; }
    quint16 port() const { return m_port; }

    // Every event so far with this "event" name (all events when empty).
    QList<QJsonObject> events(const QString &name = {});
    // submit_sm events for one destination number (digits, no "+").
    QList<QJsonObject> submissionsTo(const QString &destination);
    int count(const QString &name) { return int(events(name).size()); }

    static QString directory();

private:
    void readEvents();

    QProcess m_process;
    QByteArray m_buffer;
    QList<QJsonObject> m_events;
    quint16 m_port = 0;
};
