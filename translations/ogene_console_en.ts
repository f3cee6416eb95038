<?xml version="1.0" encoding="utf-8"?>
<!DOCTYPE TS>
<TS version="2.1" language="en_GB">
<context>
    <name>StatusLabels</name>
    <message>
        <location filename="../console/statuslabels.cpp" line="+8"/>
        <location line="+41"/>
        <source>Queued</source>
        <translation>Queued</translation>
    </message>
    <message>
        <location line="-39"/>
        <source>Sent</source>
        <translation>Sent</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>Delivered</source>
        <translation>Delivered</translation>
    </message>
    <message>
        <location line="+2"/>
        <location line="+22"/>
        <source>Failed</source>
        <translation>Failed</translation>
    </message>
    <message>
        <location line="-15"/>
        <location line="+11"/>
        <source>Pending</source>
        <translation>Pending</translation>
    </message>
    <message>
        <location line="-9"/>
        <source>Approved</source>
        <translation>Approved</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>Rejected</source>
        <translation>Rejected</translation>
    </message>
    <message>
        <location line="+9"/>
        <source>Successful</source>
        <translation>Successful</translation>
    </message>
    <message>
        <location line="+4"/>
        <source>Abandoned</source>
        <translation>Abandoned</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>Mismatch</source>
        <translation>Mismatch</translation>
    </message>
    <message>
        <location line="+7"/>
        <source>Draft</source>
        <translation>Draft</translation>
    </message>
    <message>
        <location line="+4"/>
        <source>Sending</source>
        <translation>Sending</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>Completed</source>
        <translation>Completed</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>Cancelled</source>
        <translation>Cancelled</translation>
    </message>
    <message>
        <location line="+7"/>
        <source>Up</source>
        <translation>Up</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>Connecting</source>
        <translation>Connecting</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>Down</source>
        <translation>Down</translation>
    </message>
</context>
<context>
    <name>ogene::AccountDialog</name>
    <message>
        <location filename="../console/accountdialog.cpp" line="+10"/>
        <source>New account</source>
        <translation>New account</translation>
    </message>
    <message>
        <location line="+0"/>
        <source>Edit account %1</source>
        <translation>Edit account %1</translation>
    </message>
    <message>
        <location line="+14"/>
        <source>Client</source>
        <translation>Client</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Operator (admin)</source>
        <translation>Operator (admin)</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>Appliance default</source>
        <translation>Appliance default</translation>
    </message>
    <message>
        <location line="+1"/>
        <source> per minute</source>
        <translation> per minute</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>Name</source>
        <translation>Name</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Email</source>
        <translation>Email</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>At least 8 characters</source>
        <translation>At least 8 characters</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Password</source>
        <translation>Password</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Currency</source>
        <translation>Currency</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Role</source>
        <translation>Role</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>Leave empty to keep the password</source>
        <translation>Leave empty to keep the password</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>New password</source>
        <translation>New password</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Rate limit</source>
        <translation>Rate limit</translation>
    </message>
