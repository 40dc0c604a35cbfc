-- Diary drafts, for PostgreSQL (as migrations/0007_diary_drafts.sql).
CREATE TABLE diary_drafts(
    campaign BIGINT NOT NULL REFERENCES campaigns(id),
    "user" BIGINT NOT NULL REFERENCES users(id),
    turn BIGINT NOT NULL,
    body TEXT NOT NULL,
    saved BIGINT NOT NULL,
    PRIMARY KEY (campaign, "user")
);
