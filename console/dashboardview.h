#pragma once

#include "consoleview.h"
#include "sendschart.h"

#include <QGridLayout>
#include <QLabel>
#include <QTimer>

namespace ogene {

// The dashboard: today's messages by status, sends per minute over the last hour, the wallets'
// total balance per currency, pending sender IDs, each gateway's state. It refreshes itself every 30 seconds while shown.
class DashboardView : public ConsoleView
{
    Q_OBJECT
public:
    static constexpr int RefreshMs = 30000;

    explicit DashboardView(ConsoleSession *session, QWidget *parent = nullptr);

    QString title() const override { return tr("Dashboard"); }
    void refresh() override;

    QLabel *figure(const QString &name) const { return m_figures.value(name); }
    SendsChart *chart() const { return m_chart; }

Q_SIGNALS:
    void updated();

protected:
    void showEvent(QShowEvent *event) override;
    void hideEvent(QHideEvent *event) override;

private:
    void showGateways();
    QLabel *addFigure(QGridLayout *grid, int row, int column, const QString &name, const QString &label);

    QHash<QString, QLabel *> m_figures;
    SendsChart *m_chart;
    QLabel *m_banner;
    QTimer m_timer;
    bool m_loading = false;
};

} // namespace ogene
