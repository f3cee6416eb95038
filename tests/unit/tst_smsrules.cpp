// SMS rules shared by appliance and console: segment counting by GSM 03.38 / UCS-2, recipient
// normalisation to E.164, and money in minor units.
#include <ogene/money.h>
#include <ogene/phonenumber.h>
#include <ogene/smstext.h>

#include <QJsonValue>
#include <QTest>

using namespace ogene;

class SmsRulesTest : public QObject
{
    Q_OBJECT

private Q_SLOTS:
    void segments_data();
    void segments();
    void partsNeverSplitAnEscapeOrSurrogatePair();
    void everyBasicCharacterIsOneSeptet();
    void phoneNumbers_data();
    void phoneNumbers();
    void moneyFormatsAndParses();
};

void SmsRulesTest::segments_data()
{
    QTest::addColumn<QString>("text");
    QTest::addColumn<QString>("encoding");
    QTest::addColumn<int>("units");
    QTest::addColumn<int>("segments");
    QTest::newRow("one char") << "a" << "gsm7" << 1 << 1;
    QTest::newRow("160 gsm") << QString(160, QLatin1Char('a')) << "gsm7" << 160 << 1;
    QTest::newRow("161 gsm") << QString(161, QLatin1Char('a')) << "gsm7" << 161 << 2;
    QTest::newRow("306 gsm") << QString(306, QLatin1Char('a')) << "gsm7" << 306 << 2;
    QTest::newRow("307 gsm") << QString(307, QLatin1Char('a')) << "gsm7" << 307 << 3;
    QTest::newRow("80 braces are 160") << QString(80, QLatin1Char('{')) << "gsm7" << 160 << 1;
    QTest::newRow("euro counts two") << QString(159, QLatin1Char('a')) + QString::fromUtf8("€") << "gsm7" << 161 << 2;
    QTest::newRow("form feed counts two") << QString(159, QLatin1Char('a')) + QLatin1Char('\f') << "gsm7" << 161 << 2;
    QTest::newRow("gsm accents") << QString::fromUtf8("Ça coûte") << "ucs2" << 8 << 1; // û is not GSM
    QTest::newRow("gsm specials") << QString::fromUtf8("£5 @ Ñandù? ¿Ü§") << "gsm7" << 15 << 1;
    QTest::newRow("70 ucs2") << QString(70, QChar(0x0416)) << "ucs2" << 70 << 1;
    QTest::newRow("71 ucs2") << QString(71, QChar(0x0416)) << "ucs2" << 71 << 2;
    QTest::newRow("134 ucs2") << QString(134, QChar(0x0416)) << "ucs2" << 134 << 2;
    QTest::newRow("135 ucs2") << QString(135, QChar(0x0416)) << "ucs2" << 135 << 3;
    QTest::newRow("one emoji makes ucs2") << QString(100, QLatin1Char('a')) + QString::fromUtf8("😀") << "ucs2" << 102 << 2;
    QTest::newRow("1600 gsm") << QString(1600, QLatin1Char('x')) << "gsm7" << 1600 << 11;
}

void SmsRulesTest::segments()
{
    QFETCH(QString, text);
    QFETCH(QString, encoding);
    QFETCH(int, units);
    QFETCH(int, segments);
    const SmsText analysed = SmsText::analyze(text);
    QCOMPARE(analysed.encodingName(), encoding);
    QCOMPARE(analysed.units, units);
    QCOMPARE(analysed.segments(), segments);
    QCOMPARE(analysed.parts.join(QString()), text);
}

void SmsRulesTest::partsNeverSplitAnEscapeOrSurrogatePair()
{
    // 152 letters then an escape pair: the pair does not fit in part one's last septet.
    const QString text = QString(152, QLatin1Char('a')) + QLatin1Char('[') + QString(20, QLatin1Char('b'));
    const SmsText gsm = SmsText::analyze(text);
    QCOMPARE(gsm.segments(), 2);
    QCOMPARE(gsm.parts.first().size(), 152);
    QVERIFY(gsm.parts.at(1).startsWith(QLatin1Char('[')));

    const QString emoji = QString::fromUtf8("😀");
    const QString wide = QString(66, QChar(0x0416)) + emoji + QString(10, QChar(0x0416));
    const SmsText ucs2 = SmsText::analyze(wide);
    QCOMPARE(ucs2.parts.first().size(), 66);
    QVERIFY(ucs2.parts.at(1).startsWith(emoji));
}

