-- Replies by e-mail (docs/operations.md, "Replies by e-mail"): an e-mail that invites a reply keeps the Reply-To
-- it is sent with; each member chooses whether his replies are taken; every message handed in is recorded, taken
-- or not, for the umpire and the administrator.

ALTER TABLE outbox ADD COLUMN reply_to TEXT NOT NULL DEFAULT '';
ALTER TABLE user_emails ADD COLUMN replies INTEGER NOT NULL DEFAULT 1;

CREATE TABLE mail_in(
    id INTEGER PRIMARY KEY,
    received INTEGER NOT NULL,   -- unix ms
    campaign INTEGER,            -- the campaign and member its reply address names; null when it names none
    "user" INTEGER,
    sender TEXT NOT NULL,        -- its From, as written (never trusted)
    subject TEXT NOT NULL,
    message_id TEXT NOT NULL,
    outcome TEXT NOT NULL,       -- recorded, refused, dropped, bounce, forged, expired, too_large, flood, off, unauthenticated
    reason TEXT NOT NULL         -- in words
);
CREATE INDEX mail_in_user ON mail_in("user", received);
CREATE INDEX mail_in_campaign ON mail_in(campaign, received);
