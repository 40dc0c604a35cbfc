-- Server administration, for PostgreSQL (as migrations/0006_admin.sql).
ALTER TABLE users ADD COLUMN admin BIGINT NOT NULL DEFAULT 0;
ALTER TABLE users ADD COLUMN disabled BIGINT NOT NULL DEFAULT 0;
