<?xml version="1.0" encoding="utf-8"?>
<!DOCTYPE TS>
<TS version="2.1" language="fr_FR">
<context>
    <name>StatusLabels</name>
    <message>
        <location filename="../console/statuslabels.cpp" line="+8"/>
        <location line="+41"/>
        <source>Queued</source>
        <translation>En file</translation>
    </message>
    <message>
        <location line="-39"/>
        <source>Sent</source>
        <translation>Envoyés</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>Delivered</source>
        <translation>Remis</translation>
    </message>
    <message>
        <location line="+2"/>
        <location line="+22"/>
        <source>Failed</source>
        <translation>Échoués</translation>
    </message>
    <message>
        <location line="-15"/>
        <location line="+11"/>
        <source>Pending</source>
        <translation>En attente</translation>
    </message>
    <message>
        <location line="-9"/>
        <source>Approved</source>
        <translation>Approuvé</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>Rejected</source>
        <translation>Refusé</translation>
    </message>
    <message>
        <location line="+9"/>
        <source>Successful</source>
        <translation>Réussi</translation>
    </message>
    <message>
        <location line="+4"/>
        <source>Abandoned</source>
        <translation>Abandonné</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>Mismatch</source>
        <translation>Écart</translation>
    </message>
    <message>
        <location line="+7"/>
        <source>Draft</source>
        <translation>Brouillon</translation>
    </message>
    <message>
        <location line="+4"/>
        <source>Sending</source>
        <translation>Envoi en cours</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>Completed</source>
        <translation>Terminée</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>Cancelled</source>
        <translation>Annulée</translation>
    </message>
    <message>
        <location line="+7"/>
        <source>Up</source>
        <translation>En service</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>Connecting</source>
        <translation>Connexion…</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>Down</source>
        <translation>Hors service</translation>
    </message>