</context>
<context>
    <name>ogene::AccountsView</name>
    <message>
        <location filename="../console/accountsview.cpp" line="+18"/>
        <source>ID</source>
        <translation>ID</translation>
    </message>
    <message>
        <location line="+0"/>
        <source>Name</source>
        <translation>Name</translation>
    </message>
    <message>
        <location line="+0"/>
        <source>Email</source>
        <translation>Email</translation>
    </message>
    <message>
        <location line="+0"/>
        <source>Role</source>
        <translation>Role</translation>
    </message>
    <message>
        <location line="+0"/>
        <source>Status</source>
        <translation>Status</translation>
    </message>
    <message>
        <location line="+0"/>
        <source>Rate limit</source>
        <translation>Rate limit</translation>
    </message>
    <message>
        <location line="+0"/>
        <source>Balance</source>
        <translation>Balance</translation>
    </message>
    <message>
        <location line="+0"/>
        <source>SMPP</source>
        <translation>SMPP</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>Edit…</source>
        <translation>Edit…</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Suspend</source>
        <translation>Suspend</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Reactivate</source>
        <translation>Reactivate</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Credit wallet…</source>
        <translation>Credit wallet…</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>SMPP access…</source>
        <translation>SMPP access…</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>Search by name or email (Ctrl+F)</source>
        <translation>Search by name or email (Ctrl+F)</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>New account…</source>
        <translation>New account…</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Rate limit…</source>
        <translation>Rate limit…</translation>
    </message>
    <message>
        <location line="+45"/>
        <source>Operator</source>
        <translation>Operator</translation>
    </message>
    <message>
        <location line="+0"/>
        <source>Client</source>
        <translation>Client</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Suspended</source>
        <translation>Suspended</translation>
    </message>
    <message>
        <location line="+0"/>
        <source>Active</source>
        <translation>Active</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>%1 per minute</source>
        <translation>%1 per minute</translation>
    </message>
    <message>
        <location line="+0"/>
        <source>Default</source>
        <translation>Default</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Approved</source>
        <translation>Approved</translation>
    </message>
    <message>
        <location line="+0"/>
        <source>No</source>
        <translation>No</translation>
    </message>
    <message>
        <location line="+111"/>
        <source>Wallet of %1 credited; balance now %2 %3.</source>
        <translation>Wallet of %1 credited; balance now %2 %3.</translation>
    </message>
    <message>
        <location line="+17"/>
        <source>SMPP access of %1 approved.</source>
        <translation>SMPP access of %1 approved.</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>SMPP access of %1 withdrawn.</source>
        <translation>SMPP access of %1 withdrawn.</translation>
    </message>
    <message>
        <location filename="../console/accountsview.h" line="+23"/>
        <source>Accounts</source>
        <translation>Accounts</translation>
    </message>
</context>
<context>
    <name>ogene::AuditView</name>
    <message>
        <location filename="../console/auditview.cpp" line="+15"/>
        <source>ID</source>
        <translation>ID</translation>
    </message>
    <message>
        <location line="+0"/>
        <source>Time</source>
        <translation>Time</translation>
    </message>
    <message>
        <location line="+0"/>
        <source>Admin</source>
        <translation>Admin</translation>
    </message>
    <message>
        <location line="+0"/>
        <location line="+33"/>
        <source>Action</source>
        <translation>Action</translation>
    </message>
    <message>
        <location line="-33"/>
        <location line="+35"/>
        <source>Target</source>
        <translation>Target</translation>
    </message>
    <message>
        <location line="-35"/>
        <source>Details</source>
        <translation>Details</translation>
    </message>
    <message>
        <location line="+0"/>
        <source>Address</source>
        <translation>Address</translation>
    </message>
    <message>
        <location line="+9"/>
        <source>Any admin</source>
        <translation>Any admin</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>Any action</source>
        <translation>Any action</translation>
    </message>
    <message>
        <location line="+5"/>
        <source>Any target</source>
        <translation>Any target</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Account</source>
        <translation>Account</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Sender ID</source>
        <translation>Sender ID</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Campaign</source>
        <translation>Campaign</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Routes</source>
        <translation>Routes</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Pricing</source>
        <translation>Pricing</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>Any ID</source>
        <translation>Any ID</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>YYYY-MM-DD</source>
        <translation>YYYY-MM-DD</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>Search</source>
        <translation>Search</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>Admin ID</source>
        <translation>Admin ID</translation>
    </message>
    <message>
        <location line="+7"/>
        <source>From</source>
        <translation>From</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>To</source>
        <translation>To</translation>
    </message>
    <message>
        <location filename="../console/auditview.h" line="+20"/>
        <source>Audit</source>
        <translation>Audit</translation>
    </message>
