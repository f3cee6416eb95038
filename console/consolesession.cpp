#include "consolesession.h"

#include <QSettings>

namespace ogene {
namespace {

const QString ServerKey = QStringLiteral("session/server");
const QString EmailKey = QStringLiteral("session/email");
const QString RememberedKey = QStringLiteral("session/remembered");
constexpr int MaxFieldLength = 255;

// An address the console can speak to: http or https, with a host.
std::optional<QUrl> parseServer(const QString &text)
{
    QUrl url = QUrl::fromUserInput(text.trimmed());
    if (!url.isValid() || url.host().isEmpty() || (url.scheme() != QLatin1String("http") && url.scheme() != QLatin1String("https")))
        return std::nullopt;
    url.setPath(url.path().endsWith(QLatin1Char('/')) ? url.path().chopped(1) : url.path());
    return url;
}

} // namespace

ConsoleSession::ConsoleSession(QObject *parent)
    : QObject(parent)
{
}

QString ConsoleSession::rememberedServer() const
{
    return QSettings().value(ServerKey).toString();
}

QString ConsoleSession::rememberedEmail() const
{
    return QSettings().value(EmailKey).toString();
}

QString ConsoleSession::keychainKey() const
{
    return m_rest.baseUrl().toString();
}

void ConsoleSession::setKeychainProblem(const QString &problem)
{
    m_keychainProblem = problem;
    Q_EMIT keychainProblemChanged(problem);
}

void ConsoleSession::signIn(const QString &server, const QString &email, const QString &password, bool remember)
{
    // The form's own checks, so that a typo never leaves the machine.
    ApiFailure invalid;
    const std::optional<QUrl> url = parseServer(server);
    if (!url)
        invalid.fieldErrors.insert(QStringLiteral("server"), tr("Enter the appliance's address, such as https://sms.example.com:8080."));
    if (email.trimmed().isEmpty() || email.size() > MaxFieldLength)
        invalid.fieldErrors.insert(QStringLiteral("email"), tr("Enter the email address of your operator account."));
    if (password.isEmpty() || password.size() > MaxFieldLength)
        invalid.fieldErrors.insert(QStringLiteral("password"), tr("Enter your password."));
    if (!invalid.fieldErrors.isEmpty()) {
        invalid.message = tr("Please correct the fields marked below.");
        Q_EMIT signInFailed(invalid);
        return;
    }
    m_rest.setBaseUrl(*url);
    m_rest.setToken({});
    m_api.signIn(email.trimmed(), password, this, [this, remember, email](const ApiResult<AdminClient::SignedIn> &result) {
        if (!result.ok()) {
            Q_EMIT signInFailed(result.failure);
            return;
        }
        if (result.value->user.role != QLatin1String("admin")) {
            // Revoke the token at once, with a client of its own: the console is for operators only.
            auto *revoker = new RestClient(this);
            revoker->setBaseUrl(m_rest.baseUrl());
            revoker->setToken(result.value->token);
            AdminClient(revoker).signOut(revoker, [revoker](const ApiResult<bool> &) { revoker->deleteLater(); });
            Q_EMIT signInFailed(ApiFailure::network(tr("This account is not an operator (admin) account; the console cannot use it.")));
            return;
        }
        QSettings settings;
        settings.setValue(ServerKey, m_rest.baseUrl().toString());
        settings.setValue(EmailKey, email.trimmed());
        // The login answer names the user without the email; the one typed is it.
        AccountRecord user = result.value->user;
        if (user.email.isEmpty())
            user.email = email.trimmed();
        accept(result.value->token, user);
        if (remember)
            keepInKeychain(email.trimmed());
        else
            m_keychain.remove(keychainKey(), [](const QString &) {});
    });
}

void ConsoleSession::keepInKeychain(const QString &email)
{
    m_keychain.write(keychainKey(), m_rest.token(), [this](const QString &error) {
        if (error.isEmpty()) {
            m_remembered = true;
            QSettings().setValue(RememberedKey, true);
            setKeychainProblem({});
            return;
        }
        m_remembered = false;
        QSettings().setValue(RememberedKey, false);
        setKeychainProblem(tr("No keychain is available on this computer (%1), so the console cannot remember you. "
                              "You stay signed in until you sign out or close the console, and will sign in again next time.")
                               .arg(error));
    });
}

void ConsoleSession::accept(const QString &token, const AccountRecord &user)
{
    m_rest.setToken(token);
    m_user = user;
    Q_EMIT signedIn();
}

void ConsoleSession::restore()
{
    QSettings settings;
    const std::optional<QUrl> url = parseServer(settings.value(ServerKey).toString());
    if (!settings.value(RememberedKey).toBool() || !url) {
        Q_EMIT restoreFinished(false);
        return;
    }
    m_rest.setBaseUrl(*url);
    m_keychain.read(keychainKey(), [this](const QString &token, const QString &error) {
        if (!error.isEmpty())
            setKeychainProblem(tr("The keychain could not be read (%1); please sign in.").arg(error));
        if (token.isEmpty()) {
            Q_EMIT restoreFinished(false);
            return;
        }
        // The token may have expired or been revoked: ask the appliance who it belongs to.
        m_rest.setToken(token);
        m_api.me(this, [this, token](const ApiResult<AccountRecord> &result) {
            if (!result.ok() || result.value->role != QLatin1String("admin")) {
                m_rest.setToken({});
                if (result.failure.status == 401)
                    m_keychain.remove(keychainKey(), [](const QString &) {}); // expired or revoked: never again
                else if (!result.ok())
                    Q_EMIT signInFailed(result.failure); // the appliance is out of reach: say why
                Q_EMIT restoreFinished(false);
                return;
            }
            m_remembered = true;
            accept(token, *result.value);
            Q_EMIT restoreFinished(true);
        });
    });
}

void ConsoleSession::signOut()
{
    if (!isSignedIn())
        return;
    // The token is revoked at the appliance and forgotten here whatever the appliance answers.
    m_api.signOut(this, [](const ApiResult<bool> &) {});
    m_rest.setToken({});
    m_user = {};
    m_remembered = false;
    QSettings().setValue(RememberedKey, false);
    m_keychain.remove(keychainKey(), [this](const QString &) { Q_EMIT signedOut(); });
}

} // namespace ogene
