// Upgrades. Nodes starting at once on an empty database migrate it once. And for every earlier schema version N (read from the migration files, so each new
// migration is covered without touching this suite), a database is built at N exactly as the
// migrator builds it, filled with what that version's tables can hold, and the current appliance
// is started on it: nothing may be lost, and old passwords, API keys, messages and SMPP
// credentials still work.
#include "apiclient.h"
#include "applianceprocess.h"
#include "smpptestclient.h"
#include "testdatabase.h"

#include "auth/passwordhasher.h"
#include "auth/secrettoken.h"
#include "store/migrator.h"

#include <QDir>
#include <QFile>
#include <QHash>
#include <QRegularExpression>
#include <QSqlError>
#include <QSqlQuery>
#include <QSqlRecord>
#include <QTest>

#include <memory>

using namespace ogene;
using namespace ogene::smpp;

namespace {

const QString ClientEmail = QStringLiteral("old-client@ogene.test");
const QString ClientPassword = QStringLiteral("OldPassword-42");
const QString SmppSystemId = QStringLiteral("oldsmpp");
const QString SmppPassword = QStringLiteral("oldpw12");
constexpr qint64 Funded = 100000; // NGN 1,000.00
constexpr qint64 Price = 400;     // NGN 4.00 a message
constexpr qint64 Long = 1700000000000; // an instant in 2023: long past every delay

QString migrationsFolder()
{
    return QStringLiteral(OGENE_SOURCE_DIR "/resources/migrations/") + TestDatabase::engine();
}

// Every schema version there is, from the files' names, in order.
QList<int> schemaVersions()
{
    static const QRegularExpression fileName(QStringLiteral("^(\\d{4})_\\w+\\.sql$"));
    QList<int> versions;
    for (const QString &name : QDir(migrationsFolder()).entryList({QStringLiteral("*.sql")}, QDir::Files, QDir::Name)) {
        const QRegularExpressionMatch match = fileName.match(name);
        if (match.hasMatch())
            versions.append(match.captured(1).toInt());
    }
    return versions;
}

// A database at one schema version, written through the test's own connection.
class OldDatabase
{
public:
    explicit OldDatabase(QSqlDatabase db)
        : m_db(db)
    {
    }

    QString error() const { return m_error; }

    // Applies migrations 1..version as the migrator does: the same files, split the same way,
    // recorded in the same schema_migrations table.
    bool migrateTo(int version)
    {
        exec(QStringLiteral("CREATE TABLE IF NOT EXISTS schema_migrations (version INTEGER PRIMARY KEY, name TEXT NOT NULL, "
                            "applied_at BIGINT NOT NULL)"));
        static const QRegularExpression fileName(QStringLiteral("^(\\d{4})_(\\w+)\\.sql$"));
        for (const QString &name : QDir(migrationsFolder()).entryList({QStringLiteral("*.sql")}, QDir::Files, QDir::Name)) {
            const QRegularExpressionMatch match = fileName.match(name);
            if (!match.hasMatch() || match.captured(1).toInt() > version)
                continue;
            QFile file(migrationsFolder() + QLatin1Char('/') + name);
            if (!file.open(QIODevice::ReadOnly))
                return fail(QStringLiteral("cannot read ") + name);
            for (const QString &statement : Migrator::splitStatements(QString::fromUtf8(file.readAll())))
                exec(statement);
            exec(QStringLiteral("INSERT INTO schema_migrations (version, name, applied_at) VALUES (?, ?, ?)"),
                 {match.captured(1).toInt(), match.captured(2), Long});
        }
        return m_error.isEmpty();
    }

    bool hasTable(const QString &table)
    {
        return m_db.tables().contains(table);
    }

    bool hasColumn(const QString &table, const QString &column)
    {
        return m_db.record(table).contains(column);
    }

    // Inserts the columns this version's table has (later ones are left out); answers the new id.
    qint64 insert(const QString &table, const QList<QPair<QString, QVariant>> &columns, bool returnsId = true)
    {
        QStringList names, marks;
        QVariantList values;
        for (const auto &[name, value] : columns) {
            if (!hasColumn(table, name))
                continue;
            names.append(name);
            marks.append(QStringLiteral("?"));
            values.append(value);
        }
        QSqlQuery query = exec(QStringLiteral("INSERT INTO %1 (%2) VALUES (%3)%4")
                                   .arg(table, names.join(QLatin1String(", ")), marks.join(QLatin1String(", ")),
                                        returnsId ? QStringLiteral(" RETURNING id") : QString()),
                               values);
        return returnsId && query.next() ? query.value(0).toLongLong() : 0;
    }

