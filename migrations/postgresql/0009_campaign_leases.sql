-- Which node of a deployment writes each campaign, for PostgreSQL (as migrations/0009_campaign_leases.sql).
CREATE TABLE campaign_leases(
    campaign BIGINT PRIMARY KEY REFERENCES campaigns(id),
    node TEXT NOT NULL,
    epoch BIGINT NOT NULL,
    expires BIGINT NOT NULL
);
CREATE INDEX campaign_leases_node ON campaign_leases(node);
