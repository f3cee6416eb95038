#include "ogene/restclient.h"

#include <QJsonDocument>
#include <QNetworkReply>
#include <QPointer>
#include <QSslError>

namespace ogene {

RestClient::RestClient(QObject *parent)
    : QObject(parent)
{
    m_network.setAutoDeleteReplies(true);
    m_network.setTransferTimeout(TimeoutMs);
}

void RestClient::finished(int change)
{
    const bool wasBusy = isBusy();
    m_pending += change;
    if (wasBusy != isBusy())
        Q_EMIT busyChanged(isBusy());
}

void RestClient::send(const QByteArray &method, const QString &path, const QUrlQuery &query, const QJsonObject &body,
                      QObject *context, Handler handler)
{
    QUrl url = m_baseUrl;
    url.setPath(m_baseUrl.path().chopped(m_baseUrl.path().endsWith(QLatin1Char('/')) ? 1 : 0) + path);
    if (!query.isEmpty())
        url.setQuery(query);
    QNetworkRequest request(url);
    request.setRawHeader("Accept", "application/json");
    if (!m_token.isEmpty())
        request.setRawHeader("Authorization", "Bearer " + m_token.toUtf8());
    QByteArray payload;
    if (method != "GET") {
        request.setHeader(QNetworkRequest::ContentTypeHeader, QStringLiteral("application/json"));
        payload = QJsonDocument(body).toJson(QJsonDocument::Compact);
    }
    QNetworkReply *reply = m_network.sendCustomRequest(request, method, payload);
    finished(+1);

    // The TLS errors are kept to say what was wrong; the handshake is left to fail.
    auto tlsErrors = std::make_shared<QStringList>();
    connect(reply, &QNetworkReply::sslErrors, reply, [tlsErrors](const QList<QSslError> &errors) {
        for (const QSslError &error : errors)
            tlsErrors->append(error.errorString());
    });
    QPointer<QObject> guard(context);
    connect(reply, &QNetworkReply::finished, this, [this, reply, guard, handler, tlsErrors] {
        finished(-1);
        if (!guard)
            return;
        RestReply answer;
        answer.status = reply->attribute(QNetworkRequest::HttpStatusCodeAttribute).toInt();
        const QByteArray bytes = reply->readAll();
        if (answer.status == 0) {
            if (!tlsErrors->isEmpty())
                answer.failure = ApiFailure::network(tr("The appliance's TLS certificate was refused: %1").arg(tlsErrors->join(QStringLiteral("; "))), true);
            else if (reply->error() == QNetworkReply::OperationCanceledError)
                answer.failure = ApiFailure::network(tr("The appliance did not answer within %1 seconds.").arg(TimeoutMs / 1000));
            else
                answer.failure = ApiFailure::network(tr("Could not reach the appliance: %1").arg(reply->errorString()),
                                                     reply->error() == QNetworkReply::SslHandshakeFailedError);
        } else if (answer.status >= 400) {
            answer.failure = ApiFailure::fromEnvelope(answer.status, bytes);
        } else {
            answer.json = QJsonDocument::fromJson(bytes).object();
        }
        handler(answer);
    });
}

} // namespace ogene