    QSqlQuery exec(const QString &sql, const QVariantList &values = {})
    {
        // Without values the statement runs unprepared: PostgreSQL prepares no DDL.
        QSqlQuery query(m_db);
        bool done = false;
        if (values.isEmpty()) {
            done = query.exec(sql);
        } else {
            query.prepare(sql);
            for (const QVariant &value : values)
                query.addBindValue(value);
            done = query.exec();
        }
        if (!done)
            fail(sql.left(120) + QStringLiteral(": ") + query.lastError().text());
        return query;
    }

private:
    bool fail(const QString &why)
    {
        if (m_error.isEmpty())
            m_error = why;
        return false;
    }

    QSqlDatabase m_db;
    QString m_error;
};

// What was written at the old version, to look for after the upgrade.
struct Written
{
    QString apiKey;
    qint64 clientId = 0;
    QList<QPair<qint64, QString>> finalMessages; // id and its final status
    qint64 queuedMessage = 0;
    qint64 campaign = 0;
    bool smpp = false;
    QStringList tables; // every table written to
};

Written fill(OldDatabase &old)
{
    Written written;
    const qint64 t = Long;
    const qint64 admin = old.insert(QStringLiteral("users"), {{QStringLiteral("name"), QStringLiteral("Administrator")},
                                                              {QStringLiteral("email"), QString::fromLatin1(ApplianceProcess::AdminEmail)},
                                                              {QStringLiteral("password_hash"), PasswordHasher::hash(QString::fromLatin1(ApplianceProcess::AdminPassword))},
                                                              {QStringLiteral("role"), QStringLiteral("admin")},
                                                              {QStringLiteral("currency"), QStringLiteral("NGN")},
                                                              {QStringLiteral("created_at"), t},
                                                              {QStringLiteral("updated_at"), t}});
    const qint64 client = old.insert(QStringLiteral("users"), {{QStringLiteral("name"), QStringLiteral("Old Client")},
                                                               {QStringLiteral("email"), ClientEmail},
                                                               {QStringLiteral("password_hash"), PasswordHasher::hash(ClientPassword)},
                                                               {QStringLiteral("role"), QStringLiteral("client")},
                                                               {QStringLiteral("currency"), QStringLiteral("NGN")},
                                                               {QStringLiteral("smpp_access"), 1},
                                                               {QStringLiteral("created_at"), t},
                                                               {QStringLiteral("updated_at"), t}});
    written.clientId = client;
    written.tables << QStringLiteral("users");
    written.apiKey = QStringLiteral("ogn_") + SecretToken::randomBase62(40);
    old.insert(QStringLiteral("api_keys"), {{QStringLiteral("user_id"), client},
                                            {QStringLiteral("name"), QStringLiteral("old key")},
                                            {QStringLiteral("key_hash"), SecretToken::sha256Hex(written.apiKey)},
                                            {QStringLiteral("key_preview"), written.apiKey.left(8) + QStringLiteral("****")},
                                            {QStringLiteral("created_at"), t}});
    written.tables << QStringLiteral("api_keys");

    if (old.hasTable(QStringLiteral("wallets"))) {
        // Funded once, then three messages paid for: the balance is what the ledger says.
        const qint64 spent = 3 * Price;
        for (const qint64 user : {admin, client}) {
            old.insert(QStringLiteral("wallets"), {{QStringLiteral("user_id"), user},
                                                   {QStringLiteral("currency"), QStringLiteral("NGN")},
                                                   {QStringLiteral("balance"), user == client ? Funded - spent : 0},
                                                   {QStringLiteral("total_credited"), user == client ? Funded : 0},
                                                   {QStringLiteral("total_spent"), user == client ? spent : 0},
                                                   {QStringLiteral("updated_at"), t}},
                       false);
        }
        old.insert(QStringLiteral("wallet_transactions"), {{QStringLiteral("user_id"), client},
                                                           {QStringLiteral("type"), QStringLiteral("credit")},
                                                           {QStringLiteral("category"), QStringLiteral("funding")},
                                                           {QStringLiteral("amount"), Funded},
                                                           {QStringLiteral("balance_after"), Funded},
                                                           {QStringLiteral("reference"), QStringLiteral("old-payment-1")},
                                                           {QStringLiteral("created_at"), t}});
        old.insert(QStringLiteral("wallet_transactions"), {{QStringLiteral("user_id"), client},
                                                           {QStringLiteral("type"), QStringLiteral("debit")},
                                                           {QStringLiteral("category"), QStringLiteral("sms")},
                                                           {QStringLiteral("amount"), spent},
                                                           {QStringLiteral("balance_after"), Funded - spent},
                                                           {QStringLiteral("reference"), QStringLiteral("old-sends")},
                                                           {QStringLiteral("created_at"), t}});
        old.insert(QStringLiteral("sender_ids"), {{QStringLiteral("user_id"), client},
                                                  {QStringLiteral("sender_name"), QStringLiteral("OldCo")},
                                                  {QStringLiteral("status"), QStringLiteral("approved")},
                                                  {QStringLiteral("approved_at"), t},
                                                  {QStringLiteral("created_at"), t},
                                                  {QStringLiteral("updated_at"), t}});
        written.tables << QStringLiteral("wallets") << QStringLiteral("wallet_transactions") << QStringLiteral("sender_ids");

        // Messages in several states: delivered, failed, sent (awaiting its report) and queued.
        for (const QString &status : {QStringLiteral("delivered"), QStringLiteral("failed"), QStringLiteral("sent"), QStringLiteral("queued")}) {
            const bool queued = status == QLatin1String("queued");
            const qint64 id = old.insert(QStringLiteral("messages"),
                                         {{QStringLiteral("user_id"), client},
                                          {QStringLiteral("recipient_phone"), QStringLiteral("+2348030000001")},
                                          {QStringLiteral("sender_id_value"), QStringLiteral("OldCo")},
                                          {QStringLiteral("message_text"), QStringLiteral("Sent before the upgrade: ") + status},
                                          {QStringLiteral("encoding"), QStringLiteral("gsm7")},
                                          {QStringLiteral("segments_count"), 1},
                                          {QStringLiteral("cost"), Price},
                                          {QStringLiteral("currency"), QStringLiteral("NGN")},
                                          {QStringLiteral("status"), status},
                                          {QStringLiteral("failure_reason"),
                                           status == QLatin1String("failed") ? QVariant(QStringLiteral("UNDELIV (err 001)")) : QVariant(QMetaType::fromType<QString>())},
                                          {QStringLiteral("gateway"), queued ? QVariant(QMetaType::fromType<QString>()) : QVariant(QStringLiteral("simulator"))},
                                          {QStringLiteral("gateway_message_id"),
                                           queued ? QVariant(QMetaType::fromType<QString>()) : QVariant(QStringLiteral("sim-old-") + status)},
                                          {QStringLiteral("created_at"), t},
                                          {QStringLiteral("updated_at"), t},
                                          {QStringLiteral("sent_at"), queued ? QVariant(QMetaType::fromType<qint64>()) : QVariant(t)},
                                          {QStringLiteral("completed_at"),
                                           status == QLatin1String("delivered") || status == QLatin1String("failed") ? QVariant(t)
                                                                                                                  : QVariant(QMetaType::fromType<qint64>())}});
            if (queued) {
                written.queuedMessage = id;
                // Before the queue moved into messages, a queued message had its own queue entry.
                if (old.hasTable(QStringLiteral("outbound_queue")))
                    old.insert(QStringLiteral("outbound_queue"), {{QStringLiteral("message_id"), id}, {QStringLiteral("available_at"), t}}, false);
            } else if (status != QLatin1String("sent")) {
                written.finalMessages.append({id, status});
            }
        }
        written.tables << QStringLiteral("messages");
    }
    if (old.hasTable(QStringLiteral("payment_intents"))) {
        old.insert(QStringLiteral("payment_intents"), {{QStringLiteral("user_id"), client},
                                                       {QStringLiteral("reference"), QStringLiteral("old-payment-1")},
                                                       {QStringLiteral("amount"), Funded},
                                                       {QStringLiteral("currency"), QStringLiteral("NGN")},
                                                       {QStringLiteral("status"), QStringLiteral("success")},
                                                       {QStringLiteral("paid_amount"), Funded},
                                                       {QStringLiteral("paid_currency"), QStringLiteral("NGN")},
                                                       {QStringLiteral("paid_at"), t},
                                                       {QStringLiteral("credited_at"), t},
                                                       {QStringLiteral("created_at"), t},
                                                       {QStringLiteral("updated_at"), t}});
        written.tables << QStringLiteral("payment_intents");
    }
    if (old.hasTable(QStringLiteral("smpp_credentials"))) {
        old.insert(QStringLiteral("smpp_credentials"), {{QStringLiteral("user_id"), client},
                                                        {QStringLiteral("system_id"), SmppSystemId},
                                                        {QStringLiteral("password_hash"), PasswordHasher::hash(SmppPassword)},
                                                        {QStringLiteral("created_at"), t},
                                                        {QStringLiteral("updated_at"), t}});
        written.smpp = true;
        written.tables << QStringLiteral("smpp_credentials");
    }
    if (old.hasTable(QStringLiteral("campaigns"))) {
        const qint64 contact = old.insert(QStringLiteral("contacts"), {{QStringLiteral("user_id"), client},
                                                                       {QStringLiteral("phone"), QStringLiteral("+2348030000002")},
                                                                       {QStringLiteral("name"), QStringLiteral("Ada")},
                                                                       {QStringLiteral("created_at"), t},
                                                                       {QStringLiteral("updated_at"), t}});
        const qint64 group = old.insert(QStringLiteral("contact_groups"), {{QStringLiteral("user_id"), client},
                                                                           {QStringLiteral("name"), QStringLiteral("Regulars")},
                                                                           {QStringLiteral("created_at"), t},
                                                                           {QStringLiteral("updated_at"), t}});
        old.insert(QStringLiteral("contact_group_members"), {{QStringLiteral("group_id"), group}, {QStringLiteral("contact_id"), contact}},
                   false);
        written.campaign = old.insert(QStringLiteral("campaigns"), {{QStringLiteral("user_id"), client},
                                                                    {QStringLiteral("name"), QStringLiteral("Old campaign")},
                                                                    {QStringLiteral("sender_id_value"), QStringLiteral("OldCo")},
                                                                    {QStringLiteral("message_text"), QStringLiteral("Hello")},
                                                                    {QStringLiteral("encoding"), QStringLiteral("gsm7")},
                                                                    {QStringLiteral("segments_count"), 1},
                                                                    {QStringLiteral("recipient_type"), QStringLiteral("group")},
                                                                    {QStringLiteral("status"), QStringLiteral("completed")},
                                                                    {QStringLiteral("currency"), QStringLiteral("NGN")},
                                                                    {QStringLiteral("total_recipients"), 1},
                                                                    {QStringLiteral("planned_cost"), Price},
                                                                    {QStringLiteral("charged"), Price},
                                                                    {QStringLiteral("chunk_count"), 1},
                                                                    {QStringLiteral("next_chunk"), 1},
                                                                    {QStringLiteral("due_at"), t},
                                                                    {QStringLiteral("created_at"), t},
                                                                    {QStringLiteral("updated_at"), t},
                                                                    {QStringLiteral("started_at"), t},
                                                                    {QStringLiteral("completed_at"), t}});
        old.exec(QStringLiteral("UPDATE messages SET campaign_id = ? WHERE id = ?"),
                 {written.campaign, written.finalMessages.first().first});
        written.tables << QStringLiteral("contacts") << QStringLiteral("contact_groups") << QStringLiteral("contact_group_members")
                       << QStringLiteral("campaigns");
    }
    if (old.hasTable(QStringLiteral("routes"))) {
        old.insert(QStringLiteral("routes"), {{QStringLiteral("prefix"), QStringLiteral("+234809")},
                                              {QStringLiteral("gateways"), QStringLiteral("simulator")},
                                              {QStringLiteral("updated_at"), t}},
                   false);
        // Only campaign events, so that the queued message going out makes no new delivery.
        old.insert(QStringLiteral("client_webhooks"), {{QStringLiteral("user_id"), client},
                                                       {QStringLiteral("url"), QStringLiteral("http://127.0.0.1:9/hook")},
                                                       {QStringLiteral("events"), QStringLiteral(",campaign.completed,")},
                                                       {QStringLiteral("signing_secret"), QStringLiteral("whsec_") + SecretToken::randomBase62(32)},
                                                       {QStringLiteral("created_at"), t},
                                                       {QStringLiteral("updated_at"), t}},
                   false);
        const qint64 delivery = old.insert(QStringLiteral("webhook_deliveries"),
                                           {{QStringLiteral("user_id"), client},
                                            {QStringLiteral("event"), QStringLiteral("campaign.completed")},
                                            {QStringLiteral("campaign_id"), written.campaign},
                                            {QStringLiteral("data"), QStringLiteral("{}")},
                                            {QStringLiteral("url"), QStringLiteral("http://127.0.0.1:9/hook")},
                                            {QStringLiteral("status"), QStringLiteral("delivered")},
                                            {QStringLiteral("attempts"), 1},
                                            {QStringLiteral("last_status_code"), 200},
                                            {QStringLiteral("occurred_at"), t},
                                            {QStringLiteral("next_attempt_at"), t},
                                            {QStringLiteral("updated_at"), t}});
        old.insert(QStringLiteral("webhook_attempts"), {{QStringLiteral("delivery_id"), delivery},
                                                        {QStringLiteral("user_id"), client},
                                                        {QStringLiteral("status_code"), 200},
                                                        {QStringLiteral("duration_ms"), 12},
                                                        {QStringLiteral("attempted_at"), t}});
        written.tables << QStringLiteral("routes") << QStringLiteral("client_webhooks") << QStringLiteral("webhook_deliveries")
                       << QStringLiteral("webhook_attempts");
    }
    return written;
}

} // namespace

