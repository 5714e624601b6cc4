-- Floorbook projections, schema 1. Every table is derived from the event log.
CREATE TABLE IF NOT EXISTS projector_position (
  chain TEXT PRIMARY KEY,      -- chain id
  seq INTEGER NOT NULL,        -- last applied sequence
  hash TEXT NOT NULL           -- its hash
);
CREATE TABLE IF NOT EXISTS events (
  chain TEXT NOT NULL, seq INTEGER NOT NULL, type TEXT NOT NULL, at TEXT NOT NULL,
  actor TEXT NOT NULL, role TEXT NOT NULL, rules TEXT NOT NULL, request TEXT,
  PRIMARY KEY (chain, seq)
) WITHOUT ROWID;
CREATE TABLE IF NOT EXISTS tournaments (
  chain TEXT PRIMARY KEY, profile TEXT, title TEXT, players INTEGER, tables INTEGER,
  winner INTEGER, opened_seq INTEGER, finished_seq INTEGER
);
CREATE TABLE IF NOT EXISTS players (
  chain TEXT NOT NULL, player INTEGER NOT NULL, name TEXT, status TEXT NOT NULL,
  stack INTEGER NOT NULL, table_no INTEGER, seat INTEGER, place INTEGER, busted_in_hand INTEGER,
  buy_in TEXT, member TEXT,
  PRIMARY KEY (chain, player)
);
CREATE TABLE IF NOT EXISTS hands (
  chain TEXT NOT NULL, hand INTEGER NOT NULL, table_no INTEGER, level INTEGER, button INTEGER,
  players TEXT, blinds TEXT, started_seq INTEGER, finished_seq INTEGER,
  PRIMARY KEY (chain, hand)
);
CREATE TABLE IF NOT EXISTS hand_results (
  chain TEXT NOT NULL, hand INTEGER NOT NULL, player INTEGER NOT NULL, stack INTEGER NOT NULL,
  PRIMARY KEY (chain, hand, player)
);
CREATE TABLE IF NOT EXISTS moves (
  chain TEXT NOT NULL, seq INTEGER NOT NULL, player INTEGER, from_table INTEGER,
  to_table INTEGER, seat INTEGER, sits_out INTEGER, rules TEXT,
  PRIMARY KEY (chain, seq)
);
CREATE TABLE IF NOT EXISTS sanctions (
  chain TEXT NOT NULL, seq INTEGER NOT NULL, player INTEGER, offence TEXT, sanction TEXT,
  detail TEXT, rules TEXT,
  PRIMARY KEY (chain, seq)
);
CREATE TABLE IF NOT EXISTS irregularities (
  chain TEXT NOT NULL, seq INTEGER NOT NULL, hand INTEGER, kind TEXT, detail TEXT, remedy TEXT,
  rules TEXT,
  PRIMARY KEY (chain, seq)
);
CREATE TABLE IF NOT EXISTS refused_commands (
    chain TEXT NOT NULL, seq INTEGER NOT NULL, actor TEXT NOT NULL, role TEXT NOT NULL,
    channel TEXT, command TEXT, reason TEXT, request TEXT,
    PRIMARY KEY (chain, seq)
);
CREATE TABLE IF NOT EXISTS levels (
  chain TEXT NOT NULL, seq INTEGER NOT NULL, level INTEGER, small INTEGER, big INTEGER, rules TEXT,
  PRIMARY KEY (chain, seq)
);
CREATE VIEW IF NOT EXISTS standings AS
  SELECT chain, player, name, place, stack, status, busted_in_hand FROM players
  WHERE status IN ('playing', 'winner', 'out')
  ORDER BY chain, place IS NULL DESC, place ASC, stack DESC;