</context>
<context>
    <name>ogene::CampaignsView</name>
    <message>
        <location filename="../console/campaignsview.cpp" line="+17"/>
        <source>ID</source>
        <translation>ID</translation>
    </message>
    <message>
        <location line="+0"/>
        <source>Account</source>
        <translation>Account</translation>
    </message>
    <message>
        <location line="+0"/>
        <source>Name</source>
        <translation>Name</translation>
    </message>
    <message>
        <location line="+0"/>
        <source>Sender ID</source>
        <translation>Sender ID</translation>
    </message>
    <message>
        <location line="+0"/>
        <location line="+14"/>
        <source>Status</source>
        <translation>Status</translation>
    </message>
    <message>
        <location line="-14"/>
        <source>Progress</source>
        <translation>Progress</translation>
    </message>
    <message>
        <location line="+0"/>
        <source>Delivered</source>
        <translation>Delivered</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Failed</source>
        <translation>Failed</translation>
    </message>
    <message>
        <location line="+0"/>
        <source>Cost</source>
        <translation>Cost</translation>
    </message>
    <message>
        <location line="+0"/>
        <source>Created</source>
        <translation>Created</translation>
    </message>
    <message>
        <location line="+4"/>
        <source>Cancel campaign…</source>
        <translation>Cancel campaign…</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>Any status</source>
        <translation>Any status</translation>
    </message>
    <message>
        <location line="+4"/>
        <source>Any account</source>
        <translation>Any account</translation>
    </message>
    <message>
        <location line="+5"/>
        <source>Account ID</source>
        <translation>Account ID</translation>
    </message>
    <message>
        <location line="+65"/>
        <source>%1 of %2 sent</source>
        <translation>%1 of %2 sent</translation>
    </message>
    <message>
        <location line="+28"/>
        <source>Cancel campaign</source>
        <translation>Cancel campaign</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Cancel campaign %1 “%2” of account %3? Recipients not yet sent are refunded to the account&apos;s wallet; this cannot be undone.</source>
        <translation>Cancel campaign %1 “%2” of account %3? Recipients not yet sent are refunded to the account&apos;s wallet; this cannot be undone.</translation>
    </message>
    <message>
        <location line="+30"/>
        <source>Campaign %1 cancelled.</source>
        <translation>Campaign %1 cancelled.</translation>
    </message>
    <message>
        <location filename="../console/campaignsview.h" line="+27"/>
        <source>Campaigns</source>
        <translation>Campaigns</translation>
    </message>
</context>
<context>
    <name>ogene::ConsoleLanguage</name>
    <message>
        <location filename="../console/consolelanguage.cpp" line="+18"/>
        <source>System language</source>
        <translation>System language</translation>
    </message>
</context>
<context>
    <name>ogene::ConsoleSession</name>
    <message>
        <location filename="../console/consolesession.cpp" line="+57"/>
        <source>Enter the appliance&apos;s address, such as https://sms.example.com:8080.</source>
        <translation>Enter the appliance&apos;s address, such as https://sms.example.com:8080.</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>Enter the email address of your operator account.</source>
        <translation>Enter the email address of your operator account.</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>Enter your password.</source>
        <translation>Enter your password.</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>Please correct the fields marked below.</source>
        <translation>Please correct the fields marked below.</translation>
    </message>
    <message>
        <location line="+17"/>
        <source>This account is not an operator (admin) account; the console cannot use it.</source>
        <translation>This account is not an operator (admin) account; the console cannot use it.</translation>
    </message>
    <message>
        <location line="+29"/>
        <source>No keychain is available on this computer (%1), so the console cannot remember you. You stay signed in until you sign out or close the console, and will sign in again next time.</source>
        <translation>No keychain is available on this computer (%1), so the console cannot remember you. You stay signed in until you sign out or close the console, and will sign in again next time.</translation>
    </message>
    <message>
        <location line="+24"/>
        <source>The keychain could not be read (%1); please sign in.</source>
        <translation>The keychain could not be read (%1); please sign in.</translation>
    </message>
