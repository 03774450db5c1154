-- depends: 0004.lobby-presence
-- Whether a lobby seat's page has asked since the seat was claimed: a seat claimed and never
-- asked for is not seated as a person (a room is never started with seats nobody looks at).
ALTER TABLE lobby_seats ADD COLUMN asked INTEGER NOT NULL DEFAULT 1;
