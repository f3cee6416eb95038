#pragma once

#include <QWidget>

namespace ogene {

class ConsoleSession;

// One page of the console's workspace. The main window's Refresh and Search shortcuts reach the
// view on show through these.
class ConsoleView : public QWidget
{
    Q_OBJECT
public:
    explicit ConsoleView(ConsoleSession *session, QWidget *parent = nullptr) : QWidget(parent), m_session(session) {}

    virtual QString title() const = 0;
    virtual void refresh() = 0;
    // Puts the keyboard in the view's search or filter field.
    virtual void focusSearch() {}

Q_SIGNALS:
    // A line for the status bar: what an action did.
    void statusMessage(const QString &text);

protected:
    ConsoleSession *session() const { return m_session; }

private:
    ConsoleSession *m_session;
};

} // namespace ogene