</context>
<context>
    <name>ogene::CreditDialog</name>
    <message>
        <location filename="../console/creditdialog.cpp" line="+12"/>
        <source>Credit the wallet of %1</source>
        <translation>Credit the wallet of %1</translation>
    </message>
    <message>
        <location line="+7"/>
        <source>100.00</source>
        <translation>100.00</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>Shown in the account&apos;s wallet history</source>
        <translation>Shown in the account&apos;s wallet history</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>Amount (%1)</source>
        <translation>Amount (%1)</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Description</source>
        <translation>Description</translation>
    </message>
    <message>
        <location line="+2"/>
        <location line="+9"/>
        <source>Continue</source>
        <translation>Continue</translation>
    </message>
    <message>
        <location line="+0"/>
        <source>Credit the wallet</source>
        <translation>Credit the wallet</translation>
    </message>
    <message>
        <location line="+8"/>
        <source>Please correct the amount.</source>
        <translation>Please correct the amount.</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Enter an amount greater than 0 with at most two decimals, such as 100.00.</source>
        <translation>Enter an amount greater than 0 with at most two decimals, such as 100.00.</translation>
    </message>
    <message>
        <location line="+6"/>
        <source>Credit %1 %2 to the wallet of %3 (%4)? Press &quot;Credit the wallet&quot; to confirm.</source>
        <translation>Credit %1 %2 to the wallet of %3 (%4)? Press &quot;Credit the wallet&quot; to confirm.</translation>
    </message>
</context>
<context>
    <name>ogene::DashboardView</name>
    <message>
        <location filename="../console/dashboardview.cpp" line="+19"/>
        <source>Messages today (UTC)</source>
        <translation>Messages today (UTC)</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>All</source>
        <translation>All</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Queued</source>
        <translation>Queued</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Sent</source>
        <translation>Sent</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Delivered</source>
        <translation>Delivered</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Failed</source>
        <translation>Failed</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>Appliance</source>
        <translation>Appliance</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>Wallets&apos; total balance</source>
        <translation>Wallets&apos; total balance</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Pending sender IDs</source>
        <translation>Pending sender IDs</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Suspended accounts</source>
        <translation>Suspended accounts</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Gateways</source>
        <translation>Gateways</translation>
    </message>
    <message>
        <location line="+65"/>
        <source>Unknown</source>
        <translation>Unknown</translation>
    </message>
    <message>
        <location line="+5"/>
        <source>%1: %2</source>
        <translation>%1: %2</translation>
    </message>
    <message>
        <location line="-68"/>
        <source>Sends per minute, last hour</source>
        <translation>Sends per minute, last hour</translation>
    </message>
    <message>
        <location line="+48"/>
        <location line="+21"/>
        <source>None</source>
        <translation>None</translation>
    </message>
    <message>
        <location filename="../console/dashboardview.h" line="+22"/>
        <source>Dashboard</source>
        <translation>Dashboard</translation>
    </message>
</context>
<context>
    <name>ogene::MainWindow</name>
    <message>
        <location filename="../console/mainwindow.cpp" line="+42"/>
        <source>Ogene Console</source>
        <translation>Ogene Console</translation>
    </message>
    <message>
        <location line="+17"/>
        <source>Working</source>
        <translation>Working</translation>
    </message>
    <message>
        <location line="+4"/>
        <location line="+123"/>
        <source>Not signed in.</source>
        <translation>Not signed in.</translation>
    </message>
    <message>
        <location line="-95"/>
        <source>&amp;File</source>
        <translation>&amp;File</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Sign &amp;out</source>
        <translation>Sign &amp;out</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>&amp;Quit</source>
        <translation>&amp;Quit</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>&amp;View</source>
        <translation>&amp;View</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>&amp;Refresh</source>
        <translation>&amp;Refresh</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>&amp;Search</source>
        <translation>&amp;Search</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>&amp;Settings</source>
        <translation>&amp;Settings</translation>
    </message>
    <message>
        <location line="+0"/>
        <source>&amp;Language</source>
        <translation>&amp;Language</translation>
    </message>
    <message>
        <location line="+11"/>
        <source>The new language applies the next time the console starts.</source>
        <translation>The new language applies the next time the console starts.</translation>
    </message>
    <message>
        <location line="+44"/>
        <source>%1 at %2</source>
        <translation>%1 at %2</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Signed in.</source>
        <translation>Signed in.</translation>
    </message>