</context>
<context>
    <name>ogene::AccountDialog</name>
    <message>
        <location filename="../console/accountdialog.cpp" line="+10"/>
        <source>New account</source>
        <translation>Nouveau compte</translation>
    </message>
    <message>
        <location line="+0"/>
        <source>Edit account %1</source>
        <translation>Modifier le compte %1</translation>
    </message>
    <message>
        <location line="+14"/>
        <source>Client</source>
        <translation>Client</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Operator (admin)</source>
        <translation>Opérateur (admin)</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>Appliance default</source>
        <translation>Valeur par défaut de l&apos;appliance</translation>
    </message>
    <message>
        <location line="+1"/>
        <source> per minute</source>
        <translation> par minute</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>Name</source>
        <translation>Nom</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Email</source>
        <translation>E-mail</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>At least 8 characters</source>
        <translation>Au moins 8 caractères</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Password</source>
        <translation>Mot de passe</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Currency</source>
        <translation>Devise</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Role</source>
        <translation>Rôle</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>Leave empty to keep the password</source>
        <translation>Laisser vide pour garder le mot de passe</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>New password</source>
        <translation>Nouveau mot de passe</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Rate limit</source>
        <translation>Limite de débit</translation>
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
        <translation>Nom</translation>
    </message>
    <message>
        <location line="+0"/>
        <source>Email</source>
        <translation>E-mail</translation>
    </message>
    <message>
        <location line="+0"/>
        <source>Role</source>
        <translation>Rôle</translation>
    </message>
    <message>
        <location line="+0"/>
        <source>Status</source>
        <translation>État</translation>
    </message>
    <message>
        <location line="+0"/>
        <source>Rate limit</source>
        <translation>Limite de débit</translation>
    </message>
    <message>
        <location line="+0"/>
        <source>Balance</source>
        <translation>Solde</translation>
    </message>
    <message>
        <location line="+0"/>
        <source>SMPP</source>
        <translation>SMPP</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>Edit…</source>
        <translation>Modifier…</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Suspend</source>
        <translation>Suspendre</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Reactivate</source>
        <translation>Réactiver</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Credit wallet…</source>
        <translation>Créditer le portefeuille…</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>SMPP access…</source>
        <translation>Accès SMPP…</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>Search by name or email (Ctrl+F)</source>
        <translation>Rechercher par nom ou e-mail (Ctrl+F)</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>New account…</source>
        <translation>Nouveau compte…</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Rate limit…</source>
        <translation>Limite de débit…</translation>
    </message>
    <message>
        <location line="+45"/>
        <source>Operator</source>
        <translation>Opérateur</translation>
    </message>
    <message>
        <location line="+0"/>
        <source>Client</source>
        <translation>Client</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Suspended</source>
        <translation>Suspendu</translation>
    </message>
    <message>
        <location line="+0"/>
        <source>Active</source>
        <translation>Actif</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>%1 per minute</source>
        <translation>%1 par minute</translation>
    </message>
    <message>
        <location line="+0"/>
        <source>Default</source>
        <translation>Par défaut</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Approved</source>
        <translation>Approuvé</translation>
    </message>
    <message>
        <location line="+0"/>
        <source>No</source>
        <translation>Non</translation>
    </message>
    <message>
        <location line="+111"/>
        <source>Wallet of %1 credited; balance now %2 %3.</source>
        <translation>Portefeuille de %1 crédité ; solde actuel %2 %3.</translation>
    </message>
    <message>
        <location line="+17"/>
        <source>SMPP access of %1 approved.</source>
        <translation>Accès SMPP de %1 approuvé.</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>SMPP access of %1 withdrawn.</source>
        <translation>Accès SMPP de %1 retiré.</translation>
    </message>
    <message>
        <location filename="../console/accountsview.h" line="+23"/>
        <source>Accounts</source>
        <translation>Comptes</translation>
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
        <translation>Heure</translation>
    </message>
    <message>
        <location line="+0"/>
        <source>Admin</source>
        <translation>Administrateur</translation>
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
        <translation>Cible</translation>
    </message>
    <message>
        <location line="-35"/>
        <source>Details</source>
        <translation>Détails</translation>
    </message>
    <message>
        <location line="+0"/>
        <source>Address</source>
        <translation>Adresse</translation>
    </message>
    <message>
        <location line="+9"/>
        <source>Any admin</source>
        <translation>Tout administrateur</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>Any action</source>
        <translation>Toute action</translation>
    </message>
    <message>
        <location line="+5"/>
        <source>Any target</source>
        <translation>Toute cible</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Account</source>
        <translation>Compte</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Sender ID</source>
        <translation>Identifiant d&apos;expéditeur</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Campaign</source>
        <translation>Campagne</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Routes</source>
        <translation>Routes</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Pricing</source>
        <translation>Tarifs</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>Any ID</source>
        <translation>Tout ID</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>YYYY-MM-DD</source>
        <translation>AAAA-MM-JJ</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>Search</source>
        <translation>Rechercher</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>Admin ID</source>
        <translation>ID administrateur</translation>
    </message>
    <message>
        <location line="+7"/>
        <source>From</source>
        <translation>Du</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>To</source>
        <translation>Au</translation>
    </message>
    <message>
        <location filename="../console/auditview.h" line="+20"/>
        <source>Audit</source>
        <translation>Journal d&apos;audit</translation>
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
        <translation>Compte</translation>
    </message>
    <message>
        <location line="+0"/>
        <source>Name</source>
        <translation>Nom</translation>
    </message>
    <message>
        <location line="+0"/>
        <source>Sender ID</source>
        <translation>ID d’expéditeur</translation>
    </message>
    <message>
        <location line="+0"/>
        <location line="+14"/>
        <source>Status</source>
        <translation>État</translation>
    </message>
    <message>
        <location line="-14"/>
        <source>Progress</source>
        <translation>Progression</translation>
    </message>
    <message>
        <location line="+0"/>
        <source>Delivered</source>
        <translation>Remis</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Failed</source>
        <translation>Échoués</translation>
    </message>
    <message>
        <location line="+0"/>
        <source>Cost</source>
        <translation>Coût</translation>
    </message>
    <message>
        <location line="+0"/>
        <source>Created</source>
        <translation>Créée</translation>
    </message>
    <message>
        <location line="+4"/>
        <source>Cancel campaign…</source>
        <translation>Annuler la campagne…</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>Any status</source>
        <translation>Tous les états</translation>
    </message>
    <message>
        <location line="+4"/>
        <source>Any account</source>
        <translation>Tous les comptes</translation>
    </message>
    <message>
        <location line="+5"/>
        <source>Account ID</source>
        <translation>ID du compte</translation>
    </message>
    <message>
        <location line="+65"/>
        <source>%1 of %2 sent</source>
        <translation>%1 sur %2 envoyés</translation>
    </message>
    <message>
        <location line="+28"/>
        <source>Cancel campaign</source>
        <translation>Annuler la campagne</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Cancel campaign %1 “%2” of account %3? Recipients not yet sent are refunded to the account&apos;s wallet; this cannot be undone.</source>
        <translation>Annuler la campagne %1 « %2 » du compte %3 ? Les destinataires pas encore envoyés sont remboursés sur le portefeuille du compte ; c’est irréversible.</translation>
    </message>
    <message>
        <location line="+30"/>
        <source>Campaign %1 cancelled.</source>
        <translation>Campagne %1 annulée.</translation>
    </message>
    <message>
        <location filename="../console/campaignsview.h" line="+27"/>
        <source>Campaigns</source>
        <translation>Campagnes</translation>
    </message>
