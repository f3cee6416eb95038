#pragma once

#include "consoleview.h"
#include "formerrors.h"

#include <ogene/routetablerecord.h>

#include <QLabel>
#include <QLineEdit>
#include <QPushButton>
#include <QTableWidget>

namespace ogene {

// Carrier routes and gateways: the route table in force, edited in place and saved as a whole
// (the default gateways, and a list of gateways per number prefix, first choice first), and each
// gateway's state, messages in flight, sends per second and last error.
class RoutesView : public ConsoleView
{
    Q_OBJECT
public:
    explicit RoutesView(ConsoleSession *session, QWidget *parent = nullptr);

    QString title() const override { return tr("Routes"); }
    void refresh() override;
    void focusSearch() override { m_default->setFocus(); }

    QLineEdit *defaultField() const { return m_default; }
    QTableWidget *routeTable() const { return m_routes; }
    QTableWidget *gatewayTable() const { return m_gateways; }
    const FormErrors &errors() const { return m_errors; }
    // Adds an empty prefix route for the operator to fill in.
    void addRoute();
    void removeSelectedRoute();
    // Sends the table as shown; the appliance answers the table now in force, or its errors.
    void save();

Q_SIGNALS:
    void updated();

private:
    void showTable(const RouteTableRecord &table);
    void loadGateways();
    RouteTableRecord tableShown() const;

    QLineEdit *m_default;
    QTableWidget *m_routes;
    QTableWidget *m_gateways;
    QPushButton *m_save;
    QLabel *m_banner;
    QLabel *m_defaultError;
    FormErrors m_errors;
};

} // namespace ogene
