-- depends: 0002.log-epoch
-- The public lobby: rooms gather players before their game exists (fives.web.lobby).
CREATE TABLE lobby_rooms (
    id TEXT PRIMARY KEY,
    preset TEXT NOT NULL,
    players INTEGER NOT NULL,
    level TEXT NOT NULL,
    created DOUBLE PRECISION NOT NULL,
    fill_at DOUBLE PRECISION NOT NULL,
    taken INTEGER NOT NULL DEFAULT 0,
    state TEXT NOT NULL DEFAULT 'open',
    started DOUBLE PRECISION,
    table_id TEXT,
    watch TEXT
);
CREATE INDEX lobby_rooms_open ON lobby_rooms (state, preset, players, created);
CREATE TABLE lobby_seats (
    room_id TEXT NOT NULL REFERENCES lobby_rooms (id),
    seat INTEGER NOT NULL,
    hash TEXT NOT NULL UNIQUE,
    link TEXT,
    PRIMARY KEY (room_id, seat)
);
