#include "campaigns/campaignrecipients.h"

#include "pricing/pricelist.h"

#include <ogene/phonenumber.h>

#include <algorithm>

namespace ogene {

void CampaignRecipients::addText(const QString &input)
{
    const QString trimmed = input.trimmed();
    if (trimmed.isEmpty())
        return;
    const std::optional<QString> number = PhoneNumber::normalize(trimmed);
    if (!number) {
        ++m_invalid;
        if (m_invalidSample.size() < InvalidSampleSize)
            m_invalidSample.append(trimmed.left(40));
        return;
    }
    addNormalized(*number);
}

void CampaignRecipients::addSeparated(const QString &text)
{
    qsizetype start = 0;
    for (qsizetype i = 0; i <= text.size(); ++i) {
        if (i == text.size() || text.at(i) == QLatin1Char(',') || text.at(i) == QLatin1Char('\n')
            || text.at(i) == QLatin1Char('\r') || text.at(i) == QLatin1Char(';')) {
            if (i > start)
                addText(text.mid(start, i - start));
            start = i + 1;
        }
    }
}

void CampaignRecipients::addNormalized(const QString &e164)
{
    bool ok = false;
    const qint64 digits = QStringView(e164).mid(1).toLongLong(&ok);
    if (ok)
        m_numbers.push_back(digits);
}

void CampaignRecipients::finish()
{
    std::sort(m_numbers.begin(), m_numbers.end());
    m_numbers.erase(std::unique(m_numbers.begin(), m_numbers.end()), m_numbers.end());
    m_numbers.shrink_to_fit();
}

QList<CampaignRecipients::Chunk> CampaignRecipients::chunks(int chunkSize, const PriceList &prices, const QString &currency,
                                                            int segments) const
{
    QList<Chunk> chunks;
    chunks.reserve(qsizetype(m_numbers.size() / size_t(chunkSize)) + 1);
    for (size_t start = 0; start < m_numbers.size(); start += size_t(chunkSize)) {
        Chunk chunk;
        const size_t end = std::min(m_numbers.size(), start + size_t(chunkSize));
        chunk.lines.reserve(qsizetype(end - start) * 22);
        for (size_t i = start; i < end; ++i) {
            const QString phone = toE164(m_numbers[i]);
            const qint64 cost = qint64(segments) * prices.pricePerSegment(currency, phone);
            chunk.lines += phone;
            chunk.lines += QLatin1Char(',');
            chunk.lines += QString::number(cost);
            chunk.lines += QLatin1Char('\n');
            chunk.cost += cost;
            ++chunk.count;
        }
        chunks.append(std::move(chunk));
    }
    return chunks;
}

} // namespace ogene
