#include "paystackstandinprocess.h"

#include <QElapsedTimer>
#include <QProcessEnvironment>
#include <QRegularExpression>

PaystackStandinProcess::PaystackStandinProcess()
{
    QProcessEnvironment environment = QProcessEnvironment::systemEnvironment();
    environment.insert(QStringLiteral("OGENE_PAYSTACK_SECRET_KEY"), QLatin1String(SecretKey));
    m_process.setProcessEnvironment(environment);
    m_process.setProcessChannelMode(QProcess::MergedChannels);
}

PaystackStandinProcess::~PaystackStandinProcess()
{
    stop();
}

QString PaystackStandinProcess::binary()
{
    return QStringLiteral(OGENE_PAYSTACK_STANDIN_BINARY);
}

QString PaystackStandinProcess::baseUrl() const
{
    return QStringLiteral("http://127.0.0.1:%1").arg(m_port);
}

QString PaystackStandinProcess::output()
{
    m_output += QString::fromUtf8(m_process.readAll());
    return m_output;
}

bool PaystackStandinProcess::start()
{
    m_output.clear();
    m_port = 0;
    m_process.start(binary(), {QStringLiteral("--listen"), QStringLiteral("127.0.0.1:0")});
    if (!m_process.waitForStarted(5000))
        return false;
    static const QRegularExpression listening(QStringLiteral("listening on 127\\.0\\.0\\.1:(\\d+)"));
    QElapsedTimer waited;
    waited.start();
    while (m_port == 0 && waited.elapsed() < 15000) {
        if (m_process.state() != QProcess::Running)
            return false;
        m_process.waitForReadyRead(100);
        const QRegularExpressionMatch match = listening.match(output());
        if (match.hasMatch())
            m_port = quint16(match.captured(1).toUInt());
    }
    if (m_port == 0)
        return false;
    m_api = std::make_unique<ApiClient>(baseUrl());
    return true;
}

void PaystackStandinProcess::stop()
{
    if (m_process.state() == QProcess::NotRunning)
        return;
    m_process.terminate();
    if (!m_process.waitForFinished(5000)) {
        m_process.kill();
        m_process.waitForFinished(5000);
    }
    output();
}

bool PaystackStandinProcess::setMode(const QString &mode)
{
    return m_api->post(QStringLiteral("/standin/settings"), {{QStringLiteral("mode"), mode}}).status == 200;
}

bool PaystackStandinProcess::setWebhookUrl(const QString &url)
{
    return m_api->post(QStringLiteral("/standin/settings"), {{QStringLiteral("webhook_url"), url}}).status == 200;
}

ApiReply PaystackStandinProcess::pay(const QString &reference, const QJsonObject &options)
{
    return m_api->post(QStringLiteral("/standin/transactions/%1/pay").arg(reference), options);
}

ApiReply PaystackStandinProcess::resendWebhook(const QString &reference)
{
    return m_api->post(QStringLiteral("/standin/transactions/%1/webhook").arg(reference), {});
}

ApiReply PaystackStandinProcess::verify(const QString &reference)
{
    return m_api->get(QStringLiteral("/transaction/verify/%1").arg(reference), QLatin1String(SecretKey));
}
