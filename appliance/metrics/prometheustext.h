#pragma once

#include <QByteArray>
#include <QList>
#include <QPair>
#include <QString>

namespace ogene {

// Writes the Prometheus text exposition format, version 0.0.4: each family's HELP and TYPE lines,
// then its samples, label values escaped as the format asks (backslash, double quote, newline).
class PrometheusText
{
public:
    using Labels = QList<QPair<QByteArray, QString>>;

    static constexpr const char *ContentType = "text/plain; version=0.0.4; charset=utf-8";

    // type: counter or gauge. A counter's name ends in _total.
    void family(const QByteArray &name, const char *type, const QString &help);
    void sample(const QByteArray &name, const Labels &labels, qint64 value);
    void sample(const QByteArray &name, const Labels &labels, double value);

    QByteArray text() const { return m_text; }

    static QByteArray escapeLabelValue(const QString &value);
    static QByteArray escapeHelp(const QString &help);

private:
    void writeName(const QByteArray &name, const Labels &labels);

    QByteArray m_text;
};

} // namespace ogene
