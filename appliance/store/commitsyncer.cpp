#include "store/commitsyncer.h"

#include <QFile>
#include <QLoggingCategory>

#include <cerrno>
#include <cstring>
#include <fcntl.h>
#include <pthread.h>
#include <stdexcept>
#include <unistd.h>

Q_DECLARE_LOGGING_CATEGORY(lcStore)

namespace ogene {

CommitSyncer::CommitSyncer(Sync sync)
    : m_sync(std::move(sync))
    , m_thread([this] { serve(); })
{
}

CommitSyncer::~CommitSyncer()
{
    {
        std::lock_guard lock(m_mutex);
        m_stopping = true;
    }
    m_ready.notify_one();
    m_thread.join();
}

void CommitSyncer::afterNextSync(std::vector<Completion> completions)
{
    if (completions.empty())
        return;
    {
        std::lock_guard lock(m_mutex);
        for (Completion &completion : completions)
            m_waiting.push_back(std::move(completion));
    }
    m_ready.notify_one();
}

void CommitSyncer::serve()
{
    pthread_setname_np(pthread_self(), "ogene-sync");
    for (;;) {
        std::vector<Completion> batch;
        {
            std::unique_lock lock(m_mutex);
            m_ready.wait(lock, [this] { return m_stopping || !m_waiting.empty(); });
            if (m_waiting.empty())
                return; // stopping, and nothing left to answer
            batch.swap(m_waiting);
        }
        QString problem;
        if (!m_sync(&problem)) {
            // The commits are in the file but not known to be on disk: nobody may be told they
            // are kept.
            qCCritical(lcStore).noquote() << "cannot flush the database to disk:" << problem;
            const auto failure = std::make_exception_ptr(
                std::runtime_error("the database could not flush its commit to disk: " + problem.toStdString()));
            for (Completion &completion : batch)
                if (!completion.error)
                    completion.error = failure;
        }
        for (Completion &completion : batch)
            completion.finish(completion.error);
    }
}

CommitSyncer::Sync CommitSyncer::fsyncFile(const QString &path)
{
    const QByteArray encoded = QFile::encodeName(path);
    return [encoded](QString *error) {
        // Opened each time: SQLite may remove the WAL file and start a new one, and a descriptor
        // kept open would then flush the old file.
        const int fd = ::open(encoded.constData(), O_RDONLY | O_CLOEXEC);
        if (fd < 0) {
            if (errno == ENOENT)
                return true; // no WAL file: nothing was committed through it
            *error = QStringLiteral("cannot open %1: %2").arg(QFile::decodeName(encoded), QString::fromLocal8Bit(std::strerror(errno)));
            return false;
        }
        const bool flushed = ::fsync(fd) == 0;
        if (!flushed)
            *error = QStringLiteral("cannot flush %1: %2").arg(QFile::decodeName(encoded), QString::fromLocal8Bit(std::strerror(errno)));
        ::close(fd);
        return flushed;
    };
}

} // namespace ogene
