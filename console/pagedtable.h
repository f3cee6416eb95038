#pragma once

#include "formerrors.h"

#include <ogene/apiresult.h>
#include <ogene/page.h>

#include <QLabel>
#include <QPushButton>
#include <QTableWidget>
#include <QWidget>

namespace ogene {

// A table that loads a list one page at a time: the next page is asked for when the operator
// scrolls to the end or presses "Load more". Each row keeps its record's id. Above the table, a
// banner shows the appliance's error message when a page or an action fails.
class PagedTable : public QWidget
{
    Q_OBJECT
public:
    explicit PagedTable(const QStringList &headers, QWidget *parent = nullptr);

    QTableWidget *table() const { return m_table; }
    QLabel *banner() const { return m_banner; }
    // Empties the table for a new search; answers to earlier requests are dropped.
    void restart();
    void appendRow(qint64 id, const QStringList &cells);
    void showFailure(const ApiFailure &failure) { FormErrors(m_banner).show(failure); }
    // The handler for one page of records: each goes to addRow, or the failure to the banner.
    template<typename Record>
    ApiDone<Page<Record>> pageHandler(std::function<void(const Record &)> addRow);
    qint64 selectedId() const;
    int rowOf(qint64 id) const;
    void replaceRow(qint64 id, const QStringList &cells);

Q_SIGNALS:
    // The page to load next; the view asks the API with pageHandler.
    void pageWanted(qint64 page);
    void pageArrived();
    void selectionChanged();

private:
    void maybeLoadMore();
    void pageLoaded(qint64 page, qint64 total, bool hasMore);

    QTableWidget *m_table;
    QLabel *m_banner;
    QLabel *m_count;
    QPushButton *m_more;
    qint64 m_loadedPage = 0;
    bool m_hasMore = false;
    bool m_loading = false;
    quint64 m_generation = 0;
};

template<typename Record>
ApiDone<Page<Record>> PagedTable::pageHandler(std::function<void(const Record &)> addRow)
{
    m_loading = true;
    m_more->setEnabled(false);
    return [this, generation = m_generation, addRow](const ApiResult<Page<Record>> &result) {
        if (generation != m_generation)
            return;
        m_loading = false;
        m_more->setEnabled(true);
        if (!result.ok()) {
            showFailure(result.failure);
            return;
        }
        m_banner->hide();
        for (const Record &record : result.value->items)
            addRow(record);
        pageLoaded(result.value->currentPage, result.value->total, result.value->hasMore());
    };
}

} // namespace ogene
