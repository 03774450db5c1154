DROP TABLE log;
DROP TABLE tokens;
DROP TABLE tables;
