#pragma once

#include "app/services.h"
#include "http/apicall.h"

#include <optional>

namespace ogene {

// A page of messages through the list convention, filtered by ?status=, ?recipient=, ?sender_id=,
// ?date_from= and ?date_to=. A client lists its own account's (ownerId); an admin lists every
// account's, narrowed by ?user_id= when given. Bad filters answer 422 with one entry each.
class MessageListing
{
public:
    static void answer(Services &services, const ApiCall &call, std::optional<qint64> ownerId);
};

} // namespace ogene
