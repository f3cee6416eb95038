#pragma once

#include <QString>

namespace ogene {

class Config;
class Store;

// On a database with no user at all, creates the first admin from ADMIN_EMAIL and ADMIN_PASSWORD
// (a generated password when none is set) and prints how to sign in on the terminal, once.
class FirstAdmin
{
public:
    static void ensure(Store &store, const Config &config);
};

} // namespace ogene