</context>
<context>
    <name>ogene::ConsoleLanguage</name>
    <message>
        <location filename="../console/consolelanguage.cpp" line="+18"/>
        <source>System language</source>
        <translation>Langue du système</translation>
    </message>
</context>
<context>
    <name>ogene::ConsoleSession</name>
    <message>
        <location filename="../console/consolesession.cpp" line="+57"/>
        <source>Enter the appliance&apos;s address, such as https://sms.example.com:8080.</source>
        <translation>Saisissez l&apos;adresse de l&apos;appliance, par exemple https://sms.example.com:8080.</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>Enter the email address of your operator account.</source>
        <translation>Saisissez l&apos;adresse e-mail de votre compte opérateur.</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>Enter your password.</source>
        <translation>Saisissez votre mot de passe.</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>Please correct the fields marked below.</source>
        <translation>Veuillez corriger les champs signalés ci-dessous.</translation>
    </message>
    <message>
        <location line="+17"/>
        <source>This account is not an operator (admin) account; the console cannot use it.</source>
        <translation>Ce compte n&apos;est pas un compte opérateur (admin) ; la console ne peut pas l&apos;utiliser.</translation>
    </message>
    <message>
        <location line="+29"/>
        <source>No keychain is available on this computer (%1), so the console cannot remember you. You stay signed in until you sign out or close the console, and will sign in again next time.</source>
        <translation>Aucun trousseau n&apos;est disponible sur cet ordinateur (%1) : la console ne peut pas se souvenir de vous. Vous restez connecté jusqu&apos;à la déconnexion ou la fermeture de la console, et devrez vous reconnecter la prochaine fois.</translation>
    </message>
    <message>
        <location line="+24"/>
        <source>The keychain could not be read (%1); please sign in.</source>
        <translation>Le trousseau n&apos;a pas pu être lu (%1) ; veuillez vous connecter.</translation>
    </message>
