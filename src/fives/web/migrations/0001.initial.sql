-- The shared mode's durable state: what the SQLite file holds in the single-process mode.
-- epoch is the fencing token of the process that owns the table now: the log accepts an
-- entry only from the process whose token is the table's epoch.
CREATE TABLE tables (
    id TEXT PRIMARY KEY,
    created DOUBLE PRECISION NOT NULL,
    config TEXT NOT NULL,
    epoch BIGINT NOT NULL DEFAULT 0
);
CREATE INDEX tables_created ON tables (created);
CREATE TABLE tokens (
    hash TEXT PRIMARY KEY,
    table_id TEXT NOT NULL REFERENCES tables (id),
    seat INTEGER
);
CREATE TABLE log (
    table_id TEXT NOT NULL REFERENCES tables (id),
    seq INTEGER NOT NULL,
    kind TEXT NOT NULL,
    payload TEXT NOT NULL,
    at DOUBLE PRECISION NOT NULL,
    PRIMARY KEY (table_id, seq)
);
