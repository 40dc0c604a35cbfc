-- What each user chooses for his e-mail (docs/protocol.md, "Notifications"): every notice at once, one digest a
-- day at an hour of his own time zone, or nothing; a token for the unsubscribe link in every e-mail. An e-mail
-- held for a digest waits in the outbox (held = 1) until the digest that carries it is written.
-- The page's own list of notifications: every notice a member is told, whether or not he has an address.

ALTER TABLE user_emails ADD COLUMN mode TEXT NOT NULL DEFAULT 'immediate';  -- 'immediate' | 'digest' | 'off'
ALTER TABLE user_emails ADD COLUMN digest_hour INTEGER NOT NULL DEFAULT 18;  -- 0-23, in time_zone
ALTER TABLE user_emails ADD COLUMN time_zone TEXT NOT NULL DEFAULT 'UTC';   -- an IANA name
ALTER TABLE user_emails ADD COLUMN unsubscribe TEXT NOT NULL DEFAULT '';    -- random hex: the link turns e-mail off
UPDATE user_emails SET unsubscribe = lower(hex(randomblob(16)));

ALTER TABLE outbox ADD COLUMN held INTEGER NOT NULL DEFAULT 0;  -- 1: waits for the user's digest
ALTER TABLE outbox ADD COLUMN due INTEGER;                     -- the deadline it speaks of, unix ms, for the reader's zone
CREATE INDEX outbox_held ON outbox(held, user) WHERE held = 1;

CREATE TABLE notifications(
    id INTEGER PRIMARY KEY,
    user INTEGER NOT NULL,
    campaign INTEGER NOT NULL,
    text TEXT NOT NULL,
    tab TEXT NOT NULL,          -- where on the campaign page it is done, or ''
    due INTEGER,                -- unix ms, or NULL
    created INTEGER NOT NULL,   -- unix ms
    seen INTEGER NOT NULL DEFAULT 0
);
CREATE INDEX notifications_user ON notifications(user, id);