</context>
<context>
    <name>ogene::CreditDialog</name>
    <message>
        <location filename="../console/creditdialog.cpp" line="+12"/>
        <source>Credit the wallet of %1</source>
        <translation>Créditer le portefeuille de %1</translation>
    </message>
    <message>
        <location line="+7"/>
        <source>100.00</source>
        <translation>100.00</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>Shown in the account&apos;s wallet history</source>
        <translation>Affiché dans l&apos;historique du portefeuille du compte</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>Amount (%1)</source>
        <translation>Montant (%1)</translation>
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
        <translation>Continuer</translation>
    </message>
    <message>
        <location line="+0"/>
        <source>Credit the wallet</source>
        <translation>Créditer le portefeuille</translation>
    </message>
    <message>
        <location line="+8"/>
        <source>Please correct the amount.</source>
        <translation>Veuillez corriger le montant.</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Enter an amount greater than 0 with at most two decimals, such as 100.00.</source>
        <translation>Saisissez un montant supérieur à 0 avec au plus deux décimales, par exemple 100.00.</translation>
    </message>
    <message>
        <location line="+6"/>
        <source>Credit %1 %2 to the wallet of %3 (%4)? Press &quot;Credit the wallet&quot; to confirm.</source>
        <translation>Créditer %1 %2 sur le portefeuille de %3 (%4) ? Appuyez sur « Créditer le portefeuille » pour confirmer.</translation>
    </message>
</context>
<context>
    <name>ogene::DashboardView</name>
    <message>
        <location filename="../console/dashboardview.cpp" line="+19"/>
        <source>Messages today (UTC)</source>
        <translation>Messages aujourd&apos;hui (UTC)</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>All</source>
        <translation>Tous</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Queued</source>
        <translation>En file</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Sent</source>
        <translation>Envoyés</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Delivered</source>
        <translation>Remis</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Failed</source>
        <translation>Échoués</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>Appliance</source>
        <translation>Appliance</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>Wallets&apos; total balance</source>
        <translation>Solde total des portefeuilles</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Pending sender IDs</source>
        <translation>Identifiants d&apos;expéditeur en attente</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Suspended accounts</source>
        <translation>Comptes suspendus</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Gateways</source>
        <translation>Passerelles</translation>
    </message>
    <message>
        <location line="+65"/>
        <source>Unknown</source>
        <translation>Inconnu</translation>
    </message>
    <message>
        <location line="+5"/>
        <source>%1: %2</source>
        <translation>%1 : %2</translation>
    </message>
    <message>
        <location line="-68"/>
        <source>Sends per minute, last hour</source>
        <translation>Envois par minute, dernière heure</translation>
    </message>
    <message>
        <location line="+48"/>
        <location line="+21"/>
        <source>None</source>
        <translation>Aucun</translation>
    </message>
    <message>
        <location filename="../console/dashboardview.h" line="+22"/>
        <source>Dashboard</source>
        <translation>Tableau de bord</translation>
    </message>
