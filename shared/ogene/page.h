#pragma once

#include <QJsonArray>
#include <QJsonObject>
#include <QList>

namespace ogene {

// One page of a list answer: {data:[...], meta:{current_page, per_page, total, last_page}}.
template<typename Record>
struct Page
{
    QList<Record> items;
    qint64 currentPage = 1;
    qint64 lastPage = 1;
    qint64 total = 0;

    bool hasMore() const { return currentPage < lastPage; }

    static Page fromJson(const QJsonObject &answer)
    {
        Page page;
        for (const QJsonValue &entry : answer.value(QStringLiteral("data")).toArray())
            page.items.append(Record::fromJson(entry.toObject()));
        const QJsonObject meta = answer.value(QStringLiteral("meta")).toObject();
        page.currentPage = meta.value(QStringLiteral("current_page")).toInteger(1);
        page.lastPage = meta.value(QStringLiteral("last_page")).toInteger(1);
        page.total = meta.value(QStringLiteral("total")).toInteger();
        return page;
    }
};

} // namespace ogene
