#include "contacts/contactroutes.h"

#include "contacts/contact.h"
#include "contacts/contactcsv.h"
#include "http/fieldvalidator.h"
#include "http/pagination.h"
#include "store/sqlerror.h"
#include "store/sqlsession.h"

#include <ogene/phonenumber.h>
#include <ogene/timestamp.h>

#include <QJsonArray>
#include <QJsonDocument>
#include <QSet>

namespace ogene {
namespace {

constexpr int MaxNameLength = 255;
constexpr int MaxSearchLength = 100;
constexpr qsizetype MaxFields = 50;
constexpr qsizetype MaxFieldsBytes = 4096;
constexpr qsizetype RejectedRowsShown = 20;

ApiError duplicatePhone()
{
    return ApiError::validation(QStringLiteral("phone"), QStringLiteral("A contact with this phone number already exists."));
}

// What a create or update body says; absent members stay nullopt (update leaves them alone).
struct ContactInput
{
    std::optional<QString> phone;
    std::optional<QString> name;
    std::optional<QByteArray> fields; // compact JSON
};

ContactInput readContact(const QJsonObject &body, bool creating)
{
    FieldValidator fields(body);
    ContactInput input;
    const QString phoneText = creating ? fields.requiredText(QStringLiteral("phone"), 32)
                                       : fields.optionalText(QStringLiteral("phone"), 32).value_or(QString());
    if (!phoneText.isEmpty()) {
        input.phone = PhoneNumber::normalize(phoneText);
        if (!input.phone)
            fields.reject(QStringLiteral("phone"),
                          QStringLiteral("The phone must be a phone number in international form, such as +2348031234567."));
    }
    if (body.contains(QStringLiteral("name")))
        input.name = fields.optionalText(QStringLiteral("name"), MaxNameLength, 0).value_or(QString());
    const QJsonValue extra = body.value(QStringLiteral("fields"));
    if (!extra.isUndefined() && !extra.isNull()) {
        const QByteArray json = QJsonDocument(extra.toObject()).toJson(QJsonDocument::Compact);
        if (!extra.isObject())
            fields.reject(QStringLiteral("fields"), QStringLiteral("The fields field must be an object."));
        else if (extra.toObject().size() > MaxFields || json.size() > MaxFieldsBytes)
            fields.reject(QStringLiteral("fields"),
                          QStringLiteral("The fields object must have at most %1 members and %2 bytes.").arg(MaxFields).arg(MaxFieldsBytes));
        else
            input.fields = json;
    } else if (extra.isNull()) {
        input.fields = QByteArrayLiteral("{}");
    }
    fields.check();
    return input;
}

Contact loadContact(SqlSession &session, qint64 userId, qint64 id)
{
    const auto row = session.one(QStringLiteral("SELECT ") + Contact::Columns + QStringLiteral(" FROM contacts WHERE id = ? AND user_id = ?"),
                                 {id, userId});
    if (!row)
        throw ApiError::notFound(QStringLiteral("Contact"));
    return Contact::fromRecord(*row);
}

void listContacts(Services &services, ApiCall call)
{
    const Pagination page = Pagination::fromQuery(call.request().query);
    const QString search = call.queryValue(QStringLiteral("search")).trimmed();
    if (search.size() > MaxSearchLength)
        throw ApiError::validation(QStringLiteral("search"),
                                   QStringLiteral("The search must not be greater than %1 characters.").arg(MaxSearchLength));
    QString where = QStringLiteral(" WHERE user_id = ?");
    QVariantList values{call.principal().userId};
    if (!search.isEmpty()) {
        // A literal match anywhere in the phone or the name, case-insensitively.
        QString pattern = search.toLower();
        pattern.replace(QLatin1Char('\\'), QLatin1String("\\\\")).replace(QLatin1Char('%'), QLatin1String("\\%")).replace(QLatin1Char('_'), QLatin1String("\\_"));
        pattern = QLatin1Char('%') + pattern + QLatin1Char('%');
        where += QStringLiteral(" AND (phone LIKE ? ESCAPE '\\' OR lower(COALESCE(name, '')) LIKE ? ESCAPE '\\')");
        values << pattern << pattern;
    }
    call.answerFromStore(*services.store, [page, where, values](SqlSession &session) {
        QJsonArray items;
        for (const QSqlRecord &row : session.all(QStringLiteral("SELECT ") + Contact::Columns + QStringLiteral(" FROM contacts") + where
                                                     + QStringLiteral(" ORDER BY id DESC LIMIT ? OFFSET ?"),
                                                 values + QVariantList{page.perPage, page.offset()}))
            items.append(Contact::fromRecord(row).toJson());
        const qint64 total = session.scalar(QStringLiteral("SELECT COUNT(*) FROM contacts") + where, values).toLongLong();
        return page.response(items, total);
    });
}

void createContact(Services &services, ApiCall call)
{
    const ContactInput input = readContact(call.jsonBody(), true);
    const qint64 userId = call.principal().userId;
    call.answerFromStore(*services.store, [input, userId](SqlSession &session) {
        if (session.one(QStringLiteral("SELECT id FROM contacts WHERE user_id = ? AND phone = ?"), {userId, *input.phone}))
            throw duplicatePhone();
        const qint64 now = nowMs();
        qint64 id = 0;
        try {
            id = session.insert(QStringLiteral("INSERT INTO contacts (user_id, phone, name, fields, created_at, updated_at) "
                                               "VALUES (?, ?, ?, ?, ?, ?) RETURNING id"),
                                {userId, *input.phone, SqlSession::nullIfEmpty(input.name.value_or(QString())),
                                 QString::fromUtf8(input.fields.value_or(QByteArrayLiteral("{}"))), now, now});
        } catch (const SqlError &error) {
            if (error.isUniqueViolation())
                throw duplicatePhone();
            throw;
        }
        return HttpResponse::data(201, loadContact(session, userId, id).toJson(), QStringLiteral("Contact created."));
    });
}

void showContact(Services &services, ApiCall call)
{
    const qint64 id = call.idParam();
    const qint64 userId = call.principal().userId;
    call.answerFromStore(*services.store, [id, userId](SqlSession &session) {
        return HttpResponse::data(200, loadContact(session, userId, id).toJson());
    });
}

void updateContact(Services &services, ApiCall call)
{
    const qint64 id = call.idParam();
    const ContactInput input = readContact(call.jsonBody(), false);
    const qint64 userId = call.principal().userId;
    call.answerFromStore(*services.store, [id, input, userId](SqlSession &session) {
        Contact contact = loadContact(session, userId, id);
        if (input.phone && *input.phone != contact.phone
            && session.one(QStringLiteral("SELECT id FROM contacts WHERE user_id = ? AND phone = ?"), {userId, *input.phone}))
            throw duplicatePhone();
        try {
            session.execute(QStringLiteral("UPDATE contacts SET phone = ?, name = ?, fields = ?, updated_at = ? WHERE id = ? AND user_id = ?"),
                            {input.phone.value_or(contact.phone), SqlSession::nullIfEmpty(input.name.value_or(contact.name)),
                             input.fields ? QString::fromUtf8(*input.fields)
                                          : QString::fromUtf8(QJsonDocument(contact.fields).toJson(QJsonDocument::Compact)),
                             nowMs(), id, userId});
        } catch (const SqlError &error) {
            if (error.isUniqueViolation())
                throw duplicatePhone();
            throw;
        }
        return HttpResponse::data(200, loadContact(session, userId, id).toJson(), QStringLiteral("Contact updated."));
    });
}

void deleteContact(Services &services, ApiCall call)
{
    const qint64 id = call.idParam();
    const qint64 userId = call.principal().userId;
    call.answerFromStore(*services.store, [id, userId](SqlSession &session) {
        loadContact(session, userId, id);
        session.execute(QStringLiteral("DELETE FROM contact_group_members WHERE contact_id = ?"), {id});
        session.execute(QStringLiteral("DELETE FROM contacts WHERE id = ? AND user_id = ?"), {id, userId});
        return HttpResponse::message(200, QStringLiteral("Contact deleted."));
    });
}

// Each row is created, a duplicate (of a contact already kept, or of an earlier row of the same
// file), or rejected with the reason; the answer counts them and shows the first rejected rows.
void importContacts(Services &services, ApiCall call)
{
    const ContactCsv csv = ContactCsv::parse(call.request().body);
    if (!csv.error.isEmpty())
        throw ApiError::validation(QStringLiteral("file"), csv.error);
    struct Valid
    {
        QString phone;
        QString name;
    };
    QList<Valid> valid;
    QJsonArray rejectedRows;
    qint64 rejected = 0;
    const auto reject = [&](const ContactCsv::Row &row, const QString &reason) {
        ++rejected;
        if (rejectedRows.size() < RejectedRowsShown)
            rejectedRows.append(QJsonObject{{QStringLiteral("line"), row.line},
                                            {QStringLiteral("phone"), row.phone.left(64)},
                                            {QStringLiteral("reason"), reason}});
    };
    for (const ContactCsv::Row &row : csv.rows) {
        const std::optional<QString> phone = row.phone.size() <= 32 ? PhoneNumber::normalize(row.phone) : std::nullopt;
        if (!phone)
            reject(row, row.phone.isEmpty() ? QStringLiteral("The phone is missing.") : QStringLiteral("The phone is not a valid phone number."));
        else if (row.name.size() > MaxNameLength)
            reject(row, QStringLiteral("The name is longer than %1 characters.").arg(MaxNameLength));
        else
            valid.append({*phone, row.name});
    }
    const qint64 userId = call.principal().userId;
    call.answerFromStore(*services.store, [valid, rejectedRows, rejected, userId](SqlSession &session) {
        const qint64 now = nowMs();
        qint64 created = 0;
        for (const Valid &contact : valid)
            created += session.execute(QStringLiteral("INSERT INTO contacts (user_id, phone, name, fields, created_at, updated_at) "
                                                      "VALUES (?, ?, ?, '{}', ?, ?) ON CONFLICT (user_id, phone) DO NOTHING"),
                                       {userId, contact.phone, SqlSession::nullIfEmpty(contact.name), now, now});
        return HttpResponse::data(200,
                                  QJsonObject{{QStringLiteral("created"), created},
                                              {QStringLiteral("duplicated"), qint64(valid.size()) - created},
                                              {QStringLiteral("rejected"), rejected},
                                              {QStringLiteral("rejected_rows"), rejectedRows}},
                                  QStringLiteral("Contacts imported."));
    });
}

} // namespace

void installContactRoutes(Router &router, Services &services)
{
    router.add("GET", QStringLiteral("/api/client/contacts"), Access::Authenticated,
               [&services](ApiCall call) { listContacts(services, call); });
    router.add("POST", QStringLiteral("/api/client/contacts"), Access::Authenticated,
               [&services](ApiCall call) { createContact(services, call); });
    router.add("POST", QStringLiteral("/api/client/contacts/import"), Access::Authenticated,
               [&services](ApiCall call) { importContacts(services, call); });
    router.add("GET", QStringLiteral("/api/client/contacts/{id}"), Access::Authenticated,
               [&services](ApiCall call) { showContact(services, call); });
    router.add("PUT", QStringLiteral("/api/client/contacts/{id}"), Access::Authenticated,
               [&services](ApiCall call) { updateContact(services, call); });
    router.add("DELETE", QStringLiteral("/api/client/contacts/{id}"), Access::Authenticated,
               [&services](ApiCall call) { deleteContact(services, call); });
}

} // namespace ogene
