-- The dashboard counts today's messages and the last hour's sends by time of creation.
CREATE INDEX messages_created ON messages (created_at);
