ALTER TABLE lobby_seats DROP COLUMN asked;