</context>
<context>
    <name>ogene::MainWindow</name>
    <message>
        <location filename="../console/mainwindow.cpp" line="+42"/>
        <source>Ogene Console</source>
        <translation>Console Ogene</translation>
    </message>
    <message>
        <location line="+17"/>
        <source>Working</source>
        <translation>Traitement en cours</translation>
    </message>
    <message>
        <location line="+4"/>
        <location line="+123"/>
        <source>Not signed in.</source>
        <translation>Non connecté.</translation>
    </message>
    <message>
        <location line="-95"/>
        <source>&amp;File</source>
        <translation>&amp;Fichier</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Sign &amp;out</source>
        <translation>Se &amp;déconnecter</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>&amp;Quit</source>
        <translation>&amp;Quitter</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>&amp;View</source>
        <translation>&amp;Affichage</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>&amp;Refresh</source>
        <translation>A&amp;ctualiser</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>&amp;Search</source>
        <translation>&amp;Rechercher</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>&amp;Settings</source>
        <translation>&amp;Paramètres</translation>
    </message>
    <message>
        <location line="+0"/>
        <source>&amp;Language</source>
        <translation>&amp;Langue</translation>
    </message>
    <message>
        <location line="+11"/>
        <source>The new language applies the next time the console starts.</source>
        <translation>La nouvelle langue s&apos;appliquera au prochain démarrage de la console.</translation>
    </message>
    <message>
        <location line="+44"/>
        <source>%1 at %2</source>
        <translation>%1 sur %2</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Signed in.</source>
        <translation>Connecté.</translation>
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
        <translation>Compte</translation>
    </message>
    <message>
        <location line="-103"/>
        <location line="+30"/>
        <location line="+74"/>
        <source>Recipient</source>
        <translation>Destinataire</translation>
    </message>
    <message>
        <location line="-104"/>
        <location line="+32"/>
        <location line="+73"/>
        <source>Sender ID</source>
        <translation>Identifiant d&apos;expéditeur</translation>
    </message>
    <message>
        <location line="-105"/>
        <location line="+28"/>
        <location line="+78"/>
        <source>Status</source>
        <translation>État</translation>
    </message>
    <message>
        <location line="-106"/>
        <location line="+110"/>
        <source>Cost</source>
        <translation>Coût</translation>
    </message>
    <message>
        <location line="-110"/>
        <location line="+112"/>
        <source>Created</source>
        <translation>Créé</translation>
    </message>
    <message>
        <location line="-102"/>
        <source>Any account</source>
        <translation>Tous les comptes</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Any status</source>
        <translation>Tous les états</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Queued</source>
        <translation>En file</translation>
    </message>
    <message>
        <location line="+1"/>
        <location line="+100"/>
        <source>Sent</source>
        <translation>Envoyés</translation>
    </message>
    <message>
        <location line="-99"/>
        <source>Delivered</source>
        <translation>Remis</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Failed</source>
        <translation>Échoués</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>+2348031234567</source>
        <translation>+2348031234567</translation>
    </message>
    <message>
        <location line="+4"/>
        <source>YYYY-MM-DD</source>
        <translation>AAAA-MM-JJ</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>Search</source>
        <translation>Rechercher</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>Account ID</source>
        <translation>ID du compte</translation>
    </message>
    <message>
        <location line="+8"/>
        <source>From</source>
        <translation>Du</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>To</source>
        <translation>Au</translation>
    </message>
    <message>
        <location line="+4"/>
        <source>Choose a message to see it in full.</source>
        <translation>Choisissez un message pour l&apos;afficher en entier.</translation>
    </message>
    <message>
        <location line="+62"/>
        <source>Message %1</source>
        <translation>Message %1</translation>
    </message>
    <message>
        <location line="+6"/>
        <source>Failure reason</source>
        <translation>Motif de l&apos;échec</translation>
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
        <translation>Bac à sable</translation>
    </message>
    <message>
        <location line="+0"/>
        <source>Yes</source>
        <translation>Oui</translation>
    </message>
    <message>
        <location line="+0"/>
        <source>No</source>
        <translation>Non</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>Completed</source>
        <translation>Terminé</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>Text</source>
        <translation>Texte</translation>
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
        <translation>Charger la suite</translation>
    </message>
    <message>
        <location line="+64"/>
        <source>%1 of %2 shown</source>
        <translation>%1 sur %2 affichés</translation>
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
        <translation>Compte</translation>
    </message>
    <message>
        <location line="+0"/>
        <source>Reference</source>
        <translation>Référence</translation>
    </message>
    <message>
        <location line="+0"/>
        <source>Amount</source>
        <translation>Montant</translation>
    </message>
    <message>
        <location line="+0"/>
        <location line="+16"/>
        <source>Status</source>
        <translation>État</translation>
    </message>
    <message>
        <location line="-16"/>
        <source>Credited</source>
        <translation>Crédité</translation>
    </message>
    <message>
        <location line="+0"/>
        <source>Paid</source>
        <translation>Payé</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Provider&apos;s answer</source>
        <translation>Réponse du prestataire</translation>
    </message>
    <message>
        <location line="+0"/>
        <source>Created</source>
        <translation>Créé</translation>
    </message>
    <message>
        <location line="+5"/>
        <source>Any status</source>
        <translation>Tous les états</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Pending</source>
        <translation>En attente</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Successful</source>
        <translation>Réussi</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Failed</source>
        <translation>Échoués</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Abandoned</source>
        <translation>Abandonné</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Mismatch (needs an operator)</source>
        <translation>Écart (à traiter par un opérateur)</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>Any account</source>
        <translation>Tous les comptes</translation>
    </message>
    <message>
        <location line="+5"/>
        <source>Account ID</source>
        <translation>ID du compte</translation>
    </message>
    <message>
        <location line="+27"/>
        <source>Yes</source>
        <translation>Oui</translation>
    </message>
    <message>
        <location line="+0"/>
        <source>No</source>
        <translation>Non</translation>
    </message>
    <message>
        <location filename="../console/paymentsview.h" line="+20"/>
        <source>Payments</source>
        <translation>Paiements</translation>
    </message>
