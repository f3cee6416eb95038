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

} // namespace ogene
