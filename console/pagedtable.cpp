#include "pagedtable.h"

#include <QHBoxLayout>
#include <QHeaderView>
#include <QScrollBar>
#include <QVBoxLayout>

namespace ogene {

PagedTable::PagedTable(const QStringList &headers, QWidget *parent)
    : QWidget(parent)
    , m_table(new QTableWidget(0, int(headers.size()), this))
    , m_banner(FormErrors::makeLabel(this))
    , m_count(new QLabel(this))
    , m_more(new QPushButton(tr("Load more"), this))
{
    m_table->setHorizontalHeaderLabels(headers);
    m_table->setSelectionBehavior(QAbstractItemView::SelectRows);
    m_table->setSelectionMode(QAbstractItemView::SingleSelection);
    m_table->setEditTriggers(QAbstractItemView::NoEditTriggers);
    m_table->verticalHeader()->hide();
    m_table->horizontalHeader()->setStretchLastSection(true);
    m_table->setAlternatingRowColors(true);
    m_more->hide();

    auto *footer = new QHBoxLayout;
    footer->addWidget(m_count, 1);
    footer->addWidget(m_more);
    auto *layout = new QVBoxLayout(this);
    layout->setContentsMargins(0, 0, 0, 0);
    layout->addWidget(m_banner);
    layout->addWidget(m_table, 1);
    layout->addLayout(footer);

    connect(m_more, &QPushButton::clicked, this, &PagedTable::maybeLoadMore);
    connect(m_table->verticalScrollBar(), &QScrollBar::valueChanged, this, [this](int value) {
        if (value == m_table->verticalScrollBar()->maximum())
            maybeLoadMore();
    });
    connect(m_table, &QTableWidget::itemSelectionChanged, this, &PagedTable::selectionChanged);
}

void PagedTable::restart()
{
    ++m_generation;
    m_loading = false;
    m_table->setRowCount(0);
    m_loadedPage = 0;
    m_hasMore = false;
    m_more->hide();
    m_count->clear();
}

void PagedTable::appendRow(qint64 id, const QStringList &cells)
{
    const int row = m_table->rowCount();
    m_table->insertRow(row);
    for (int column = 0; column < cells.size() && column < m_table->columnCount(); ++column) {
        auto *item = new QTableWidgetItem(cells.at(column));
        item->setData(Qt::UserRole, id);
        m_table->setItem(row, column, item);
    }
}

void PagedTable::replaceRow(qint64 id, const QStringList &cells)
{
    const int row = rowOf(id);
    if (row < 0)
        return;
    for (int column = 0; column < cells.size() && column < m_table->columnCount(); ++column)
        m_table->item(row, column)->setText(cells.at(column));
}

void PagedTable::pageLoaded(qint64 page, qint64 total, bool hasMore)
{
    m_loadedPage = page;
    m_hasMore = hasMore;
    m_more->setVisible(hasMore);
    m_count->setText(tr("%1 of %2 shown").arg(m_table->rowCount()).arg(total));
    m_table->resizeColumnsToContents();
    Q_EMIT pageArrived();
}

void PagedTable::maybeLoadMore()
{
    if (m_hasMore && !m_loading)
        Q_EMIT pageWanted(m_loadedPage + 1);
}

qint64 PagedTable::selectedId() const
{
    const QList<QTableWidgetItem *> selected = m_table->selectedItems();
    return selected.isEmpty() ? 0 : selected.first()->data(Qt::UserRole).toLongLong();
}

int PagedTable::rowOf(qint64 id) const
{
    for (int row = 0; row < m_table->rowCount(); ++row) {
        if (m_table->item(row, 0) && m_table->item(row, 0)->data(Qt::UserRole).toLongLong() == id)
            return row;
    }
    return -1;
}

} // namespace ogene
