-- Messages that carry their own callback_url, a few among many: with no account webhook for an
-- event, a batch of status changes looks for its notifications here instead of in every message.
CREATE INDEX messages_with_callback ON messages (id) WHERE callback_url IS NOT NULL;
