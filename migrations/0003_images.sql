-- Pictures a campaign's umpire uploads (a sketch map for an expedition's briefing: docs/protocol.md, "Images").
-- Each is named by a random token, so its address is known only to those it was shown to.

CREATE TABLE images(
    token TEXT PRIMARY KEY,
    campaign INTEGER NOT NULL REFERENCES campaigns(id),
    type TEXT NOT NULL,          -- image/png, image/jpeg, image/gif or image/webp, from the bytes
    bytes BLOB NOT NULL,
    uploaded_by INTEGER NOT NULL REFERENCES users(id),
    created INTEGER NOT NULL
);
CREATE INDEX images_by_campaign ON images(campaign);
