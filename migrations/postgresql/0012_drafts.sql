-- Drafts, for PostgreSQL (as migrations/0012_drafts.sql).
CREATE TABLE drafts(
    campaign BIGINT NOT NULL REFERENCES campaigns(id),
    "user" BIGINT NOT NULL REFERENCES users(id),
    kind TEXT NOT NULL,
    turn BIGINT NOT NULL,
    body TEXT NOT NULL,
    saved BIGINT NOT NULL,
    PRIMARY KEY (campaign, "user", kind)
);
INSERT INTO drafts(campaign, "user", kind, turn, body, saved)
    SELECT campaign, "user", 'diary', turn, body, saved FROM diary_drafts;
DROP TABLE diary_drafts;
