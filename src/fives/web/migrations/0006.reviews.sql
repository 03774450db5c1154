-- depends: 0005.lobby-asked
-- Each finished game's review (fives.web.review), computed once by whichever process was asked
-- first and read back by every other: its JSON body as the page gets it, packed.
CREATE TABLE reviews (
    table_id TEXT NOT NULL REFERENCES tables (id),
    game INTEGER NOT NULL,
    body BYTEA NOT NULL,
    at DOUBLE PRECISION NOT NULL,
    PRIMARY KEY (table_id, game)
);
