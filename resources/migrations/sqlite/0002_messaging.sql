-- Wallets and their ledger, sender IDs, prices, messages, the outbound queue and idempotency keys.
-- Money is BIGINT minor units (kobo, cents).
CREATE TABLE wallets (
    user_id INTEGER PRIMARY KEY REFERENCES users (id),
    currency TEXT NOT NULL CHECK (currency IN ('NGN', 'USD')),
    balance BIGINT NOT NULL DEFAULT 0 CHECK (balance >= 0),
    total_credited BIGINT NOT NULL DEFAULT 0,
    total_spent BIGINT NOT NULL DEFAULT 0,
    updated_at BIGINT NOT NULL
);
INSERT INTO wallets (user_id, currency, updated_at) SELECT id, currency, created_at FROM users;
CREATE TABLE wallet_transactions (
    id INTEGER PRIMARY KEY AUTOINCREMENT,
    user_id INTEGER NOT NULL REFERENCES users (id),
    type TEXT NOT NULL CHECK (type IN ('credit', 'debit')),
    category TEXT NOT NULL CHECK (category IN ('funding', 'sms', 'refund', 'adjustment')),
    amount BIGINT NOT NULL CHECK (amount > 0),
    balance_after BIGINT NOT NULL CHECK (balance_after >= 0),
    reference TEXT,
    description TEXT,
    created_at BIGINT NOT NULL
);
CREATE INDEX wallet_transactions_user ON wallet_transactions (user_id, id);
CREATE TABLE sender_ids (
    id INTEGER PRIMARY KEY AUTOINCREMENT,
    user_id INTEGER NOT NULL REFERENCES users (id),
    sender_name TEXT NOT NULL,
    status TEXT NOT NULL DEFAULT 'pending' CHECK (status IN ('pending', 'approved', 'rejected')),
    rejection_reason TEXT,
    approved_at BIGINT,
    created_at BIGINT NOT NULL,
    updated_at BIGINT NOT NULL
);
CREATE UNIQUE INDEX sender_ids_user_name ON sender_ids (user_id, lower(sender_name));
CREATE INDEX sender_ids_status ON sender_ids (status, id);
-- prefix '' is the currency's default price per segment.
CREATE TABLE prices (
    currency TEXT NOT NULL CHECK (currency IN ('NGN', 'USD')),
    prefix TEXT NOT NULL,
    price BIGINT NOT NULL CHECK (price >= 0),
    updated_at BIGINT NOT NULL,
    PRIMARY KEY (currency, prefix)
);
CREATE TABLE messages (
    id INTEGER PRIMARY KEY AUTOINCREMENT,
    user_id INTEGER NOT NULL REFERENCES users (id),
    recipient_phone TEXT NOT NULL,
    sender_id_value TEXT NOT NULL,
    message_text TEXT NOT NULL,
    encoding TEXT NOT NULL,
    segments_count INTEGER NOT NULL,
    cost BIGINT NOT NULL,
    currency TEXT NOT NULL,
    status TEXT NOT NULL CHECK (status IN ('queued', 'sent', 'delivered', 'failed')),
    failure_reason TEXT,
    sandbox INTEGER NOT NULL DEFAULT 0,
    gateway TEXT,
    gateway_message_id TEXT,
    created_at BIGINT NOT NULL,
    updated_at BIGINT NOT NULL,
    sent_at BIGINT,
    completed_at BIGINT
);
CREATE INDEX messages_user ON messages (user_id, id);
CREATE INDEX messages_gateway_message ON messages (gateway, gateway_message_id);
CREATE INDEX messages_awaiting_report ON messages (gateway, sent_at) WHERE status = 'sent';
-- Messages accepted but not yet taken by a gateway. A row is claimed for a while before it is
-- handed to a gateway, so a node that dies with claims leaves them to be taken again.
CREATE TABLE outbound_queue (
    message_id INTEGER PRIMARY KEY REFERENCES messages (id),
    available_at BIGINT NOT NULL,
    attempts INTEGER NOT NULL DEFAULT 0,
    claimed_until BIGINT NOT NULL DEFAULT 0
);
CREATE INDEX outbound_queue_available ON outbound_queue (available_at, message_id);
CREATE TABLE idempotency_keys (
    user_id INTEGER NOT NULL REFERENCES users (id),
    idempotency_key TEXT NOT NULL,
    request_hash TEXT NOT NULL,
    response_status INTEGER NOT NULL,
    response_body TEXT NOT NULL,
    created_at BIGINT NOT NULL,
    PRIMARY KEY (user_id, idempotency_key)
);
CREATE INDEX idempotency_keys_created ON idempotency_keys (created_at);
ALTER TABLE api_keys ADD COLUMN sandbox INTEGER NOT NULL DEFAULT 0;