class UpgradeTest : public QObject
{
    Q_OBJECT

private Q_SLOTS:
    void everyEarlierVersionUpgradesWithoutLoss_data();
    void everyEarlierVersionUpgradesWithoutLoss();
    void threeNodesStartingAtOnceMigrateOnce();
};

void UpgradeTest::everyEarlierVersionUpgradesWithoutLoss_data()
{
    QTest::addColumn<int>("version");
    const QList<int> versions = schemaVersions();
    QVERIFY(versions.size() >= 2);
    for (qsizetype i = 0; i + 1 < versions.size(); ++i)
        QTest::addRow("from %04d", versions.at(i)) << versions.at(i);
}

void UpgradeTest::everyEarlierVersionUpgradesWithoutLoss()
{
    QFETCH(int, version);
    TestDatabase database;
    QVERIFY2(database.isValid(), qPrintable(database.error()));
    QSqlDatabase db = database.connection();
    OldDatabase old(db);
    QVERIFY2(old.migrateTo(version), qPrintable(old.error()));
    const Written written = fill(old);
    QVERIFY2(old.error().isEmpty(), qPrintable(old.error()));
    QHash<QString, qint64> before;
    for (const QString &table : written.tables)
        before.insert(table, scalar(db, QStringLiteral("SELECT COUNT(*) FROM ") + table).toLongLong());
    db.close(); // SQLite: the appliance is the only writer from here on

    ApplianceProcess appliance(database.url());
    appliance.setEnv(QStringLiteral("OGENE_SIMULATOR_DELIVERY_DELAY_MS"), QStringLiteral("100"));
    QVERIFY2(appliance.start(), qPrintable(appliance.output()));
    QVERIFY2(appliance.output().contains(QStringLiteral("applied %1 migration(s)").arg(schemaVersions().size() - schemaVersions().indexOf(version) - 1)),
             qPrintable(appliance.output()));
    db.open();
    QCOMPARE(scalar(db, QStringLiteral("SELECT COUNT(*) FROM schema_migrations")).toInt(), int(schemaVersions().size()));

    // Nothing lost: every table holds what it held (sign-ins below add only login tokens).
    for (const QString &table : written.tables)
        QVERIFY2(scalar(db, QStringLiteral("SELECT COUNT(*) FROM ") + table).toLongLong() == before.value(table),
                 qPrintable(table));
    // Every wallet's balance is what its ledger says.
    QCOMPARE(scalar(db, QStringLiteral("SELECT COUNT(*) FROM wallets w WHERE balance <> (SELECT COALESCE(SUM(CASE WHEN type = 'credit' "
                                       "THEN amount ELSE -amount END), 0) FROM wallet_transactions t WHERE t.user_id = w.user_id)"))
                 .toInt(),
             0);
    QCOMPARE(scalar(db, QStringLiteral("SELECT COUNT(*) FROM wallets")).toInt(), 2);

    // The old password signs in, the old API key works, the balance is the old one.
    ApiClient api(appliance.baseUrl());
    QVERIFY(!api.adminToken().isEmpty());
    const QString token = api.login(ClientEmail, ClientPassword);
    QVERIFY(!token.isEmpty());
    const qint64 expectedBalance = written.finalMessages.isEmpty() ? 0 : Funded - 3 * Price;
    QCOMPARE(api.balance(written.apiKey), expectedBalance);
    QCOMPARE(api.balance(token), expectedBalance);
    // Old messages answer on the status route as they were; the queued one goes out now.
    for (const auto &[id, status] : written.finalMessages)
        QCOMPARE(api.messageStatus(written.apiKey, id), status);
    if (written.queuedMessage)
        QTRY_COMPARE_WITH_TIMEOUT(api.messageStatus(token, written.queuedMessage), QStringLiteral("delivered"), 20000);
    if (written.campaign) {
        const ApiReply campaign = api.get(QStringLiteral("/api/client/bulk-sms/%1").arg(written.campaign), token);
        QVERIFY2(campaign.status == 200, qPrintable(campaign.describe()));
        QCOMPARE(campaign.data().value(QStringLiteral("status")).toString(), QStringLiteral("completed"));
    }
    // The old SMPP credential binds, with its old password.
    if (written.smpp) {
        SmppTestClient smpp(appliance.smppPort());
        QCOMPARE(smpp.bind(CommandId::BindTransceiver, SmppSystemId, SmppPassword), quint32(CommandStatus::ESME_ROK));
    }
}

