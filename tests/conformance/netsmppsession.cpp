#include "netsmppsession.h"

#include <QJsonDocument>
#include <QProcess>

NetSmppSession::NetSmppSession(const QString &host, quint16 port)
    : m_host(host)
    , m_port(port)
{
}

QString NetSmppSession::script()
{
    return QStringLiteral(OGENE_CONFORMANCE_DIR "/netsmpp-session.pl");
}

QJsonObject NetSmppSession::bind(const QString &mode, const QString &systemId, const QString &password)
{
    return {{QStringLiteral("op"), QStringLiteral("bind")},
            {QStringLiteral("mode"), mode},
            {QStringLiteral("system_id"), systemId},
            {QStringLiteral("password"), password}};
}

QJsonObject NetSmppSession::submit(const QString &source, const QString &destination, const QString &text,
                                   const QJsonObject &extra)
{
    QJsonObject step = extra;
    step.insert(QStringLiteral("op"), QStringLiteral("submit"));
    step.insert(QStringLiteral("source"), source);
    step.insert(QStringLiteral("destination"), destination);
    step.insert(QStringLiteral("text"), text);
    return step;
}

QJsonObject NetSmppSession::step(const QString &op, const QJsonObject &extra)
{
    QJsonObject step = extra;
    step.insert(QStringLiteral("op"), op);
    return step;
}

bool NetSmppSession::run(const QJsonArray &steps, int timeoutMs)
{
    m_answers.clear();
    m_error.clear();
    QProcess perl;
    perl.start(QStringLiteral("perl"), {script(), m_host, QString::number(m_port),
                                        QString::fromUtf8(QJsonDocument(steps).toJson(QJsonDocument::Compact))});
    if (!perl.waitForStarted(5000)) {
        m_error = QStringLiteral("perl could not start: ") + perl.errorString();
        return false;
    }
    if (!perl.waitForFinished(timeoutMs)) {
        perl.kill();
        perl.waitForFinished(2000);
        m_error = QStringLiteral("netsmpp-session.pl did not finish within %1 ms").arg(timeoutMs);
    }
    const QByteArray out = perl.readAllStandardOutput();
    const QByteArray err = perl.readAllStandardError();
    m_transcript = QString::fromUtf8(out) + QString::fromUtf8(err);
    if (m_error.isEmpty() && (perl.exitStatus() != QProcess::NormalExit || perl.exitCode() != 0))
        m_error = QStringLiteral("netsmpp-session.pl exited with %1: %2").arg(perl.exitCode()).arg(QString::fromUtf8(err));
    for (const QByteArray &line : out.split('\n')) {
        if (line.trimmed().isEmpty())
            continue;
        const QJsonDocument document = QJsonDocument::fromJson(line);
        if (!document.isObject()) {
            m_error = QStringLiteral("not a JSON line: ") + QString::fromUtf8(line);
            return false;
        }
        m_answers.append(document.object());
    }
    return m_error.isEmpty();
}

QList<QJsonObject> NetSmppSession::answers(const QString &op) const
{
    QList<QJsonObject> found;
    for (const QJsonObject &answer : m_answers) {
        if (answer.value(QStringLiteral("op")).toString() == op)
            found.append(answer);
    }
    return found;
}

QJsonObject NetSmppSession::answer(const QString &op) const
{
    const QList<QJsonObject> found = answers(op);
    return found.isEmpty() ? QJsonObject() : found.first();
}
