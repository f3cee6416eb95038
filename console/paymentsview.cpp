#include "paymentsview.h"

#include "consolesession.h"
#include "statuslabels.h"

#include <ogene/money.h>

#include <QHBoxLayout>
#include <QIntValidator>
#include <QVBoxLayout>

namespace ogene {

PaymentsView::PaymentsView(ConsoleSession *session, QWidget *parent)
    : ConsoleView(session, parent)
    , m_list(new PagedTable({tr("ID"), tr("Account"), tr("Reference"), tr("Amount"), tr("Status"), tr("Credited"), tr("Paid"),
                             tr("Provider's answer"), tr("Created")},
                            this))
    , m_status(new QComboBox(this))
    , m_account(new QLineEdit(this))
{
    m_status->addItem(tr("Any status"), QString());
    m_status->addItem(tr("Pending"), QStringLiteral("pending"));
    m_status->addItem(tr("Successful"), QStringLiteral("success"));
    m_status->addItem(tr("Failed"), QStringLiteral("failed"));
    m_status->addItem(tr("Abandoned"), QStringLiteral("abandoned"));
    m_status->addItem(tr("Mismatch (needs an operator)"), QStringLiteral("mismatch"));
    m_account->setValidator(new QIntValidator(1, INT_MAX, m_account));
    m_account->setPlaceholderText(tr("Any account"));

    auto *bar = new QHBoxLayout;
    bar->addWidget(new QLabel(tr("Status"), this));
    bar->addWidget(m_status);
    bar->addWidget(new QLabel(tr("Account ID"), this));
    bar->addWidget(m_account);
    bar->addStretch();
    auto *layout = new QVBoxLayout(this);
    layout->addLayout(bar);
    layout->addWidget(m_list, 1);

    connect(m_status, &QComboBox::currentIndexChanged, this, &PaymentsView::refresh);
    connect(m_account, &QLineEdit::returnPressed, this, &PaymentsView::refresh);
    connect(m_list, &PagedTable::pageWanted, this, &PaymentsView::load);
    connect(m_list, &PagedTable::pageArrived, this, &PaymentsView::updated);
}

void PaymentsView::refresh()
{
    m_list->restart();
    load(1);
}

void PaymentsView::load(qint64 page)
{
    session()->api().payments(m_status->currentData().toString(), m_account->text().toLongLong(), page, this,
                              m_list->pageHandler<PaymentRecord>([this](const PaymentRecord &payment) {
                                  const QString paid = payment.paidAmount ? Money::format(*payment.paidAmount) : QString();
                                  m_list->appendRow(payment.id,
                                                    {QString::number(payment.id), QString::number(payment.userId), payment.reference,
                                                     Money::format(payment.amount) + QLatin1Char(' ') + payment.currency,
                                                     StatusLabels::payment(payment.status), payment.credited ? tr("Yes") : tr("No"),
                                                     paid, payment.gatewayResponse,
                                                     QDateTime::fromString(payment.createdAt, Qt::ISODate)
                                                         .toLocalTime()
                                                         .toString(QStringLiteral("yyyy-MM-dd HH:mm"))});
                              }));
}

} // namespace ogene
