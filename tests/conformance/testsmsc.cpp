#include "testsmsc.h"

#include <QCoreApplication>
#include <QDeadlineTimer>
#include <QDir>
#include <QFileInfo>
#include <QJsonDocument>

TestSmsc::~TestSmsc()
{
    stop();
}

QString TestSmsc::directory()
{
    return QStringLiteral(OGENE_TEST_SMSC_DIR);
}

bool TestSmsc::start(QString *why, quint16 port)
{
    const QString script = QDir(directory()).filePath(QStringLiteral("smsc.js"));
    if (!QFileInfo::exists(QDir(directory()).filePath(QStringLiteral("node_modules/smpp")))) {
        *why = QStringLiteral("the npm smpp package is missing in %1 (run tests/conformance/smsc/install.sh)").arg(directory());
        return false;
    }
    m_events.clear();
    m_buffer.clear();
    m_port = 0;
    m_process.setProcessChannelMode(QProcess::SeparateChannels);
    m_process.setWorkingDirectory(directory());
    m_process.start(QStringLiteral("node"), {script, QStringLiteral("--port"), QString::number(port)});
    if (!m_process.waitForStarted(10000)) {
        *why = QStringLiteral("cannot start node: %1").arg(m_process.errorString());
        return false;
    }
    const QDeadlineTimer deadline(15000);
    while (m_port == 0 && !deadline.hasExpired() && m_process.state() == QProcess::Running) {
        m_process.waitForReadyRead(200);
        readEvents();
        for (const QJsonObject &event : std::as_const(m_events)) {
            if (event.value(QStringLiteral("event")).toString() == QLatin1String("listening"))
                m_port = quint16(event.value(QStringLiteral("port")).toInt());
        }
    }
    if (m_port == 0)
        *why = QStringLiteral("the test SMSC did not start: %1").arg(QString::fromUtf8(m_process.readAllStandardError()));
    return m_port != 0;
}

void TestSmsc::stop()
{
    if (m_process.state() == QProcess::NotRunning)
        return;
    m_process.kill();
    m_process.waitForFinished(5000);
}

void TestSmsc::readEvents()
{
    m_buffer += m_process.readAllStandardOutput();
    qsizetype end;
    while ((end = m_buffer.indexOf('\n')) >= 0) {
        const QJsonObject event = QJsonDocument::fromJson(m_buffer.left(end)).object();
        m_buffer.remove(0, end + 1);
        if (!event.isEmpty())
            m_events.append(event);
    }
}

QList<QJsonObject> TestSmsc::events(const QString &name)
{
    QCoreApplication::processEvents();
    if (m_process.state() == QProcess::Running)
        m_process.waitForReadyRead(0);
    readEvents();
    if (name.isEmpty())
        return m_events;
    QList<QJsonObject> matching;
    for (const QJsonObject &event : std::as_const(m_events)) {
        if (event.value(QStringLiteral("event")).toString() == name)
            matching.append(event);
    }
    return matching;
}

QList<QJsonObject> TestSmsc::submissionsTo(const QString &destination)
{
    QList<QJsonObject> matching;
    for (const QJsonObject &event : events(QStringLiteral("submit_sm"))) {
        if (event.value(QStringLiteral("destination")).toString() == destination)
            matching.append(event);
    }
    return matching;
}
