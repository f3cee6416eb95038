#pragma once

#include <QStringList>

namespace ogene {

class Config;

// ogene-appliance user add --email E --password P --name N --role admin|client [--currency NGN|USD]
// Creates the user in the configured database and answers the process exit code.
class UserAddCommand
{
public:
    static int run(const QStringList &arguments, const Config &config);
};

} // namespace ogene
