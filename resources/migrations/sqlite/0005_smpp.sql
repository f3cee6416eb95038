-- SMPP: access approved per account by an admin, credentials (passwords hashed), and what the
-- SMPP server keeps on messages: which credential asked for a delivery receipt and whether it went.
ALTER TABLE users ADD COLUMN smpp_access INTEGER NOT NULL DEFAULT 0;
-- submit_sm per second per connection for this account; NULL: the node's SMPP_SUBMIT_PER_SECOND.
ALTER TABLE users ADD COLUMN smpp_submit_per_second INTEGER;
CREATE TABLE smpp_credentials (
    id INTEGER PRIMARY KEY AUTOINCREMENT,
    user_id INTEGER NOT NULL REFERENCES users (id),
    system_id TEXT NOT NULL UNIQUE,
    password_hash TEXT NOT NULL,
    status TEXT NOT NULL DEFAULT 'active' CHECK (status IN ('active', 'revoked')),
    created_at BIGINT NOT NULL,
    updated_at BIGINT NOT NULL
);
CREATE INDEX smpp_credentials_user ON smpp_credentials (user_id, id);
-- receipt_state: NULL (none asked), waiting (for the final state), waiting_failure (only if it
-- fails), sent, expired. A receipt is due once the message is final.
ALTER TABLE messages ADD COLUMN receipt_credential_id INTEGER;
ALTER TABLE messages ADD COLUMN receipt_state TEXT;
ALTER TABLE messages ADD COLUMN receipt_claimed_until BIGINT NOT NULL DEFAULT 0;
CREATE INDEX messages_receipts_due ON messages (receipt_credential_id, completed_at)
    WHERE receipt_state IN ('waiting', 'waiting_failure') AND status IN ('delivered', 'failed');
