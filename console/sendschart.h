#pragma once

#include <ogene/dashboardsummary.h>

#include <QWidget>

namespace ogene {

// Sends per minute over the last hour as bars, oldest on the left; drawn with QPainter so the
// console needs no charting library.
class SendsChart : public QWidget
{
    Q_OBJECT
public:
    explicit SendsChart(QWidget *parent = nullptr);

    void setMinutes(const QList<DashboardSummary::Minute> &minutes);
    QSize sizeHint() const override { return {600, 220}; }

protected:
    void paintEvent(QPaintEvent *event) override;

private:
    QList<DashboardSummary::Minute> m_minutes;
};

} // namespace ogene
