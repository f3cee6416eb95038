#include "metrics/prometheustext.h"

namespace ogene {

namespace {

// Backslash and newline always; the double quote only inside a label value, where it ends it.
QByteArray escaped(const QString &text, bool quote)
{
    QByteArray out;
    const QByteArray utf8 = text.toUtf8();
    out.reserve(utf8.size());
    for (char c : utf8) {
        if (c == '\\')
            out += "\\\\";
        else if (c == '\n')
            out += "\\n";
        else if (quote && c == '"')
            out += "\\\"";
        else
            out += c;
    }
    return out;
}

} // namespace

QByteArray PrometheusText::escapeLabelValue(const QString &value)
{
    return escaped(value, true);
}

QByteArray PrometheusText::escapeHelp(const QString &help)
{
    return escaped(help, false);
}

void PrometheusText::family(const QByteArray &name, const char *type, const QString &help)
{
    m_text += "# HELP " + name + ' ' + escapeHelp(help) + '\n';
    m_text += "# TYPE " + name + ' ' + type + '\n';
}

void PrometheusText::writeName(const QByteArray &name, const Labels &labels)
{
    m_text += name;
    if (labels.isEmpty())
        return;
    m_text += '{';
    for (qsizetype i = 0; i < labels.size(); ++i) {
        if (i > 0)
            m_text += ',';
        m_text += labels.at(i).first + "=\"" + escapeLabelValue(labels.at(i).second) + '"';
    }
    m_text += '}';
}

void PrometheusText::sample(const QByteArray &name, const Labels &labels, qint64 value)
{
    writeName(name, labels);
    m_text += ' ' + QByteArray::number(value) + '\n';
}

void PrometheusText::sample(const QByteArray &name, const Labels &labels, double value)
{
    writeName(name, labels);
    m_text += ' ' + QByteArray::number(value, 'g', 17) + '\n';
}

} // namespace ogene