</context>
<context>
    <name>ogene::RejectDialog</name>
    <message>
        <location filename="../console/rejectdialog.cpp" line="+8"/>
        <source>Reject sender ID %1</source>
        <translation>Refuser l&apos;identifiant d&apos;expéditeur %1</translation>
    </message>
    <message>
        <location line="+4"/>
        <source>Why the sender ID cannot be approved; the client reads this.</source>
        <translation>Pourquoi l&apos;identifiant ne peut pas être approuvé ; le client lira ce texte.</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>Reason</source>
        <translation>Motif</translation>
    </message>
    <message>
        <location line="+8"/>
        <source>Please shorten the reason.</source>
        <translation>Veuillez raccourcir le motif.</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>At most %1 characters.</source>
        <translation>Au plus %1 caractères.</translation>
    </message>
</context>
<context>
    <name>ogene::RestClient</name>
    <message>
        <location filename="../shared/ogene/restclient.cpp" line="+60"/>
        <source>The appliance&apos;s TLS certificate was refused: %1</source>
        <translation>Le certificat TLS de l&apos;appliance a été refusé : %1</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>The appliance did not answer within %1 seconds.</source>
        <translation>L&apos;appliance n&apos;a pas répondu en %1 secondes.</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>Could not reach the appliance: %1</source>
        <translation>Impossible de joindre l&apos;appliance : %1</translation>
    </message>
