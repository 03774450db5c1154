-- depends: 0001.initial
-- Which owner wrote each entry (its fencing token): who appended what, after a failover.
ALTER TABLE log ADD COLUMN epoch BIGINT NOT NULL DEFAULT 0;
