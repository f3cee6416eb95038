#pragma once

#include "core/config.h"

#include <QString>

namespace ogene {

// The SMPP server's settings, read once from the configuration.
struct SmppSettings
{
    QString publicHost;
    int submitPerSecond = 200;
    int maxBindsPerCredential = 10;
    int enquireLinkSeconds = 30;
    int responseTimeoutSeconds = 10;
    int receiptWindow = 100;
    int receiptExpiryHours = 72;
    int concatTimeoutSeconds = 60;
    int bindMaxFailures = 5;
    int bindFailureWindowSeconds = 300;

    static SmppSettings fromConfig(const Config &config)
    {
        SmppSettings settings;
        settings.publicHost = config.text(QStringLiteral("SMPP_PUBLIC_HOST"));
        settings.submitPerSecond = int(config.integer(QStringLiteral("SMPP_SUBMIT_PER_SECOND")));
        settings.maxBindsPerCredential = int(config.integer(QStringLiteral("SMPP_MAX_BINDS_PER_CREDENTIAL")));
        settings.enquireLinkSeconds = int(config.integer(QStringLiteral("SMPP_ENQUIRE_LINK_SECONDS")));
        settings.responseTimeoutSeconds = int(config.integer(QStringLiteral("SMPP_RESPONSE_TIMEOUT_SECONDS")));
        settings.receiptWindow = int(config.integer(QStringLiteral("SMPP_RECEIPT_WINDOW")));
        settings.receiptExpiryHours = int(config.integer(QStringLiteral("SMPP_RECEIPT_EXPIRY_HOURS")));
        settings.concatTimeoutSeconds = int(config.integer(QStringLiteral("SMPP_CONCAT_TIMEOUT_SECONDS")));
        settings.bindMaxFailures = int(config.integer(QStringLiteral("SMPP_BIND_MAX_FAILURES")));
        settings.bindFailureWindowSeconds = int(config.integer(QStringLiteral("SMPP_BIND_FAILURE_WINDOW")));
        return settings;
    }
};

} // namespace ogene
