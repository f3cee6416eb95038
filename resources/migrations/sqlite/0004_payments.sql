-- Wallet funding through the payment provider. One row per payment the client started; amounts
-- are minor units (kobo, cents), which are also Paystack's subunits for NGN and USD.
-- credited_at is set once, in the transaction that writes the funding ledger entry: the
-- conditional UPDATE that sets it is what makes a reference credit a wallet exactly once.
CREATE TABLE payment_intents (
    id INTEGER PRIMARY KEY AUTOINCREMENT,
    user_id INTEGER NOT NULL REFERENCES users (id),
    reference TEXT NOT NULL UNIQUE,
    amount BIGINT NOT NULL CHECK (amount > 0),
    currency TEXT NOT NULL CHECK (currency IN ('NGN', 'USD')),
    status TEXT NOT NULL CHECK (status IN ('pending', 'success', 'failed', 'abandoned', 'mismatch')),
    authorization_url TEXT,
    access_code TEXT,
    paid_amount BIGINT,
    paid_currency TEXT,
    gateway_response TEXT,
    channel TEXT,
    paid_at BIGINT,
    credited_at BIGINT,
    created_at BIGINT NOT NULL,
    updated_at BIGINT NOT NULL
);
CREATE INDEX payment_intents_user ON payment_intents (user_id, id);
CREATE INDEX payment_intents_status ON payment_intents (status, id);
-- Belt and braces: the ledger itself refuses a second funding entry for one payment reference.
CREATE UNIQUE INDEX wallet_transactions_funding_reference ON wallet_transactions (reference) WHERE category = 'funding';
