-- The route table: a destination prefix ("+234803"; the empty prefix is the default route) and the
-- gateways it tries, first choice first, as comma-separated names. Gateways themselves are
-- configuration (GATEWAYS_FILE), since their passwords do not belong in the database.
CREATE TABLE routes (
    prefix TEXT PRIMARY KEY,
    gateways TEXT NOT NULL,
    updated_at BIGINT NOT NULL
);

-- Client delivery notifications: each account's webhook, a send's own callback_url, the events
-- waiting to be posted (written in the transaction that changed the message, so none is lost),
-- and every attempt with its HTTP status. The signing secret is kept as it is: it keys the HMAC
-- of every post, so it cannot be a one-way hash.
ALTER TABLE messages ADD COLUMN callback_url TEXT;
CREATE TABLE client_webhooks (
    user_id INTEGER PRIMARY KEY REFERENCES users (id),
    url TEXT NOT NULL,
    events TEXT NOT NULL,
    signing_secret TEXT NOT NULL,
    created_at BIGINT NOT NULL,
    updated_at BIGINT NOT NULL
);
CREATE TABLE webhook_deliveries (
    id INTEGER PRIMARY KEY AUTOINCREMENT,
    user_id INTEGER NOT NULL REFERENCES users (id),
    event TEXT NOT NULL,
    message_id INTEGER REFERENCES messages (id),
    -- An event about a campaign (campaign.completed) names it and keeps the body's data as it
    -- was when the event happened, so every attempt posts the same body.
    campaign_id INTEGER REFERENCES campaigns (id),
    data TEXT,
    url TEXT NOT NULL,
    status TEXT NOT NULL CHECK (status IN ('pending', 'delivered', 'failed')),
    attempts INTEGER NOT NULL DEFAULT 0,
    last_status_code INTEGER,
    occurred_at BIGINT NOT NULL,
    next_attempt_at BIGINT NOT NULL,
    claimed_until BIGINT NOT NULL DEFAULT 0,
    updated_at BIGINT NOT NULL
);
CREATE INDEX webhook_deliveries_due ON webhook_deliveries (next_attempt_at, id) WHERE status = 'pending';
CREATE TABLE webhook_attempts (
    id INTEGER PRIMARY KEY AUTOINCREMENT,
    delivery_id INTEGER NOT NULL REFERENCES webhook_deliveries (id),
    user_id INTEGER NOT NULL REFERENCES users (id),
    status_code INTEGER,
    error TEXT,
    duration_ms INTEGER NOT NULL,
    attempted_at BIGINT NOT NULL
);
CREATE INDEX webhook_attempts_user ON webhook_attempts (user_id, id);
