#pragma once

#include <QJsonArray>
#include <QJsonObject>
#include <QList>
#include <QString>

// One run of netsmpp-session.pl: a real Net::SMPP client driven through the given steps against
// the appliance's SMPP port. Each line the script prints is one answer, kept in order.
class NetSmppSession
{
public:
    NetSmppSession(const QString &host, quint16 port);

    // Runs the steps and waits for the script to end; false (see error()) when it could not run,
    // did not finish in time, or printed something that is not a JSON line.
    bool run(const QJsonArray &steps, int timeoutMs = 60000);

    QList<QJsonObject> answers() const { return m_answers; }
    // The answers of one op, in order ("bind", "submit", "receipt", "unsolicited", …).
    QList<QJsonObject> answers(const QString &op) const;
    // The first answer of that op; an empty object when there is none.
    QJsonObject answer(const QString &op) const;
    QString error() const { return m_error; }
    // Everything the script printed, for failure messages.
    QString transcript() const { return m_transcript; }

    static QString script();
    static QJsonObject connect() { return {{QStringLiteral("op"), QStringLiteral("connect")}}; }
    static QJsonObject bind(const QString &mode, const QString &systemId, const QString &password);
    static QJsonObject submit(const QString &source, const QString &destination, const QString &text,
                              const QJsonObject &extra = {});
    static QJsonObject step(const QString &op, const QJsonObject &extra = {});

private:
    QString m_host;
    quint16 m_port;
    QList<QJsonObject> m_answers;
    QString m_error;
    QString m_transcript;
};
