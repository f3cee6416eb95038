#include "pricing/pricelist.h"

#include "store/sqlsession.h"

#include <ogene/currency.h>
#include <ogene/money.h>
#include <ogene/timestamp.h>

#include <QJsonArray>

namespace ogene {

qint64 PriceList::pricePerSegment(const QString &currency, const QString &recipient) const
{
    const auto prefixes = m_prefixes.constFind(currency);
    if (prefixes != m_prefixes.constEnd()) {
        for (qsizetype length = recipient.size(); length >= 2; --length) {
            const auto price = prefixes->constFind(recipient.left(length));
            if (price != prefixes->constEnd())
                return price.value();
        }
    }
    return m_defaults.value(currency);
}

QJsonObject PriceList::toJson() const
{
    QJsonObject defaults;
    for (const QString &currency : currencyCodes())
        defaults.insert(currency, Money::format(m_defaults.value(currency)));
    QJsonArray prefixes;
    for (const QString &currency : currencyCodes()) {
        const QMap<QString, qint64> prices = m_prefixes.value(currency);
        for (auto it = prices.cbegin(); it != prices.cend(); ++it)
            prefixes.append(QJsonObject{{QStringLiteral("currency"), currency},
                                        {QStringLiteral("prefix"), it.key()},
                                        {QStringLiteral("price"), Money::format(it.value())}});
    }
    return {{QStringLiteral("defaults"), defaults}, {QStringLiteral("prefixes"), prefixes}};
}

PriceList PriceList::load(SqlSession &session, const QHash<QString, qint64> &configuredDefaults)
{
    PriceList list;
    list.m_defaults = configuredDefaults;
    for (const QSqlRecord &row : session.all(QStringLiteral("SELECT currency, prefix, price FROM prices"))) {
        const QString prefix = row.value(1).toString();
        if (prefix.isEmpty())
            list.setDefault(row.value(0).toString(), row.value(2).toLongLong());
        else
            list.setPrefix(row.value(0).toString(), prefix, row.value(2).toLongLong());
    }
    return list;
}

void PriceList::save(SqlSession &session) const
{
    const qint64 now = nowMs();
    session.execute(QStringLiteral("DELETE FROM prices"));
    for (auto it = m_defaults.cbegin(); it != m_defaults.cend(); ++it)
        session.execute(QStringLiteral("INSERT INTO prices (currency, prefix, price, updated_at) VALUES (?, '', ?, ?)"),
                        {it.key(), it.value(), now});
    for (auto currency = m_prefixes.cbegin(); currency != m_prefixes.cend(); ++currency) {
        for (auto it = currency->cbegin(); it != currency->cend(); ++it)
            session.execute(QStringLiteral("INSERT INTO prices (currency, prefix, price, updated_at) VALUES (?, ?, ?, ?)"),
                            {currency.key(), it.key(), it.value(), now});
    }
}

} // namespace ogene
