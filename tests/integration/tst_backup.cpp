// `ogene-appliance backup --to FILE`: an online SQLite backup taken while the appliance runs and
// sends, consistent (integrity_check, balance = credits − debits of the messages it holds), holding
// everything committed before it began, written 0600 and atomically, never over a file unless
// --force; and an appliance started on it works. On PostgreSQL it points to pg_dump, exit 2.
#include "apiclient.h"
#include "applianceprocess.h"
#include "concurrentrequests.h"
#include "testdatabase.h"

#include <QDir>
#include <QFile>
#include <QFileInfo>
#include <QProcess>
#include <QSqlDatabase>
#include <QSqlQuery>
#include <QTemporaryDir>
#include <QTest>

#include <sys/stat.h>

namespace {

constexpr qint64 PricePerSegment = 400; // NGN 4.00 by default
constexpr qint64 Credit = 1000000;      // NGN 10,000.00

QStringList backupTo(const QString &file)
{
    return {QStringLiteral("backup"), QStringLiteral("--to"), file};
}

// A connection of the test's own to a backup file.
QSqlDatabase openBackup(const QString &path, const QString &name)
{
    QSqlDatabase db = QSqlDatabase::addDatabase(QStringLiteral("QSQLITE"), name);
    db.setDatabaseName(path);
    db.open();
    return db;
}

} // namespace

class BackupTest : public QObject
{
    Q_OBJECT

private Q_SLOTS:
    void initTestCase();
    void backupWhileSendingHoldsWhatWasCommittedAndRestores();
    void refusesToOverwriteWithoutForce();
    void badArgumentsAreUsageErrors();
    void postgresqlPointsToPgDump();

private:
    bool sqlite() const { return TestDatabase::engine() == QLatin1String("sqlite"); }

    TestDatabase m_database;
    std::unique_ptr<ApplianceProcess> m_appliance;
    std::unique_ptr<ApiClient> m_api;
    QString m_admin;
    ApiClient::Account m_client;
    QTemporaryDir m_backups;
};

void BackupTest::initTestCase()
{
    QVERIFY2(m_database.isValid(), qPrintable(m_database.error()));
    m_appliance = std::make_unique<ApplianceProcess>(m_database.url());
    m_appliance->setEnv(QStringLiteral("OGENE_SIMULATOR_DELIVERY_DELAY_MS"), QStringLiteral("50"));
    QVERIFY2(m_appliance->start(), qPrintable(m_appliance->output()));
    m_api = std::make_unique<ApiClient>(m_appliance->baseUrl());
    m_admin = m_api->adminToken();
    QVERIFY(!m_admin.isEmpty());
    m_client = m_api->readyClient(m_admin, QStringLiteral("10000.00"));
    QVERIFY(m_client.id > 0);
}

void BackupTest::backupWhileSendingHoldsWhatWasCommittedAndRestores()
{
    if (!sqlite())
        QSKIP("SQLite's online backup; PostgreSQL is backed up with pg_dump");
    // Committed before the backup starts: these must all be in it.
    QList<qint64> before;
    for (int i = 0; i < 20; ++i)
        before.append(m_api->sendSms(m_client.token, QStringLiteral("+23480312%1").arg(i, 5, 10, QLatin1Char('0')), QStringLiteral("Ogene"),
                                     QStringLiteral("Before the backup %1").arg(i)));
    QVERIFY(!before.contains(0));
    QTRY_COMPARE_WITH_TIMEOUT(m_api->messageStatus(m_client.token, before.first()), QStringLiteral("delivered"), 20000);
    const QString deliveredStatus = m_api->messageStatus(m_client.token, before.first());

    // The backup runs while bursts of sends keep committing.
    const QString file = m_backups.filePath(QStringLiteral("ogene-backup.db"));
    QProcess backup;
    backup.setProcessEnvironment(m_appliance->environment());
    backup.start(ApplianceProcess::binary(), backupTo(file));
    QVERIFY(backup.waitForStarted());
    int accepted = 0;
    int bursts = 0;
    do {
        ConcurrentRequests burst(m_appliance->port(), "POST", "/api/client/sms/send");
        for (int i = 0; i < 50; ++i)
            burst.add({{QStringLiteral("recipient"), QStringLiteral("+2348039%1").arg(bursts * 50 + i, 6, 10, QLatin1Char('0'))},
                       {QStringLiteral("sender_id"), QStringLiteral("Ogene")},
                       {QStringLiteral("message"), QStringLiteral("During the backup")}},
                      {{"Authorization", "Bearer " + m_client.token.toUtf8()}});
        for (const ConcurrentRequests::Answer &answer : burst.run())
            accepted += answer.status == 201 ? 1 : 0;
        ++bursts;
    } while (backup.state() != QProcess::NotRunning || bursts < 2);
    QCOMPARE(backup.exitStatus(), QProcess::NormalExit);
    QVERIFY2(backup.exitCode() == 0, qPrintable(QString::fromUtf8(backup.readAllStandardError())));
    QVERIFY(QString::fromUtf8(backup.readAllStandardOutput()).contains(QLatin1String("Backed up")));
    QCOMPARE(accepted, bursts * 50);

    // Private, whole, and nothing left beside it.
    struct stat info{};
    QCOMPARE(::stat(QFile::encodeName(file).constData(), &info), 0);
    QCOMPARE(info.st_mode & 0777, 0600u);
    QCOMPARE(QDir(m_backups.path()).entryList(QDir::Files | QDir::Hidden), QStringList{QStringLiteral("ogene-backup.db")});
    qint64 messagesInBackup = 0;
    {
        QSqlDatabase db = openBackup(file, QStringLiteral("backup-check"));
        QVERIFY(db.isOpen());
        QSqlQuery query(db);
        QVERIFY(query.exec(QStringLiteral("PRAGMA integrity_check")) && query.next());
        QCOMPARE(query.value(0).toString(), QStringLiteral("ok"));
        for (qint64 id : before) {
            QVERIFY(query.exec(QStringLiteral("SELECT COUNT(*) FROM messages WHERE id = %1").arg(id)) && query.next());
            QCOMPARE(query.value(0).toInt(), 1);
        }
        QVERIFY(query.exec(QStringLiteral("SELECT COUNT(*) FROM messages WHERE user_id = %1").arg(m_client.id)) && query.next());
        messagesInBackup = query.value(0).toLongLong();
        QVERIFY(messagesInBackup >= before.size());
        qInfo("%d sends accepted in %d bursts while the backup ran; the backup holds %lld of the account's %lld messages", accepted,
              bursts, messagesInBackup, qint64(before.size() + accepted));
        // One snapshot: the wallet and the ledger agree with the messages it holds.
        QVERIFY(query.exec(QStringLiteral("SELECT balance FROM wallets WHERE user_id = %1").arg(m_client.id)) && query.next());
        QCOMPARE(query.value(0).toLongLong(), Credit - messagesInBackup * PricePerSegment);
    }
    QSqlDatabase::removeDatabase(QStringLiteral("backup-check"));

    // An appliance started on the backup: sign-in, balance and a message's status as they were.
    ApplianceProcess restored(QStringLiteral("sqlite:") + file);
    QVERIFY2(restored.start(), qPrintable(restored.output()));
    ApiClient api(restored.baseUrl());
    const QString token = api.login(m_client.email, m_client.password);
    QVERIFY(!token.isEmpty());
    QCOMPARE(api.balance(token), Credit - messagesInBackup * PricePerSegment);
    QCOMPARE(api.messageStatus(token, before.first()), deliveredStatus);
    QCOMPARE(api.message(token, before.last()).value(QStringLiteral("id")).toInteger(), before.last());
    QVERIFY(!api.adminToken().isEmpty());
    restored.stop();
}

