-- Every change an admin makes through the API, written in the same transaction as the change, so
-- there is no change without its entry and no entry for a change that was rolled back. The actor's
-- email is copied as it was at the time; details never hold a password, token or key.
CREATE TABLE audit_log (
    id INTEGER PRIMARY KEY AUTOINCREMENT,
    created_at BIGINT NOT NULL,
    actor_user_id BIGINT NOT NULL,
    actor_email TEXT NOT NULL,
    action TEXT NOT NULL,
    target_type TEXT NOT NULL,
    target_id BIGINT,
    details TEXT NOT NULL,
    client_address TEXT NOT NULL
);
CREATE INDEX audit_log_created ON audit_log (created_at);
CREATE INDEX audit_log_actor ON audit_log (actor_user_id, id);
CREATE INDEX audit_log_action ON audit_log (action, id);
CREATE INDEX audit_log_target ON audit_log (target_type, target_id, id);
