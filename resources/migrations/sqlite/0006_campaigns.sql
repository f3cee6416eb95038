-- Contacts, contact groups and bulk campaigns. A campaign keeps its recipients in chunks (one row
-- per CAMPAIGN_CHUNK_SIZE recipients, "phone,cost" lines) until the worker turns a chunk into
-- ordinary queued messages; next_chunk is how far it got, moved in the same transaction.
CREATE TABLE contacts (
    id INTEGER PRIMARY KEY AUTOINCREMENT,
    user_id INTEGER NOT NULL REFERENCES users (id),
    phone TEXT NOT NULL,
    name TEXT,
    fields TEXT NOT NULL DEFAULT '{}',
    created_at BIGINT NOT NULL,
    updated_at BIGINT NOT NULL
);
CREATE UNIQUE INDEX contacts_user_phone ON contacts (user_id, phone);
CREATE INDEX contacts_user ON contacts (user_id, id);
CREATE TABLE contact_groups (
    id INTEGER PRIMARY KEY AUTOINCREMENT,
    user_id INTEGER NOT NULL REFERENCES users (id),
    name TEXT NOT NULL,
    created_at BIGINT NOT NULL,
    updated_at BIGINT NOT NULL
);
CREATE UNIQUE INDEX contact_groups_user_name ON contact_groups (user_id, lower(name));
CREATE TABLE contact_group_members (
    group_id INTEGER NOT NULL REFERENCES contact_groups (id) ON DELETE CASCADE,
    contact_id INTEGER NOT NULL REFERENCES contacts (id) ON DELETE CASCADE,
    PRIMARY KEY (group_id, contact_id)
);
CREATE INDEX contact_group_members_contact ON contact_group_members (contact_id);
CREATE TABLE campaigns (
    id INTEGER PRIMARY KEY AUTOINCREMENT,
    user_id INTEGER NOT NULL REFERENCES users (id),
    name TEXT NOT NULL,
    sender_id_value TEXT NOT NULL,
    message_text TEXT NOT NULL,
    encoding TEXT NOT NULL,
    segments_count INTEGER NOT NULL,
    recipient_type TEXT NOT NULL,
    status TEXT NOT NULL CHECK (status IN ('draft', 'queued', 'processing', 'completed', 'cancelled')),
    currency TEXT NOT NULL,
    total_recipients BIGINT NOT NULL,
    invalid_recipients BIGINT NOT NULL DEFAULT 0,
    planned_cost BIGINT NOT NULL,
    charged BIGINT NOT NULL DEFAULT 0,
    refunded BIGINT NOT NULL DEFAULT 0,
    chunk_count INTEGER NOT NULL,
    next_chunk INTEGER NOT NULL DEFAULT 0,
    scheduled_at BIGINT,
    due_at BIGINT,
    created_at BIGINT NOT NULL,
    updated_at BIGINT NOT NULL,
    started_at BIGINT,
    completed_at BIGINT
);
CREATE INDEX campaigns_user ON campaigns (user_id, id);
CREATE INDEX campaigns_due ON campaigns (status, due_at, id);
CREATE TABLE campaign_chunks (
    campaign_id INTEGER NOT NULL REFERENCES campaigns (id) ON DELETE CASCADE,
    chunk INTEGER NOT NULL,
    recipients TEXT NOT NULL,
    recipient_count INTEGER NOT NULL,
    cost BIGINT NOT NULL,
    PRIMARY KEY (campaign_id, chunk)
);
-- No foreign key: a campaign of a million recipients would pay a lookup per message written.
ALTER TABLE messages ADD COLUMN campaign_id INTEGER;
CREATE INDEX messages_campaign ON messages (campaign_id, status) WHERE campaign_id IS NOT NULL;
