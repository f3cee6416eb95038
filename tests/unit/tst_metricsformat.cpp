// The formats operations tools read: the Prometheus exposition's escaping and layout, the JSON
// log line, and the metrics guard's address list.
#include "core/logformat.h"
#include "metrics/metricsguard.h"
#include "metrics/prometheustext.h"

#include <QJsonDocument>
#include <QJsonObject>
#include <QTest>

using namespace ogene;

class MetricsFormatTest : public QObject
{
    Q_OBJECT

private Q_SLOTS:
    void labelValuesAreEscaped();
    void familiesHaveHelpAndTypeBeforeSamples();
    void jsonLogLineIsOneObjectWithEveryField();
    void allowListTakesAddressesAndRanges();
};

void MetricsFormatTest::labelValuesAreEscaped()
{
    QCOMPARE(PrometheusText::escapeLabelValue(QStringLiteral("a\\b\"c\nd")), QByteArray("a\\\\b\\\"c\\nd"));
    QCOMPARE(PrometheusText::escapeLabelValue(QStringLiteral("/api/client/sms/status/{id}")), QByteArray("/api/client/sms/status/{id}"));
    QCOMPARE(PrometheusText::escapeLabelValue(QStringLiteral("café")), QStringLiteral("café").toUtf8());
    QCOMPARE(PrometheusText::escapeHelp(QStringLiteral("one\\two\nthree \"quoted\"")), QByteArray("one\\\\two\\nthree \"quoted\""));
}

void MetricsFormatTest::familiesHaveHelpAndTypeBeforeSamples()
{
    PrometheusText out;
    out.family("ogene_things_total", "counter", QStringLiteral("Things."));
    out.sample("ogene_things_total", {{"kind", QStringLiteral("a\"b")}, {"route", QStringLiteral("/x")}}, qint64(3));
    out.family("ogene_level", "gauge", QStringLiteral("A level."));
    out.sample("ogene_level", {}, 0.5);
    QCOMPARE(out.text(), QByteArray("# HELP ogene_things_total Things.\n"
                                    "# TYPE ogene_things_total counter\n"
                                    "ogene_things_total{kind=\"a\\\"b\",route=\"/x\"} 3\n"
                                    "# HELP ogene_level A level.\n"
                                    "# TYPE ogene_level gauge\n"
                                    "ogene_level 0.5\n"));
}

void MetricsFormatTest::jsonLogLineIsOneObjectWithEveryField()
{
    const QByteArray line = LogFormat::jsonLine(QtWarningMsg, "ogene.http", QStringLiteral("quote \" backslash \\ newline \n tab \t bell \a é"),
                                                1795000000123);
    QVERIFY(line.endsWith('\n'));
    QCOMPARE(line.count('\n'), 1);
    QJsonParseError error;
    const QJsonObject entry = QJsonDocument::fromJson(line, &error).object();
    QCOMPARE(error.error, QJsonParseError::NoError);
    QCOMPARE(entry.value(QStringLiteral("time")).toString(), QStringLiteral("2026-11-18T11:06:40.123Z"));
    QCOMPARE(entry.value(QStringLiteral("level")).toString(), QStringLiteral("warning"));
    QCOMPARE(entry.value(QStringLiteral("category")).toString(), QStringLiteral("ogene.http"));
    QCOMPARE(entry.value(QStringLiteral("message")).toString(), QStringLiteral("quote \" backslash \\ newline \n tab \t bell \a é"));
    QVERIFY(entry.value(QStringLiteral("pid")).toInteger() > 0);
    QCOMPARE(QString::fromLatin1(LogFormat::levelName(QtCriticalMsg)), QStringLiteral("error"));
}

void MetricsFormatTest::allowListTakesAddressesAndRanges()
{
    QString error;
    const auto ranges = MetricsGuard::parseAllowList(QStringLiteral(" 127.0.0.1/32, 10.0.0.0/8,::1 ,192.168.1.7"), &error);
    QVERIFY2(ranges.has_value(), qPrintable(error));
    QCOMPARE(ranges->size(), 4);
    QCOMPARE(ranges->at(2).second, 128);
    QCOMPARE(ranges->at(3).second, 32);
    QVERIFY(MetricsGuard::parseAllowList(QString(), &error).value().isEmpty());
    for (const QString &bad : {QStringLiteral("10.0.0.0/33"), QStringLiteral("localhost"), QStringLiteral("10.0.0.0/8;127.0.0.1")}) {
        error.clear();
        QVERIFY2(!MetricsGuard::parseAllowList(bad, &error).has_value(), qPrintable(bad));
        QVERIFY(!error.isEmpty());
    }
}

QTEST_GUILESS_MAIN(MetricsFormatTest)
#include "tst_metricsformat.moc"
