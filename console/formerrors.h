#pragma once

#include <ogene/apifailure.h>

#include <QHash>
#include <QLabel>
#include <QPointer>

namespace ogene {

// Shows an API failure on a form: the envelope's message in the form's banner, each field error
// in the label under its field, and any field error no label shows in the banner too.
class FormErrors
{
public:
    explicit FormErrors(QLabel *banner = nullptr) : m_banner(banner) {}

    // Makes a hidden, red, wrapping label for a field's error; the caller lays it out.
    static QLabel *makeLabel(QWidget *parent);
    void setBanner(QLabel *banner) { m_banner = banner; }
    void addField(const QString &field, QLabel *label) { m_fields.insert(field, label); }

    void show(const ApiFailure &failure);
    void clear();
    QString fieldText(const QString &field) const;
    QString bannerText() const { return m_banner ? m_banner->text() : QString(); }

private:
    QPointer<QLabel> m_banner;
    QHash<QString, QPointer<QLabel>> m_fields;
};

} // namespace ogene