</context>
<context>
    <name>ogene::MessagesView</name>
    <message>
        <location filename="../console/messagesview.cpp" line="+26"/>
        <source>ID</source>
        <translation>ID</translation>
    </message>
    <message>
        <location line="+0"/>
        <location line="+103"/>
        <source>Account</source>
        <translation>Account</translation>
    </message>
    <message>
        <location line="-103"/>
        <location line="+30"/>
        <location line="+74"/>
        <source>Recipient</source>
        <translation>Recipient</translation>
    </message>
    <message>
        <location line="-104"/>
        <location line="+32"/>
        <location line="+73"/>
        <source>Sender ID</source>
        <translation>Sender ID</translation>
    </message>
    <message>
        <location line="-105"/>
        <location line="+28"/>
        <location line="+78"/>
        <source>Status</source>
        <translation>Status</translation>
    </message>
    <message>
        <location line="-106"/>
        <location line="+110"/>
        <source>Cost</source>
        <translation>Cost</translation>
    </message>
    <message>
        <location line="-110"/>
        <location line="+112"/>
        <source>Created</source>
        <translation>Created</translation>
    </message>
    <message>
        <location line="-102"/>
        <source>Any account</source>
        <translation>Any account</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Any status</source>
        <translation>Any status</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Queued</source>
        <translation>Queued</translation>
    </message>
    <message>
        <location line="+1"/>
        <location line="+100"/>
        <source>Sent</source>
        <translation>Sent</translation>
    </message>
    <message>
        <location line="-99"/>
        <source>Delivered</source>
        <translation>Delivered</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Failed</source>
        <translation>Failed</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>+2348031234567</source>
        <translation>+2348031234567</translation>
    </message>
    <message>
        <location line="+4"/>
        <source>YYYY-MM-DD</source>
        <translation>YYYY-MM-DD</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>Search</source>
        <translation>Search</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>Account ID</source>
        <translation>Account ID</translation>
    </message>
    <message>
        <location line="+8"/>
        <source>From</source>
        <translation>From</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>To</source>
        <translation>To</translation>
    </message>
    <message>
        <location line="+4"/>
        <source>Choose a message to see it in full.</source>
        <translation>Choose a message to see it in full.</translation>
    </message>
    <message>
        <location line="+62"/>
        <source>Message %1</source>
        <translation>Message %1</translation>
    </message>
    <message>
        <location line="+6"/>
        <source>Failure reason</source>
        <translation>Failure reason</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Segments</source>
        <translation>Segments</translation>
    </message>
    <message>
        <location line="+0"/>
        <source>%1 (%2)</source>
        <translation>%1 (%2)</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>Sandbox</source>
        <translation>Sandbox</translation>
    </message>
    <message>
        <location line="+0"/>
        <source>Yes</source>
        <translation>Yes</translation>
    </message>
    <message>
        <location line="+0"/>
        <source>No</source>
        <translation>No</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>Completed</source>
        <translation>Completed</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>Text</source>
        <translation>Text</translation>
    </message>
    <message>
        <location filename="../console/messagesview.h" line="+24"/>
        <source>Messages</source>
        <translation>Messages</translation>
    </message>
</context>
<context>
    <name>ogene::PagedTable</name>
    <message>
        <location filename="../console/pagedtable.cpp" line="+15"/>
        <source>Load more</source>
        <translation>Load more</translation>
    </message>
    <message>
        <location line="+64"/>
        <source>%1 of %2 shown</source>
        <translation>%1 of %2 shown</translation>
    </message>
