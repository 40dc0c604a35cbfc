-- Notifications (docs/protocol.md, "Notifications"): each user's e-mail address, verified by a link before anything
-- else is sent to it, and the outbox: a message is written here in the same transaction as the events that cause it,
-- and marked sent once the relay or the webhook accepted it, so that after a crash the unsent ones go out once.

CREATE TABLE user_emails(
    user INTEGER PRIMARY KEY REFERENCES users(id) ON DELETE CASCADE,
    address TEXT NOT NULL,
    verified INTEGER NOT NULL DEFAULT 0,  -- 0 until the link in the verification e-mail is opened
    token_hash TEXT,                      -- SHA-256 hex of the verification token; the token itself is never stored
    created INTEGER NOT NULL
);

CREATE TABLE outbox(
    id INTEGER PRIMARY KEY,
    campaign INTEGER NOT NULL,            -- 0: the server's own (a verification e-mail)
    user INTEGER NOT NULL,                -- the member told; 0: the campaign's webhook
    channel TEXT NOT NULL,                -- 'email' | 'webhook'
    address TEXT NOT NULL,                -- the e-mail address or the webhook URL, as it was when written
    subject TEXT NOT NULL,
    body TEXT NOT NULL,
    created INTEGER NOT NULL,             -- unix ms
    attempts INTEGER NOT NULL DEFAULT 0,
    next_try INTEGER NOT NULL,            -- unix ms: not before
    sent INTEGER,                         -- unix ms once accepted; NULL until then
    last_error TEXT
);
-- The sender's question: what is unsent and due.
CREATE INDEX outbox_due ON outbox(sent, next_try);
