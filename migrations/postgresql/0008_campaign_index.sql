-- What the server knows of a campaign without loading its log, for PostgreSQL (as migrations/0008_campaign_index.sql).
CREATE TABLE campaign_index(
    campaign BIGINT PRIMARY KEY REFERENCES campaigns(id),
    directory TEXT NOT NULL,
    needs TEXT NOT NULL,
    alarm BIGINT
);
