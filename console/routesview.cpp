#include "routesview.h"

#include "consolesession.h"
#include "statuslabels.h"

#include <QFormLayout>
#include <QGroupBox>
#include <QHBoxLayout>
#include <QHeaderView>
#include <QRegularExpression>
#include <QVBoxLayout>

namespace ogene {
namespace {

// Gateway names as the operator types them: "carrier-a, simulator".
QStringList namesIn(const QString &text)
{
    QStringList names;
    for (const QString &name : text.split(QLatin1Char(','), Qt::SkipEmptyParts)) {
        if (!name.trimmed().isEmpty())
            names.append(name.trimmed());
    }
    return names;
}

QString joined(const QStringList &names)
{
    return names.join(QLatin1String(", "));
}

} // namespace

RoutesView::RoutesView(ConsoleSession *session, QWidget *parent)
    : ConsoleView(session, parent)
    , m_default(new QLineEdit(this))
    , m_routes(new QTableWidget(0, 2, this))
    , m_gateways(new QTableWidget(0, 6, this))
    , m_save(new QPushButton(tr("Save routes"), this))
    , m_banner(FormErrors::makeLabel(this))
    , m_defaultError(FormErrors::makeLabel(this))
    , m_errors(m_banner)
{
    m_errors.addField(QStringLiteral("default"), m_defaultError);
    m_default->setMaxLength(600);
    m_default->setPlaceholderText(tr("Gateway names, separated by commas"));
    m_routes->setHorizontalHeaderLabels({tr("Prefix"), tr("Gateways, first choice first")});
    m_routes->horizontalHeader()->setStretchLastSection(true);
    m_routes->setSelectionBehavior(QAbstractItemView::SelectRows);
    m_gateways->setHorizontalHeaderLabels({tr("Gateway"), tr("Type"), tr("State"), tr("In flight"), tr("Sent per second"), tr("Last error")});
    m_gateways->horizontalHeader()->setStretchLastSection(true);
    m_gateways->setEditTriggers(QAbstractItemView::NoEditTriggers);
    m_gateways->verticalHeader()->hide();

    auto *add = new QPushButton(tr("Add route"), this);
    auto *remove = new QPushButton(tr("Remove route"), this);
    auto *buttons = new QHBoxLayout;
    buttons->addWidget(add);
    buttons->addWidget(remove);
    buttons->addStretch();
    buttons->addWidget(m_save);

    auto *routesBox = new QGroupBox(tr("Route table"), this);
    auto *form = new QFormLayout;
    form->addRow(tr("Default gateways"), m_default);
    form->addRow(QString(), m_defaultError);
    auto *routesLayout = new QVBoxLayout(routesBox);
    routesLayout->addLayout(form);
    routesLayout->addWidget(new QLabel(tr("The longest matching prefix wins; other numbers take the default gateways."), this));
    routesLayout->addWidget(m_routes, 1);
    routesLayout->addLayout(buttons);

    auto *gatewaysBox = new QGroupBox(tr("Gateways"), this);
    auto *gatewaysLayout = new QVBoxLayout(gatewaysBox);
    gatewaysLayout->addWidget(m_gateways);

    auto *layout = new QVBoxLayout(this);
    layout->addWidget(m_banner);
    layout->addWidget(routesBox, 3);
    layout->addWidget(gatewaysBox, 2);

    connect(add, &QPushButton::clicked, this, &RoutesView::addRoute);
    connect(remove, &QPushButton::clicked, this, &RoutesView::removeSelectedRoute);
    connect(m_save, &QPushButton::clicked, this, &RoutesView::save);
}

void RoutesView::refresh()
{
    session()->api().routes(this, [this](const ApiResult<RouteTableRecord> &result) {
        if (!result.ok()) {
            m_errors.show(result.failure);
            return;
        }
        m_errors.clear();
        showTable(*result.value);
        Q_EMIT updated();
    });
    loadGateways();
}

void RoutesView::showTable(const RouteTableRecord &table)
{
    m_default->setText(joined(table.defaultGateways));
    m_routes->setRowCount(0);
    for (const RouteTableRecord::Route &route : table.routes) {
        const int row = m_routes->rowCount();
        m_routes->insertRow(row);
        m_routes->setItem(row, 0, new QTableWidgetItem(route.prefix));
        m_routes->setItem(row, 1, new QTableWidgetItem(joined(route.gateways)));
    }
}

void RoutesView::loadGateways()
{
    session()->api().gateways(this, [this](const ApiResult<QList<GatewayRecord>> &result) {
        if (!result.ok()) {
            m_errors.show(result.failure);
            return;
        }
        m_gateways->setRowCount(0);
        for (const GatewayRecord &gateway : *result.value) {
            const int row = m_gateways->rowCount();
            m_gateways->insertRow(row);
            const QStringList cells{gateway.name,
                                    gateway.type,
                                    StatusLabels::gateway(gateway.state),
                                    QLocale().toString(gateway.inFlight),
                                    QLocale().toString(gateway.sentPerSecond, 'f', 1),
                                    gateway.lastError};
            for (int column = 0; column < cells.size(); ++column)
                m_gateways->setItem(row, column, new QTableWidgetItem(cells.at(column)));
        }
    });
}

void RoutesView::addRoute()
{
    const int row = m_routes->rowCount();
    m_routes->insertRow(row);
    m_routes->setItem(row, 0, new QTableWidgetItem(QStringLiteral("+")));
    m_routes->setItem(row, 1, new QTableWidgetItem(m_default->text()));
    m_routes->setCurrentCell(row, 0); // typing starts editing the prefix
    m_routes->setFocus();
}

void RoutesView::removeSelectedRoute()
{
    const int row = m_routes->currentRow();
    if (row >= 0)
        m_routes->removeRow(row);
}

RouteTableRecord RoutesView::tableShown() const
{
    RouteTableRecord table;
    table.defaultGateways = namesIn(m_default->text());
    for (int row = 0; row < m_routes->rowCount(); ++row) {
        const QTableWidgetItem *prefix = m_routes->item(row, 0);
        const QTableWidgetItem *gateways = m_routes->item(row, 1);
        table.routes.append({prefix ? prefix->text().trimmed() : QString(), namesIn(gateways ? gateways->text() : QString())});
    }
    return table;
}

void RoutesView::save()
{
    m_save->setEnabled(false);
    session()->api().replaceRoutes(tableShown(), this, [this](const ApiResult<RouteTableRecord> &result) {
        m_save->setEnabled(true);
        if (!result.ok()) {
            // A bad entry's error is keyed routes.N; the banner names it, with its row numbered from 1.
            ApiFailure failure = result.failure;
            QMap<QString, QString> fields;
            for (auto it = failure.fieldErrors.begin(); it != failure.fieldErrors.end(); ++it) {
                static const QRegularExpression entry(QStringLiteral("^routes\\.(\\d+)$"));
                const QRegularExpressionMatch match = entry.match(it.key());
                fields.insert(match.hasMatch() ? tr("Route %1").arg(match.captured(1).toInt() + 1) : it.key(), it.value());
            }
            failure.fieldErrors = fields;
            m_errors.show(failure);
            return;
        }
        m_errors.clear();
        showTable(*result.value);
        Q_EMIT updated();
        Q_EMIT statusMessage(tr("Routes saved."));
    });
}

} // namespace ogene
