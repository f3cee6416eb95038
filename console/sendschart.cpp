#include "sendschart.h"

#include <QPainter>

#include <algorithm>

namespace ogene {

SendsChart::SendsChart(QWidget *parent)
    : QWidget(parent)
{
    setMinimumHeight(160);
    setAccessibleName(tr("Sends per minute over the last hour"));
}

void SendsChart::setMinutes(const QList<DashboardSummary::Minute> &minutes)
{
    m_minutes = minutes;
    update();
}

void SendsChart::paintEvent(QPaintEvent *)
{
    QPainter painter(this);
    painter.setRenderHint(QPainter::Antialiasing);
    painter.fillRect(rect(), palette().base());
    const QFontMetrics metrics(font());
    const int left = metrics.horizontalAdvance(QStringLiteral("000000")) + 8;
    const int bottom = metrics.height() + 6;
    const QRect plot = rect().adjusted(left, 8, -8, -bottom);
    painter.setPen(palette().color(QPalette::Mid));
    painter.drawRect(plot);
    if (m_minutes.isEmpty() || plot.width() <= 0)
        return;

    qint64 peak = 1;
    for (const DashboardSummary::Minute &minute : m_minutes)
        peak = std::max(peak, minute.count);
    painter.setPen(palette().color(QPalette::Text));
    painter.drawText(QRect(0, plot.top() - metrics.height() / 2, left - 4, metrics.height()), Qt::AlignRight, QString::number(peak));
    painter.drawText(QRect(0, plot.bottom() - metrics.height() / 2, left - 4, metrics.height()), Qt::AlignRight, QStringLiteral("0"));

    const qreal slot = qreal(plot.width()) / m_minutes.size();
    const QColor bar = palette().color(QPalette::Highlight);
    for (int i = 0; i < m_minutes.size(); ++i) {
        const qreal height = qreal(plot.height() - 1) * m_minutes.at(i).count / peak;
        painter.fillRect(QRectF(plot.left() + i * slot + 1, plot.bottom() - height, std::max<qreal>(slot - 2, 1), height), bar);
    }
    // Times under the first, middle and last bars, in the operator's own time zone.
    for (int i : {0, int(m_minutes.size()) / 2, int(m_minutes.size()) - 1}) {
        const QString label = m_minutes.at(i).start.toLocalTime().toString(QStringLiteral("HH:mm"));
        const int x = int(plot.left() + i * slot + slot / 2) - metrics.horizontalAdvance(label) / 2;
        painter.drawText(std::clamp(x, 0, width() - metrics.horizontalAdvance(label)), height() - 4, label);
    }
}

} // namespace ogene