void SmsRulesTest::everyBasicCharacterIsOneSeptet()
{
    const QString alphabet = QString::fromUtf8("@£$¥èéùìòÇ\nØø\rÅåΔ_ΦΓΛΩΠΨΣΘΞÆæßÉ !\"#¤%&'()*+,-./0123456789:;<=>?"
                                               "¡ABCDEFGHIJKLMNOPQRSTUVWXYZÄÖÑÜ§¿abcdefghijklmnopqrstuvwxyzäöñüà");
    QCOMPARE(alphabet.size(), 127);
    for (QChar c : alphabet)
        QCOMPARE(SmsText::gsmSeptets(c), 1);
    for (QChar c : QString::fromUtf8("^{}\\[~]|€\f"))
        QCOMPARE(SmsText::gsmSeptets(c), 2);
    QCOMPARE(SmsText::gsmSeptets(QLatin1Char('`')), 0);
    QCOMPARE(SmsText::gsmSeptets(QChar(0x1B)), 0);
}

void SmsRulesTest::phoneNumbers_data()
{
    QTest::addColumn<QString>("input");
    QTest::addColumn<QString>("expected"); // empty: refused
    QTest::newRow("e164") << "+2348031234567" << "+2348031234567";
    QTest::newRow("no plus") << "2348031234567" << "+2348031234567";
    QTest::newRow("nigerian local") << "08031234567" << "+2348031234567";
    QTest::newRow("spaced") << "+234 803 123 4567" << "+2348031234567";
    QTest::newRow("double zero") << "002348031234567" << "+2348031234567";
    QTest::newRow("us") << "+1 (415) 555-0100" << "+14155550100";
    QTest::newRow("uk") << "447911123456" << "+447911123456";
    QTest::newRow("short nigerian") << "+234803123456" << "";
    QTest::newRow("long nigerian") << "+23480312345678" << "";
    QTest::newRow("nigerian zero after code") << "+2340803123456" << "";
    QTest::newRow("letters") << "+234803ABC4567" << "";
    QTest::newRow("too short") << "+1234567" << "";
    QTest::newRow("too long") << "+1234567890123456" << "";
    QTest::newRow("empty") << "" << "";
    QTest::newRow("plus only") << "+" << "";
    QTest::newRow("local too short") << "0803123456" << "";
    QTest::newRow("leading zero country") << "+0123456789" << "";
}

void SmsRulesTest::phoneNumbers()
{
    QFETCH(QString, input);
    QFETCH(QString, expected);
    const std::optional<QString> normalized = PhoneNumber::normalize(input);
    if (expected.isEmpty())
        QVERIFY2(!normalized, qPrintable(normalized.value_or(QString())));
    else
        QCOMPARE(normalized.value_or(QString()), expected);
}

void SmsRulesTest::moneyFormatsAndParses()
{
    QCOMPARE(Money::format(800), QStringLiteral("8.00"));
    QCOMPARE(Money::format(5), QStringLiteral("0.05"));
    QCOMPARE(Money::format(123456789), QStringLiteral("1234567.89"));
    QCOMPARE(Money::format(-250), QStringLiteral("-2.50"));
    QCOMPARE(Money::parse(QStringLiteral("4")).value(), 400);
    QCOMPARE(Money::parse(QStringLiteral("4.5")).value(), 450);
    QCOMPARE(Money::parse(QStringLiteral("0.02")).value(), 2);
    QVERIFY(!Money::parse(QStringLiteral("4.005")));
    QVERIFY(!Money::parse(QStringLiteral("-4")));
    QVERIFY(!Money::parse(QStringLiteral("1e3")));
    QVERIFY(!Money::parse(QStringLiteral("")));
    QCOMPARE(Money::fromJson(QJsonValue(100.25)).value(), 10025);
    QCOMPARE(Money::fromJson(QJsonValue(0.1)).value(), 10);
    QCOMPARE(Money::fromJson(QJsonValue(QStringLiteral("12.30"))).value(), 1230);
    QVERIFY(!Money::fromJson(QJsonValue(1.001)));
    QVERIFY(!Money::fromJson(QJsonValue(-1)));
    QVERIFY(!Money::fromJson(QJsonValue(true)));
    QCOMPARE(Money::toJsonNumber(850).toDouble(), 8.5);
}

QTEST_GUILESS_MAIN(SmsRulesTest)
#include "tst_smsrules.moc"
