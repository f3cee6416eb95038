// A windowed SMPP client for tests/bench/smpp-throughput.sh: binds N transceiver sessions, keeps
// `window` submit_sm outstanding on each for the given seconds, answers every receipt, and prints
// accepted submit_sm per second (each answered after its commit) and receipts per second.
//   ogene-smpp-bench PORT SYSTEM_ID PASSWORD SENDER BINDS WINDOW SECONDS
#include "smpp/pducodec.h"

#include <QCoreApplication>
#include <QElapsedTimer>
#include <QTcpSocket>
#include <QTimer>

#include <cstdio>
#include <memory>
#include <vector>

using namespace ogene::smpp;

namespace {

struct Totals
{
    qint64 accepted = 0;
    qint64 refused = 0;
    qint64 receipts = 0;
};

class BenchSession : public QObject
{
public:
    BenchSession(quint16 port, const QByteArray &systemId, const QByteArray &password, const QByteArray &sender, int window,
                 Totals &totals)
        : m_window(window)
        , m_totals(totals)
    {
        m_submit.sourceAddrTon = 5;
        m_submit.sourceAddr = sender;
        m_submit.destAddrTon = 1;
        m_submit.destAddrNpi = 1;
        m_submit.destinationAddr = "2348031234567";
        m_submit.registeredDelivery = 1;
        m_submit.shortMessage = "Benchmark message from the Ogene SMPP bench";
        connect(&m_socket, &QTcpSocket::readyRead, this, [this] { read(); });
        m_socket.connectToHost(QStringLiteral("127.0.0.1"), port);
        m_socket.waitForConnected(5000);
        m_socket.setSocketOption(QAbstractSocket::LowDelayOption, 1);
        BindBody bind;
        bind.systemId = systemId;
        bind.password = password;
        m_socket.write(PduCodec::encode(Pdu::request(CommandId::BindTransceiver, ++m_sequence, bind)));
    }

    bool bound() const { return m_bound; }
    void start() { fill(); }
    void stop() { m_stopped = true; }

private:
    void fill()
    {
        QByteArray out;
        while (!m_stopped && m_bound && m_outstanding < m_window) {
            out += PduCodec::encode(Pdu::request(CommandId::SubmitSm, ++m_sequence, m_submit));
            ++m_outstanding;
        }
        if (!out.isEmpty())
            m_socket.write(out);
    }

    void read()
    {
        m_buffer += m_socket.readAll();
        qsizetype offset = 0;
        QByteArray out;
        for (;;) {
            const Frame frame = PduCodec::frame(QByteArrayView(m_buffer).sliced(offset));
            if (frame.status != Frame::Status::Complete)
                break;
            const DecodeResult decoded = PduCodec::decode(QByteArrayView(m_buffer).sliced(offset, frame.length));
            offset += frame.length;
            if (!decoded.ok())
                continue;
            const Pdu &pdu = *decoded.pdu;
            switch (pdu.command()) {
            case CommandId::BindTransceiverResp:
                m_bound = pdu.header.commandStatus == CommandStatus::ESME_ROK;
                if (!m_bound)
                    std::fprintf(stderr, "bind refused: %s\n", qPrintable(statusName(pdu.header.commandStatus)));
                break;
            case CommandId::SubmitSmResp:
                --m_outstanding;
                if (pdu.header.commandStatus == CommandStatus::ESME_ROK)
                    ++m_totals.accepted;
                else
                    ++m_totals.refused;
                break;
            case CommandId::DeliverSm:
                ++m_totals.receipts;
                out += PduCodec::encode(Pdu::response(pdu, CommandStatus::ESME_ROK, MessageIdRespBody{}));
                break;
            case CommandId::EnquireLink: out += PduCodec::encode(Pdu::response(pdu, CommandStatus::ESME_ROK)); break;
            default: break;
            }
        }
        m_buffer.remove(0, offset);
        if (!out.isEmpty())
            m_socket.write(out);
        fill();
    }

    QTcpSocket m_socket;
    QByteArray m_buffer;
    ShortMessageBody m_submit;
    quint32 m_sequence = 0;
    int m_window;
    int m_outstanding = 0;
    bool m_bound = false;
    bool m_stopped = false;
    Totals &m_totals;
};

} // namespace

int main(int argc, char **argv)
{
    QCoreApplication app(argc, argv);
    const QStringList args = app.arguments();
    if (args.size() != 8) {
        std::fprintf(stderr, "usage: ogene-smpp-bench PORT SYSTEM_ID PASSWORD SENDER BINDS WINDOW SECONDS\n");
        return 2;
    }
    const quint16 port = quint16(args[1].toUInt());
    const int binds = args[5].toInt(), window = args[6].toInt(), seconds = args[7].toInt();
    Totals totals;
    std::vector<std::unique_ptr<BenchSession>> sessions;
    for (int i = 0; i < binds; ++i)
        sessions.push_back(std::make_unique<BenchSession>(port, args[2].toLatin1(), args[3].toLatin1(), args[4].toLatin1(),
                                                          window, totals));
    QElapsedTimer waited;
    waited.start();
    while (waited.elapsed() < 10000) {
        QCoreApplication::processEvents(QEventLoop::AllEvents, 50);
        bool all = true;
        for (const auto &session : sessions)
            all = all && session->bound();
        if (all)
            break;
    }
    for (const auto &session : sessions) {
        if (!session->bound())
            return 1;
        session->start();
    }
    QElapsedTimer clock;
    clock.start();
    QTimer::singleShot(seconds * 1000, &app, [&] {
        const double elapsed = clock.elapsed() / 1000.0;
        std::printf("binds %d, window %d, %ds: %.0f accepted submit_sm/s (%lld refused), %.0f receipts/s\n", binds, window, seconds,
                    totals.accepted / elapsed, static_cast<long long>(totals.refused), totals.receipts / elapsed);
        app.quit();
    });
    return app.exec();
}
