#pragma once

#include <QList>
#include <QString>
#include <QStringList>

#include <vector>

namespace ogene {

class PriceList;

// The recipients of one campaign while it is being created: numbers from every source
// (phone_numbers, manual_numbers, contacts, groups) normalised to E.164 and counted once.
// Each is kept as its digits in one 64-bit integer (E.164 has at most 15), so a million
// recipients take 8 MB rather than a million strings. Invalid entries are counted, and the first
// few kept, to report them.
class CampaignRecipients
{
public:
    static constexpr qsizetype InvalidSampleSize = 10;

    // Normalises one number as a client wrote it; an invalid one is counted, not fatal.
    void addText(const QString &input);
    // "a, b\nc": numbers separated by commas or newlines (and semicolons, as spreadsheets write).
    void addSeparated(const QString &text);
    // A number already in E.164 (a stored contact).
    void addNormalized(const QString &e164);
    // Sorts and drops repeats; call once every source has been added.
    void finish();

    qsizetype size() const { return qsizetype(m_numbers.size()); }
    qint64 invalidCount() const { return m_invalid; }
    const QStringList &invalidSample() const { return m_invalidSample; }

    // The recipients in chunks of chunkSize as the store keeps them: "phone,cost" lines, with
    // each recipient's cost (segments × its price per segment), and the totals.
    struct Chunk
    {
        QString lines;
        int count = 0;
        qint64 cost = 0;
    };
    QList<Chunk> chunks(int chunkSize, const PriceList &prices, const QString &currency, int segments) const;

    static QString toE164(qint64 digits) { return QLatin1Char('+') + QString::number(digits); }

private:
    std::vector<qint64> m_numbers;
    qint64 m_invalid = 0;
    QStringList m_invalidSample;
};

} // namespace ogene
