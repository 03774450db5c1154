-- depends: 0003.lobby
-- Who holds each lobby seat (the client address, for the per-address caps) and when its page
-- last asked (a seat whose page stopped asking is dropped before the game starts).
ALTER TABLE lobby_seats ADD COLUMN address TEXT NOT NULL DEFAULT '';
ALTER TABLE lobby_seats ADD COLUMN seen DOUBLE PRECISION NOT NULL DEFAULT 0;
CREATE INDEX lobby_seats_address ON lobby_seats (address);
CREATE INDEX lobby_rooms_table ON lobby_rooms (table_id);
