-- Pictures a campaign's umpire uploads, for PostgreSQL (as migrations/0003_images.sql).

CREATE TABLE images(
    token TEXT PRIMARY KEY,
    campaign BIGINT NOT NULL REFERENCES campaigns(id),
    type TEXT NOT NULL,
    bytes BYTEA NOT NULL,
    uploaded_by BIGINT NOT NULL REFERENCES users(id),
    created BIGINT NOT NULL
);
CREATE INDEX images_by_campaign ON images(campaign);
