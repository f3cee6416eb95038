#pragma once

#include "ogene/apifailure.h"

#include <QJsonObject>
#include <QNetworkAccessManager>
#include <QObject>
#include <QUrl>
#include <QUrlQuery>

#include <functional>
#include <optional>

namespace ogene {

// One answer of the REST API: the JSON body when it succeeded, the failure otherwise.
struct RestReply
{
    int status = 0;
    QJsonObject json;
    std::optional<ApiFailure> failure;

    bool ok() const { return !failure.has_value(); }
};

// The console's way to the appliance: asynchronous JSON requests with the bearer token. Nothing
// blocks; each answer comes back on the caller's thread through a handler bound to a context
// object, so a closed view is never called back. TLS errors are reported, never ignored.
class RestClient : public QObject
{
    Q_OBJECT
public:
    using Handler = std::function<void(const RestReply &)>;
    static constexpr int TimeoutMs = 30000;

    explicit RestClient(QObject *parent = nullptr);

    void setBaseUrl(const QUrl &url) { m_baseUrl = url; }
    QUrl baseUrl() const { return m_baseUrl; }
    void setToken(const QString &token) { m_token = token; }
    QString token() const { return m_token; }
    bool isBusy() const { return m_pending > 0; }

    void send(const QByteArray &method, const QString &path, const QUrlQuery &query, const QJsonObject &body, QObject *context,
              Handler handler);

Q_SIGNALS:
    // True while at least one request is under way: the console's busy indicator.
    void busyChanged(bool busy);

private:
    void finished(int change);

    QNetworkAccessManager m_network;
    QUrl m_baseUrl;
    QString m_token;
    int m_pending = 0;
};

} // namespace ogene