void UpgradeTest::threeNodesStartingAtOnceMigrateOnce()
{
    // On PostgreSQL these are three nodes; on SQLite, three processes on one file, which must not
    // both migrate either (only one node serves a SQLite file, but a command can start beside it).
    TestDatabase database; // empty: no schema at all
    QVERIFY2(database.isValid(), qPrintable(database.error()));
    std::vector<std::unique_ptr<ApplianceProcess>> nodes;
    for (int i = 0; i < 3; ++i)
        nodes.push_back(std::make_unique<ApplianceProcess>(database.url()));
    for (auto &appliance : nodes)
        QVERIFY(appliance->launch());
    for (auto &appliance : nodes)
        QVERIFY2(appliance->waitUntilReady(), qPrintable(appliance->output()));

    // Each node is healthy and serves the same data: the one first admin signs in on every node.
    for (auto &appliance : nodes) {
        ApiClient api(appliance->baseUrl());
        QCOMPARE(api.get(QStringLiteral("/api/health")).status, 200);
        QVERIFY(!api.adminToken().isEmpty());
    }
    const int migrations = int(schemaVersions().size());
    QSqlDatabase db = database.connection();
    QCOMPARE(scalar(db, QStringLiteral("SELECT COUNT(*) FROM schema_migrations")).toInt(), migrations);
    QCOMPARE(scalar(db, QStringLiteral("SELECT COUNT(DISTINCT version) FROM schema_migrations")).toInt(), migrations);
    QCOMPARE(scalar(db, QStringLiteral("SELECT COUNT(*) FROM users WHERE role = 'admin'")).toInt(), 1);
    // One node applied them all; the others found them applied when the lock let them look.
    int applying = 0;
    for (auto &appliance : nodes) {
        if (appliance->output().contains(QStringLiteral("applied %1 migration(s)").arg(migrations)))
            ++applying;
        else
            QVERIFY2(!appliance->output().contains(QLatin1String("migration(s)")), qPrintable(appliance->output()));
    }
    QCOMPARE(applying, 1);
}

QTEST_GUILESS_MAIN(UpgradeTest)
#include "tst_upgrade.moc"