</context>
<context>
    <name>ogene::PaymentsView</name>
    <message>
        <location filename="../console/paymentsview.cpp" line="+16"/>
        <source>ID</source>
        <translation>ID</translation>
    </message>
    <message>
        <location line="+0"/>
        <source>Account</source>
        <translation>Account</translation>
    </message>
    <message>
        <location line="+0"/>
        <source>Reference</source>
        <translation>Reference</translation>
    </message>
    <message>
        <location line="+0"/>
        <source>Amount</source>
        <translation>Amount</translation>
    </message>
    <message>
        <location line="+0"/>
        <location line="+16"/>
        <source>Status</source>
        <translation>Status</translation>
    </message>
    <message>
        <location line="-16"/>
        <source>Credited</source>
        <translation>Credited</translation>
    </message>
    <message>
        <location line="+0"/>
        <source>Paid</source>
        <translation>Paid</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Provider&apos;s answer</source>
        <translation>Provider&apos;s answer</translation>
    </message>
    <message>
        <location line="+0"/>
        <source>Created</source>
        <translation>Created</translation>
    </message>
    <message>
        <location line="+5"/>
        <source>Any status</source>
        <translation>Any status</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Pending</source>
        <translation>Pending</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Successful</source>
        <translation>Successful</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Failed</source>
        <translation>Failed</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Abandoned</source>
        <translation>Abandoned</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Mismatch (needs an operator)</source>
        <translation>Mismatch (needs an operator)</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>Any account</source>
        <translation>Any account</translation>
    </message>
    <message>
        <location line="+5"/>
        <source>Account ID</source>
        <translation>Account ID</translation>
    </message>
    <message>
        <location line="+27"/>
        <source>Yes</source>
        <translation>Yes</translation>
    </message>
    <message>
        <location line="+0"/>
        <source>No</source>
        <translation>No</translation>
    </message>
    <message>
        <location filename="../console/paymentsview.h" line="+20"/>
        <source>Payments</source>
        <translation>Payments</translation>
    </message>
</context>
<context>
    <name>ogene::RejectDialog</name>
    <message>
        <location filename="../console/rejectdialog.cpp" line="+8"/>
        <source>Reject sender ID %1</source>
        <translation>Reject sender ID %1</translation>
    </message>
    <message>
        <location line="+4"/>
        <source>Why the sender ID cannot be approved; the client reads this.</source>
        <translation>Why the sender ID cannot be approved; the client reads this.</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>Reason</source>
        <translation>Reason</translation>
    </message>
    <message>
        <location line="+8"/>
        <source>Please shorten the reason.</source>
        <translation>Please shorten the reason.</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>At most %1 characters.</source>
        <translation>At most %1 characters.</translation>
    </message>
</context>
<context>
    <name>ogene::RestClient</name>
    <message>
        <location filename="../shared/ogene/restclient.cpp" line="+60"/>
        <source>The appliance&apos;s TLS certificate was refused: %1</source>
        <translation>The appliance&apos;s TLS certificate was refused: %1</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>The appliance did not answer within %1 seconds.</source>
        <translation>The appliance did not answer within %1 seconds.</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>Could not reach the appliance: %1</source>
        <translation>Could not reach the appliance: %1</translation>
    </message>
</context>
<context>
    <name>ogene::RoutesView</name>
    <message>
        <location filename="../console/routesview.cpp" line="+39"/>
        <source>Save routes</source>
        <translation>Save routes</translation>
    </message>
    <message>
        <location line="+7"/>
        <source>Gateway names, separated by commas</source>
        <translation>Gateway names, separated by commas</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Prefix</source>
        <translation>Prefix</translation>
    </message>
    <message>
        <location line="+0"/>
        <source>Gateways, first choice first</source>
        <translation>Gateways, first choice first</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>Gateway</source>
        <translation>Gateway</translation>
    </message>
    <message>
        <location line="+0"/>
        <source>Type</source>
        <translation>Type</translation>
    </message>
    <message>
        <location line="+0"/>
        <source>State</source>
        <translation>State</translation>
    </message>
    <message>
        <location line="+0"/>
        <source>In flight</source>
        <translation>In flight</translation>
    </message>
    <message>
        <location line="+0"/>
        <source>Sent per second</source>
        <translation>Sent per second</translation>
    </message>
    <message>
        <location line="+0"/>
        <source>Last error</source>
        <translation>Last error</translation>
    </message>
    <message>
        <location line="+5"/>
        <source>Add route</source>
        <translation>Add route</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Remove route</source>
        <translation>Remove route</translation>
    </message>
    <message>
        <location line="+7"/>
        <source>Route table</source>
        <translation>Route table</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>Default gateways</source>
        <translation>Default gateways</translation>
    </message>
    <message>
        <location line="+4"/>
        <source>The longest matching prefix wins; other numbers take the default gateways.</source>
        <translation>The longest matching prefix wins; other numbers take the default gateways.</translation>
    </message>
    <message>
        <location line="+4"/>
        <source>Gateways</source>
        <translation>Gateways</translation>
    </message>
    <message>
        <location line="+104"/>
        <source>Route %1</source>
        <translation>Route %1</translation>
    </message>
    <message>
        <location line="+9"/>
        <source>Routes saved.</source>
        <translation>Routes saved.</translation>
    </message>
    <message>
        <location filename="../console/routesview.h" line="+24"/>
        <source>Routes</source>
        <translation>Routes</translation>
    </message>
