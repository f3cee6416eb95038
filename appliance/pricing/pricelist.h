#pragma once

#include <QHash>
#include <QJsonObject>
#include <QMap>
#include <QString>

namespace ogene {

class SqlSession;

// Prices per SMS segment, in minor units: a default per currency, and optional prices for
// destination prefixes ("+234803"), of which the longest that matches the recipient wins.
class PriceList
{
public:
    void setDefault(const QString &currency, qint64 price) { m_defaults.insert(currency, price); }
    void setPrefix(const QString &currency, const QString &prefix, qint64 price) { m_prefixes[currency].insert(prefix, price); }
    void clearPrefixes() { m_prefixes.clear(); }

    qint64 pricePerSegment(const QString &currency, const QString &recipient) const;
    QJsonObject toJson() const;

    // The configured defaults, overridden by what admins stored.
    static PriceList load(SqlSession &session, const QHash<QString, qint64> &configuredDefaults);
    // Replaces the stored prices with this list.
    void save(SqlSession &session) const;

private:
    QHash<QString, qint64> m_defaults;
    QHash<QString, QMap<QString, qint64>> m_prefixes;
};

} // namespace ogene
