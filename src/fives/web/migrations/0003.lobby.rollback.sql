DROP TABLE lobby_seats;
DROP TABLE lobby_rooms;
