#include "tokenkeychain.h"

#include <qt6keychain/keychain.h>

namespace ogene {

TokenKeychain::TokenKeychain(QObject *parent)
    : QObject(parent)
{
}

void TokenKeychain::read(const QString &key, TokenDone done)
{
    auto *job = new QKeychain::ReadPasswordJob(QLatin1String(ServiceName), this);
    job->setAutoDelete(true);
    job->setKey(key);
    connect(job, &QKeychain::Job::finished, this, [done](QKeychain::Job *finished) {
        auto *reader = static_cast<QKeychain::ReadPasswordJob *>(finished);
        if (reader->error() == QKeychain::NoError)
            done(reader->textData(), {});
        else if (reader->error() == QKeychain::EntryNotFound)
            done({}, {});
        else
            done({}, reader->errorString());
    });
    job->start();
}

void TokenKeychain::write(const QString &key, const QString &token, Done done)
{
    auto *job = new QKeychain::WritePasswordJob(QLatin1String(ServiceName), this);
    job->setAutoDelete(true);
    job->setKey(key);
    job->setTextData(token);
    connect(job, &QKeychain::Job::finished, this, [done](QKeychain::Job *finished) {
        done(finished->error() == QKeychain::NoError ? QString() : finished->errorString());
    });
    job->start();
}

void TokenKeychain::remove(const QString &key, Done done)
{
    auto *job = new QKeychain::DeletePasswordJob(QLatin1String(ServiceName), this);
    job->setAutoDelete(true);
    job->setKey(key);
    connect(job, &QKeychain::Job::finished, this, [done](QKeychain::Job *finished) {
        const bool gone = finished->error() == QKeychain::NoError || finished->error() == QKeychain::EntryNotFound;
        done(gone ? QString() : finished->errorString());
    });
    job->start();
}

} // namespace ogene
