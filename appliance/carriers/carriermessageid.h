#pragma once

#include <QStringList>

namespace ogene {

// The ways one SMSC message id may be written. SMSCs often answer submit_sm with an id in one base
// and write the delivery receipt's "id:" in the other ("1A2B3C" then "1715004"), with or without
// leading zeros or in either case; receipted_message_id, when sent, may differ from the text too.
// Matching a receipt to its message therefore compares every reading of both ids.
class CarrierMessageId
{
public:
    // Canonical readings: the id as written (trimmed, lower case, leading zeros dropped), and when it
    // reads as a number, that number in lower-case hex and in decimal.
    static QStringList forms(const QString &id);
    // Everything a stored id equal to one of these forms could have been written as, for a lookup
    // by value: each form, its upper case, and the id exactly as given.
    static QStringList spellings(const QString &id);
};

} // namespace ogene
