#pragma once

#include <QString>

namespace ogene {

// Values written into one bound parameter that stands for many: a PostgreSQL array literal
// ("{1,"a\"b"}") or a JSON document that SQLite's json_each reads. Quoting only: the whole literal
// is still bound as a parameter, never spliced into a statement's text.
namespace SqlLiterals {

// A double-quoted element of a PostgreSQL array literal, its quotes and backslashes escaped.
void appendArrayText(QString &literal, const QString &text);
// A JSON string, with quotes, backslashes and control characters escaped.
void appendJsonString(QString &document, const QString &text);

} // namespace SqlLiterals
} // namespace ogene
