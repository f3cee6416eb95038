-- A queued message is its own entry in the outbound queue: the queue's columns move into messages,
-- and a partial index over queued messages is what the dispatcher claims from. Accepting a message
-- writes one row instead of two, and dispatching it deletes none.
ALTER TABLE messages ADD COLUMN available_at BIGINT NOT NULL DEFAULT 0;
ALTER TABLE messages ADD COLUMN attempts INTEGER NOT NULL DEFAULT 0;
ALTER TABLE messages ADD COLUMN claimed_until BIGINT NOT NULL DEFAULT 0;
UPDATE messages SET available_at = q.available_at, attempts = q.attempts, claimed_until = q.claimed_until
    FROM outbound_queue q WHERE q.message_id = messages.id;
DROP TABLE outbound_queue;
CREATE INDEX messages_queued ON messages (available_at, id) WHERE status = 'queued';
-- Only messages a gateway has taken have a gateway's id to look up.
DROP INDEX messages_gateway_message;
CREATE INDEX messages_gateway_message ON messages (gateway, gateway_message_id) WHERE gateway_message_id IS NOT NULL;
