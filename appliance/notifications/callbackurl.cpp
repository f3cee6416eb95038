#include "notifications/callbackurl.h"

#include "http/fieldvalidator.h"

#include <QUrl>

namespace ogene {

std::optional<QString> CallbackUrl::read(FieldValidator &fields, const QString &field, bool required)
{
    const std::optional<QString> text =
        required ? std::optional<QString>(fields.requiredText(field, MaxLength)) : fields.optionalText(field, MaxLength);
    if (!text || text->isEmpty())
        return std::nullopt;
    const QUrl url(*text, QUrl::StrictMode);
    if (!url.isValid() || url.host().isEmpty()
        || (url.scheme() != QLatin1String("http") && url.scheme() != QLatin1String("https"))) {
        fields.reject(field, QStringLiteral("The %1 must be an http:// or https:// URL.").arg(field));
        return std::nullopt;
    }
    return text;
}

} // namespace ogene
