#include "dashboardview.h"

#include "consolesession.h"
#include "formerrors.h"
#include "statuslabels.h"

#include <ogene/money.h>

#include <QGroupBox>
#include <QVBoxLayout>

namespace ogene {

DashboardView::DashboardView(ConsoleSession *session, QWidget *parent)
    : ConsoleView(session, parent)
    , m_chart(new SendsChart(this))
    , m_banner(FormErrors::makeLabel(this))
{
    auto *today = new QGroupBox(tr("Messages today (UTC)"), this);
    auto *todayGrid = new QGridLayout(today);
    addFigure(todayGrid, 0, 0, QStringLiteral("total"), tr("All"));
    addFigure(todayGrid, 0, 1, QStringLiteral("queued"), tr("Queued"));
    addFigure(todayGrid, 0, 2, QStringLiteral("sent"), tr("Sent"));
    addFigure(todayGrid, 0, 3, QStringLiteral("delivered"), tr("Delivered"));
    addFigure(todayGrid, 0, 4, QStringLiteral("failed"), tr("Failed"));

    auto *state = new QGroupBox(tr("Appliance"), this);
    auto *stateGrid = new QGridLayout(state);
    addFigure(stateGrid, 0, 0, QStringLiteral("wallets"), tr("Wallets' total balance"));
    addFigure(stateGrid, 0, 1, QStringLiteral("pending_sender_ids"), tr("Pending sender IDs"));
    addFigure(stateGrid, 0, 2, QStringLiteral("suspended_accounts"), tr("Suspended accounts"));
    addFigure(stateGrid, 0, 3, QStringLiteral("gateways"), tr("Gateways"));

    auto *chartBox = new QGroupBox(tr("Sends per minute, last hour"), this);
    auto *chartLayout = new QVBoxLayout(chartBox);
    chartLayout->addWidget(m_chart);

    auto *layout = new QVBoxLayout(this);
    layout->addWidget(m_banner);
    layout->addWidget(today);
    layout->addWidget(state);
    layout->addWidget(chartBox, 1);

    m_timer.setInterval(RefreshMs);
    connect(&m_timer, &QTimer::timeout, this, &DashboardView::refresh);
}

QLabel *DashboardView::addFigure(QGridLayout *grid, int row, int column, const QString &name, const QString &label)
{
    auto *caption = new QLabel(label, this);
    auto *value = new QLabel(QStringLiteral("–"), this);
    QFont big = value->font();
    big.setPointSize(big.pointSize() + 6);
    big.setBold(true);
    value->setFont(big);
    value->setTextInteractionFlags(Qt::TextSelectableByMouse);
    grid->addWidget(caption, row * 2, column);
    grid->addWidget(value, row * 2 + 1, column);
    m_figures.insert(name, value);
    return value;
}

void DashboardView::refresh()
{
    if (m_loading)
        return;
    m_loading = true;
    session()->api().dashboard(this, [this](const ApiResult<DashboardSummary> &result) {
        m_loading = false;
        if (!result.ok()) {
            FormErrors(m_banner).show(result.failure);
            return;
        }
        m_banner->hide();
        const DashboardSummary &summary = *result.value;
        for (const QString &status : {QStringLiteral("total"), QStringLiteral("queued"), QStringLiteral("sent"),
                                      QStringLiteral("delivered"), QStringLiteral("failed")})
            m_figures.value(status)->setText(QLocale().toString(summary.messagesToday.value(status)));
        QStringList balances;
        for (const DashboardSummary::WalletTotal &wallet : summary.wallets)
            balances.append(QStringLiteral("%1 %2").arg(wallet.currency, Money::format(wallet.balance)));
        m_figures.value(QStringLiteral("wallets"))->setText(balances.isEmpty() ? tr("None") : balances.join(QLatin1Char('\n')));
        m_figures.value(QStringLiteral("pending_sender_ids"))->setText(QLocale().toString(summary.pendingSenderIds));
        m_figures.value(QStringLiteral("suspended_accounts"))->setText(QLocale().toString(summary.suspendedAccounts));
        m_chart->setMinutes(summary.sendsPerMinute);
        Q_EMIT updated();
    });
    showGateways();
}

void DashboardView::showGateways()
{
    session()->api().gateways(this, [this](const ApiResult<QList<GatewayRecord>> &result) {
        QLabel *figure = m_figures.value(QStringLiteral("gateways"));
        if (!result.ok()) {
            // The summary's banner already speaks of a failing appliance; the figure says it is unknown.
            figure->setText(tr("Unknown"));
            return;
        }
        QStringList lines;
        for (const GatewayRecord &gateway : *result.value)
            lines.append(tr("%1: %2").arg(gateway.name, StatusLabels::gateway(gateway.state)));
        figure->setText(lines.isEmpty() ? tr("None") : lines.join(QLatin1Char('\n')));
    });
}

void DashboardView::showEvent(QShowEvent *event)
{
    ConsoleView::showEvent(event);
    m_timer.start();
}

void DashboardView::hideEvent(QHideEvent *event)
{
    m_timer.stop();
    ConsoleView::hideEvent(event);
}

} // namespace ogene
