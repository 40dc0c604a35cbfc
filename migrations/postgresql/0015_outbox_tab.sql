-- Where on the campaign page an e-mail's notice is done ("diary", "battle"...), kept with it: a digest tells by it
-- which held messages are on the month's clock (server/app/notifier.cpp). Null for rows written before.

ALTER TABLE outbox ADD COLUMN tab TEXT;
