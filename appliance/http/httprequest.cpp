#include "http/httprequest.h"

namespace ogene {

QByteArray HttpRequest::header(QByteArrayView lowerCaseName) const
{
    for (const auto &[name, value] : headers) {
        if (name == lowerCaseName)
            return value;
    }
    return {};
}

QByteArray HttpRequest::bearerToken() const
{
    constexpr int MaxBearerLength = 256;
    const QByteArray authorization = header("authorization");
    if (authorization.size() < 7 || authorization.left(7).toLower() != "bearer ")
        return {};
    const QByteArray token = authorization.mid(7).trimmed();
    if (token.size() > MaxBearerLength)
        return {};
    return token;
}

} // namespace ogene