-- Every dealer and player action in a hand, the board, the pots and who won them.
CREATE TABLE IF NOT EXISTS hand_events (
  chain TEXT NOT NULL, seq INTEGER NOT NULL, hand INTEGER, table_no INTEGER, kind TEXT,
  pos INTEGER, amount INTEGER, cards TEXT, detail TEXT, rules TEXT,
  PRIMARY KEY (chain, seq)
) WITHOUT ROWID;
CREATE INDEX IF NOT EXISTS hand_events_by_hand ON hand_events (chain, hand, seq);
-- Signed checkpoints published beside the log (the chain's head at a sequence, signed).
CREATE TABLE IF NOT EXISTS checkpoints (
  chain TEXT NOT NULL, seq INTEGER NOT NULL, head TEXT NOT NULL, signed_at TEXT NOT NULL,
  key_id TEXT NOT NULL, signature TEXT NOT NULL,
  PRIMARY KEY (chain, seq, key_id)
);
-- League standings, folded from a league's chain by `floorbook league` (issue 8): one row a
-- player, and one a player's result with the points it gave.
CREATE TABLE IF NOT EXISTS league_standings (
  league TEXT NOT NULL, rank INTEGER NOT NULL, player TEXT NOT NULL, points TEXT NOT NULL,
  counted INTEGER NOT NULL, results INTEGER NOT NULL,
  PRIMARY KEY (league, player)
);
CREATE TABLE IF NOT EXISTS league_results (
  league TEXT NOT NULL, chain TEXT NOT NULL, player TEXT NOT NULL, place INTEGER NOT NULL,
  tied INTEGER NOT NULL, points TEXT NOT NULL, counted INTEGER NOT NULL, formula TEXT NOT NULL,
  PRIMARY KEY (league, chain, player)
);
-- Replay snapshots: the re-derived tournament state after `position` tournament events, so
-- `replay` and `explain` resume near the asked sequence instead of from the start. `next_seq`
-- is the sequence of the next event to apply. Written by the command line; dropped with the rest.
-- `state` is the JSON deflated (a blob; a database written before compression holds text).
CREATE TABLE IF NOT EXISTS replay_snapshots (
  chain TEXT NOT NULL, position INTEGER NOT NULL, next_seq INTEGER NOT NULL, state BLOB NOT NULL,
  PRIMARY KEY (chain, position)
);
-- The lookup of the latest snapshot before a sequence: one seek, not a walk down the chain's
-- snapshots (positions and next sequences rise together).
CREATE INDEX IF NOT EXISTS replay_snapshots_next ON replay_snapshots (chain, next_seq);
-- Cash rooms (issue 19): one chain a room's day, folded into the room's tables, seats,
-- sessions, waiting lists, must-move calls, missed-blind markers and warnings.
CREATE TABLE IF NOT EXISTS cash_rooms (
  chain TEXT PRIMARY KEY, profile TEXT NOT NULL, title TEXT NOT NULL, opened_seq INTEGER NOT NULL
);
CREATE TABLE IF NOT EXISTS cash_tables (
  chain TEXT NOT NULL, table_no INTEGER NOT NULL, game TEXT NOT NULL, main INTEGER NOT NULL,
  open INTEGER NOT NULL, hands INTEGER NOT NULL DEFAULT 0,
  PRIMARY KEY (chain, table_no)
);
-- Who sits where now, with the stack between hands, away or not, and his markers (GCB-6).
CREATE TABLE IF NOT EXISTS cash_seats (
  chain TEXT NOT NULL, guest INTEGER NOT NULL, name TEXT NOT NULL, table_no INTEGER NOT NULL,
  seat INTEGER NOT NULL, stack INTEGER NOT NULL, away INTEGER NOT NULL DEFAULT 0,
  markers INTEGER NOT NULL DEFAULT 0,
  PRIMARY KEY (chain, guest)
);
-- A guest's sessions: from his seat to his leaving; money in (buy-in, rebuys, chips added)
-- and out (GCB-7, GCB-13); why the seat was released, if it was.
CREATE TABLE IF NOT EXISTS cash_sessions (
  chain TEXT NOT NULL, seated_seq INTEGER NOT NULL, guest INTEGER NOT NULL, name TEXT NOT NULL,
  table_no INTEGER NOT NULL, money_in INTEGER NOT NULL, rebuys INTEGER NOT NULL DEFAULT 0,
  money_out INTEGER, left_seq INTEGER, released TEXT,
  PRIMARY KEY (chain, seated_seq)
);
-- The waiting lists now, in order (GCB-9).
CREATE TABLE IF NOT EXISTS cash_waiting (
  chain TEXT NOT NULL, game TEXT NOT NULL, guest INTEGER NOT NULL, name TEXT NOT NULL,
  listed_seq INTEGER NOT NULL,
  PRIMARY KEY (chain, game, guest)
);
-- Must-move calls (GCB-10) and how each ended: moved, refused, or open.
CREATE TABLE IF NOT EXISTS cash_must_moves (
  chain TEXT NOT NULL, seq INTEGER NOT NULL, guest INTEGER NOT NULL, from_table INTEGER NOT NULL,
  to_table INTEGER NOT NULL, main_players INTEGER NOT NULL, side_players INTEGER NOT NULL,
  outcome TEXT,
  PRIMARY KEY (chain, seq)
);
CREATE TABLE IF NOT EXISTS cash_markers (
  chain TEXT NOT NULL, seq INTEGER NOT NULL, guest INTEGER NOT NULL, blind TEXT NOT NULL,
  markers INTEGER NOT NULL,
  PRIMARY KEY (chain, seq)
);
CREATE TABLE IF NOT EXISTS cash_warnings (
  chain TEXT NOT NULL, seq INTEGER NOT NULL, guest INTEGER NOT NULL, offence TEXT NOT NULL,
  count INTEGER NOT NULL, note TEXT, rules TEXT NOT NULL,
  PRIMARY KEY (chain, seq)
);
-- The member register (issue 24), folded from the `members` chain by `floorbook members`:
-- who, the name on record, where a record was merged and a ban in force. Never the birth date
-- or the contact: those stay in the register's chain.
CREATE TABLE IF NOT EXISTS members (
  member TEXT PRIMARY KEY, name TEXT NOT NULL, merged_into TEXT, barred TEXT, barred_until TEXT,
  bar_rule TEXT, former_names TEXT NOT NULL
);
