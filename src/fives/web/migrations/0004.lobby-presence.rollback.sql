DROP INDEX lobby_rooms_table;
DROP INDEX lobby_seats_address;
ALTER TABLE lobby_seats DROP COLUMN seen;
ALTER TABLE lobby_seats DROP COLUMN address;