</context>
<context>
    <name>ogene::SenderIdsView</name>
    <message>
        <location filename="../console/senderidsview.cpp" line="+14"/>
        <source>ID</source>
        <translation>ID</translation>
    </message>
    <message>
        <location line="+0"/>
        <source>Account</source>
        <translation>Account</translation>
    </message>
    <message>
        <location line="+0"/>
        <source>Sender ID</source>
        <translation>Sender ID</translation>
    </message>
    <message>
        <location line="+0"/>
        <source>Status</source>
        <translation>Status</translation>
    </message>
    <message>
        <location line="+0"/>
        <source>Requested</source>
        <translation>Requested</translation>
    </message>
    <message>
        <location line="+0"/>
        <source>Reason</source>
        <translation>Reason</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>Approve</source>
        <translation>Approve</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Reject…</source>
        <translation>Reject…</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>Pending</source>
        <translation>Pending</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Approved</source>
        <translation>Approved</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Rejected</source>
        <translation>Rejected</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>All</source>
        <translation>All</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>Show</source>
        <translation>Show</translation>
    </message>
    <message>
        <location line="+84"/>
        <source>Sender ID %1 approved.</source>
        <translation>Sender ID %1 approved.</translation>
    </message>
    <message>
        <location line="+12"/>
        <source>Sender ID %1 rejected.</source>
        <translation>Sender ID %1 rejected.</translation>
    </message>
    <message>
        <location filename="../console/senderidsview.h" line="+22"/>
        <source>Sender IDs</source>
        <translation>Sender IDs</translation>
    </message>
</context>
<context>
    <name>ogene::SendsChart</name>
    <message>
        <location filename="../console/sendschart.cpp" line="+13"/>
        <source>Sends per minute over the last hour</source>
        <translation>Sends per minute over the last hour</translation>
    </message>
</context>
<context>
    <name>ogene::SignInView</name>
    <message>
        <location filename="../console/signinview.cpp" line="+16"/>
        <source>Remember me on this computer</source>
        <translation>Remember me on this computer</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Sign in</source>
        <translation>Sign in</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>https://sms.example.com:8080</source>
        <translation>https://sms.example.com:8080</translation>
    </message>
    <message>
        <location line="+7"/>
        <source>Sign in to an Ogene appliance</source>
        <translation>Sign in to an Ogene appliance</translation>
    </message>
    <message>
        <location line="+17"/>
        <source>Appliance address</source>
        <translation>Appliance address</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Email</source>
        <translation>Email</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Password</source>
        <translation>Password</translation>
    </message>
</context>
<context>
    <name>ogene::SmppAccessDialog</name>
    <message>
        <location filename="../console/smppaccessdialog.cpp" line="+8"/>
        <source>SMPP access of %1</source>
        <translation>SMPP access of %1</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>May bind over SMPP</source>
        <translation>May bind over SMPP</translation>
    </message>
    <message>
        <location line="+4"/>
        <source>Appliance default</source>
        <translation>Appliance default</translation>
    </message>
    <message>
        <location line="+1"/>
        <source> submit_sm per second</source>
        <translation> submit_sm per second</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>Access</source>
        <translation>Access</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Rate per connection</source>
        <translation>Rate per connection</translation>
    </message>
</context>
</TS>
