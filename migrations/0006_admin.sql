-- Server administration (docs/operations.md, "Administration"): administrators are set from the command line
-- (muster admin); a disabled account cannot log in and its logins end.
ALTER TABLE users ADD COLUMN admin INTEGER NOT NULL DEFAULT 0;
ALTER TABLE users ADD COLUMN disabled INTEGER NOT NULL DEFAULT 0;