void BackupTest::refusesToOverwriteWithoutForce()
{
    if (!sqlite())
        QSKIP("SQLite's online backup");
    const QString file = m_backups.filePath(QStringLiteral("existing.db"));
    QFile existing(file);
    QVERIFY(existing.open(QIODevice::WriteOnly));
    existing.write("keep me");
    existing.close();
    const ApplianceProcess::CommandResult refused = m_appliance->runCommand(backupTo(file));
    QCOMPARE(refused.exitCode, 1);
    QVERIFY2(refused.err.contains(QLatin1String("--force")), qPrintable(refused.err));
    QVERIFY(existing.open(QIODevice::ReadOnly));
    QCOMPARE(existing.readAll(), QByteArray("keep me"));
    existing.close();

    const ApplianceProcess::CommandResult forced = m_appliance->runCommand(backupTo(file) << QStringLiteral("--force"));
    QVERIFY2(forced.exitCode == 0, qPrintable(forced.err));
    QVERIFY(existing.open(QIODevice::ReadOnly));
    QCOMPARE(existing.read(16), QByteArray("SQLite format 3\0", 16));
    QVERIFY(!(QFileInfo(file).permissions() & (QFileDevice::ReadGroup | QFileDevice::ReadOther | QFileDevice::WriteOther)));
}

void BackupTest::badArgumentsAreUsageErrors()
{
    QCOMPARE(m_appliance->runCommand({QStringLiteral("backup")}).exitCode, 2);
    QCOMPARE(m_appliance->runCommand({QStringLiteral("backup"), QStringLiteral("--to")}).exitCode, 2);
    QCOMPARE(m_appliance->runCommand(backupTo(m_backups.filePath(QStringLiteral("x.db"))) << QStringLiteral("extra")).exitCode, 2);
    if (!sqlite())
        return;
    const ApplianceProcess::CommandResult noFolder = m_appliance->runCommand(backupTo(QStringLiteral("/nonexistent/dir/x.db")));
    QCOMPARE(noFolder.exitCode, 1);
    // A wrong database path is reported, and no empty database is created there.
    const QString missing = m_backups.filePath(QStringLiteral("missing.db"));
    QProcessEnvironment wrong;
    wrong.insert(QStringLiteral("OGENE_DATABASE"), QStringLiteral("sqlite:") + missing);
    QCOMPARE(m_appliance->runCommand(backupTo(m_backups.filePath(QStringLiteral("y.db"))), wrong).exitCode, 1);
    QVERIFY(!QFile::exists(missing));
}

void BackupTest::postgresqlPointsToPgDump()
{
    if (sqlite())
        QSKIP("PostgreSQL only");
    const ApplianceProcess::CommandResult result = m_appliance->runCommand(backupTo(m_backups.filePath(QStringLiteral("pg.db"))));
    QCOMPARE(result.exitCode, 2);
    QVERIFY2(result.err.contains(QLatin1String("pg_dump")), qPrintable(result.err));
    QVERIFY(!QFile::exists(m_backups.filePath(QStringLiteral("pg.db"))));
}

QTEST_GUILESS_MAIN(BackupTest)
#include "tst_backup.moc"