</context>
<context>
    <name>ogene::RoutesView</name>
    <message>
        <location filename="../console/routesview.cpp" line="+39"/>
        <source>Save routes</source>
        <translation>Enregistrer les routes</translation>
    </message>
    <message>
        <location line="+7"/>
        <source>Gateway names, separated by commas</source>
        <translation>Noms de passerelles, séparés par des virgules</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Prefix</source>
        <translation>Préfixe</translation>
    </message>
    <message>
        <location line="+0"/>
        <source>Gateways, first choice first</source>
        <translation>Passerelles, premier choix d’abord</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>Gateway</source>
        <translation>Passerelle</translation>
    </message>
    <message>
        <location line="+0"/>
        <source>Type</source>
        <translation>Type</translation>
    </message>
    <message>
        <location line="+0"/>
        <source>State</source>
        <translation>État</translation>
    </message>
    <message>
        <location line="+0"/>
        <source>In flight</source>
        <translation>En cours</translation>
    </message>
    <message>
        <location line="+0"/>
        <source>Sent per second</source>
        <translation>Envois par seconde</translation>
    </message>
    <message>
        <location line="+0"/>
        <source>Last error</source>
        <translation>Dernière erreur</translation>
    </message>
    <message>
        <location line="+5"/>
        <source>Add route</source>
        <translation>Ajouter une route</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Remove route</source>
        <translation>Supprimer la route</translation>
    </message>
    <message>
        <location line="+7"/>
        <source>Route table</source>
        <translation>Table de routage</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>Default gateways</source>
        <translation>Passerelles par défaut</translation>
    </message>
    <message>
        <location line="+4"/>
        <source>The longest matching prefix wins; other numbers take the default gateways.</source>
        <translation>Le préfixe le plus long qui correspond l’emporte ; les autres numéros prennent les passerelles par défaut.</translation>
    </message>
    <message>
        <location line="+4"/>
        <source>Gateways</source>
        <translation>Passerelles</translation>
    </message>
    <message>
        <location line="+104"/>
        <source>Route %1</source>
        <translation>Route %1</translation>
    </message>
    <message>
        <location line="+9"/>
        <source>Routes saved.</source>
        <translation>Routes enregistrées.</translation>
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
        <translation>Compte</translation>
    </message>
    <message>
        <location line="+0"/>
        <source>Sender ID</source>
        <translation>Identifiant d&apos;expéditeur</translation>
    </message>
    <message>
        <location line="+0"/>
        <source>Status</source>
        <translation>État</translation>
    </message>
    <message>
        <location line="+0"/>
        <source>Requested</source>
        <translation>Demandé le</translation>
    </message>
    <message>
        <location line="+0"/>
        <source>Reason</source>
        <translation>Motif</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>Approve</source>
        <translation>Approuver</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Reject…</source>
        <translation>Refuser…</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>Pending</source>
        <translation>En attente</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Approved</source>
        <translation>Approuvé</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Rejected</source>
        <translation>Refusé</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>All</source>
        <translation>Tous</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>Show</source>
        <translation>Afficher</translation>
    </message>
    <message>
        <location line="+84"/>
        <source>Sender ID %1 approved.</source>
        <translation>Identifiant d&apos;expéditeur %1 approuvé.</translation>
    </message>
    <message>
        <location line="+12"/>
        <source>Sender ID %1 rejected.</source>
        <translation>Identifiant d&apos;expéditeur %1 refusé.</translation>
    </message>
    <message>
        <location filename="../console/senderidsview.h" line="+22"/>
        <source>Sender IDs</source>
        <translation>Identifiants d&apos;expéditeur</translation>
    </message>
</context>
<context>
    <name>ogene::SendsChart</name>
    <message>
        <location filename="../console/sendschart.cpp" line="+13"/>
        <source>Sends per minute over the last hour</source>
        <translation>Envois par minute sur la dernière heure</translation>
    </message>
</context>
<context>
    <name>ogene::SignInView</name>
    <message>
        <location filename="../console/signinview.cpp" line="+16"/>
        <source>Remember me on this computer</source>
        <translation>Se souvenir de moi sur cet ordinateur</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Sign in</source>
        <translation>Se connecter</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>https://sms.example.com:8080</source>
        <translation>https://sms.example.com:8080</translation>
    </message>
    <message>
        <location line="+7"/>
        <source>Sign in to an Ogene appliance</source>
        <translation>Connexion à une appliance Ogene</translation>
    </message>
    <message>
        <location line="+17"/>
        <source>Appliance address</source>
        <translation>Adresse de l&apos;appliance</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Email</source>
        <translation>E-mail</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Password</source>
        <translation>Mot de passe</translation>
    </message>
</context>
<context>
    <name>ogene::SmppAccessDialog</name>
    <message>
        <location filename="../console/smppaccessdialog.cpp" line="+8"/>
        <source>SMPP access of %1</source>
        <translation>Accès SMPP de %1</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>May bind over SMPP</source>
        <translation>Peut se connecter en SMPP</translation>
    </message>
    <message>
        <location line="+4"/>
        <source>Appliance default</source>
        <translation>Valeur par défaut de l&apos;appliance</translation>
    </message>
    <message>
        <location line="+1"/>
        <source> submit_sm per second</source>
        <translation> submit_sm par seconde</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>Access</source>
        <translation>Accès</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Rate per connection</source>
        <translation>Débit par connexion</translation>
    </message>
</context>
</TS>
