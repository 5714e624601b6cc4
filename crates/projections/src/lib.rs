//! SQLite projections: views folded from the event log, for people (with `sqlite3`) and for
//! the read commands.
//!
//! Design. The projector reads each stored event's envelope (type, rules, payload) as JSON and
//! updates a few tables; it knows the wire format, not the engine's Rust types. Each batch of
//! events is applied in one transaction together with the projector's position (chain,
//! sequence, hash), so a crash at any point loses nothing and applies nothing twice; the next
//! run continues from the stored position. Dropping the file and applying the log again
//! rebuilds the same rows. The schema is in `docs/projections.md`.
//!
//! Invariant: a projection holds nothing that is not derived from the log.

use floorbook_log::{ChainId, ChainVerifier, Envelope, EventHash, Head, Seq, StoredEvent};
use rusqlite::types::ValueRef;
use rusqlite::{Connection, OptionalExtension, params};
use serde_json::Value;
use serde_json::value::RawValue;
use thiserror::Error;

/// The schema.
pub const SCHEMA: &str = include_str!("schema.sql");

/// The tables folded from the log, the position last: what a rebuild must reproduce exactly.
pub const PROJECTED_TABLES: [&str; 21] = [
    "tournaments",
    "cash_rooms",
    "cash_tables",
    "cash_seats",
    "cash_sessions",
    "cash_waiting",
    "cash_must_moves",
    "cash_markers",
    "cash_warnings",
    "refused_commands",
    "players",
    "hands",
    "hand_results",
    "hand_events",
    "moves",
    "sanctions",
    "irregularities",
    "levels",
    "events",
    "checkpoints",
    "projector_position",
];

/// A catch-up that stopped: the store or the projection failed.
#[derive(Debug, Error)]
pub enum CatchUpError {
    #[error(transparent)]
    Store(#[from] floorbook_log::StoreError),
    #[error(transparent)]
    Projection(#[from] ProjectionError),
}

#[derive(Debug, Error)]
pub enum ProjectionError {
    #[error("SQLite: {0}")]
    Sqlite(#[from] rusqlite::Error),
    #[error("event {seq} of chain {chain} is not an envelope: {source}")]
    Envelope {
        chain: ChainId,
        seq: Seq,
        #[source]
        source: serde_json::Error,
    },
    #[error("event {got} of chain {chain} does not follow the projected position {at}")]
    OutOfOrder { chain: ChainId, at: u64, got: u64 },
    #[error(
        "chain {chain} does not verify at seq {seq}: {reason}; nothing is projected from it (run `floorbook verify`)"
    )]
    Broken {
        chain: ChainId,
        seq: Seq,
        reason: String,
    },
    #[error(
        "chain {chain} no longer holds what was projected from it: {what} (run `floorbook verify`)"
    )]
    Changed { chain: ChainId, what: String },
    #[error(
        "the replay snapshot of chain {chain} at position {position} does not read: {why} (run `floorbook rebuild`)"
    )]
    Snapshot {
        chain: ChainId,
        position: u64,
        why: String,
    },
}

/// A snapshot's state, inflated. Bounded: no snapshot is near 1 GiB, so a damaged blob
/// cannot make the reader allocate without end.
fn inflate(deflated: &[u8]) -> Result<String, String> {
    let bytes = miniz_oxide::inflate::decompress_to_vec_with_limit(deflated, 1 << 30)
        .map_err(|e| format!("{e:?}"))?;
    String::from_utf8(bytes).map_err(|e| e.to_string())
}

/// The projections database.
#[derive(Debug)]
pub struct Projector {
    conn: Connection,
}

/// Brings a database made by an earlier version up to the schema: columns added since are
/// added (empty for rows projected before; `floorbook rebuild` fills them).
fn upgrade(conn: &Connection) -> Result<(), ProjectionError> {
    let has_request = conn
        .prepare("SELECT 1 FROM pragma_table_info('events') WHERE name = 'request'")?
        .exists([])?;
    if !has_request {
        conn.execute_batch("ALTER TABLE events ADD COLUMN request TEXT")?;
    }
    let has_buy_in = conn
        .prepare("SELECT 1 FROM pragma_table_info('players') WHERE name = 'buy_in'")?
        .exists([])?;
    if !has_buy_in {
        conn.execute_batch("ALTER TABLE players ADD COLUMN buy_in TEXT")?;
    }
    let has_member = conn
        .prepare("SELECT 1 FROM pragma_table_info('players') WHERE name = 'member'")?
        .exists([])?;
    if !has_member {
        conn.execute_batch("ALTER TABLE players ADD COLUMN member TEXT")?;
    }
    Ok(())
}

impl Projector {
    /// Opens (creating if needed) the database at `path`.
    pub fn open(path: &std::path::Path) -> Result<Projector, ProjectionError> {
        let conn = Connection::open(path)?;
        conn.pragma_update(None, "journal_mode", "WAL")?;
        conn.pragma_update(None, "synchronous", "NORMAL")?;
        conn.execute_batch(SCHEMA)?;
        upgrade(&conn)?;
        Ok(Projector { conn })
    }

    /// An in-memory database (tests, benchmarks).
    pub fn in_memory() -> Result<Projector, ProjectionError> {
        let conn = Connection::open_in_memory()?;
        conn.execute_batch(SCHEMA)?;
        Ok(Projector { conn })
    }

    pub fn connection(&self) -> &Connection {
        &self.conn
    }

    /// The last sequence of `chain` applied.
    pub fn position(&self, chain: &ChainId) -> Result<u64, ProjectionError> {
        Ok(self
            .conn
            .query_row(
                "SELECT seq FROM projector_position WHERE chain = ?1",
                [chain.as_str()],
                |r| r.get::<_, i64>(0),
            )
            .optional()?
            .map_or(0, |s| s as u64))
    }

    /// Applies `events` (consecutive, following the stored position) in one transaction.
    /// Events at or below the position are skipped, so a repeated batch is harmless.
    pub fn apply(
        &mut self,
        chain: &ChainId,
        events: &[StoredEvent],
    ) -> Result<u64, ProjectionError> {
        let tx = self.conn.transaction()?;
        let last = apply_in(&tx, chain, events)?;
        tx.commit()?;
        Ok(last)
    }

    /// Applies the events of several chains in one transaction (a service that wrote to many
    /// chains at once): all of them, or none. Returns each chain's position after.
    pub fn apply_many(
        &mut self,
        work: &[(ChainId, Vec<StoredEvent>)],
    ) -> Result<Vec<u64>, ProjectionError> {
        let tx = self.conn.transaction()?;
        let mut out = Vec::with_capacity(work.len());
        for (chain, events) in work {
            out.push(apply_in(&tx, chain, events)?);
        }
        tx.commit()?;
        Ok(out)
    }

    /// The latest replay snapshot of `chain` whose next sequence is at most `seq` (any, when
    /// `seq` is None): (position, next sequence, state).
    pub fn snapshot_before(
        &self,
        chain: &ChainId,
        seq: Option<u64>,
    ) -> Result<Option<(u64, u64, String)>, ProjectionError> {
        let limit = seq.map_or(i64::MAX, |s| i64::try_from(s).unwrap_or(i64::MAX));
        self.conn
            .query_row(
                "SELECT position, next_seq, state FROM replay_snapshots
                 WHERE chain = ?1 AND next_seq <= ?2 ORDER BY next_seq DESC LIMIT 1",
                params![chain.as_str(), limit],
                |r| {
                    let state = match r.get_ref(2)? {
                        ValueRef::Blob(b) => inflate(b),
                        ValueRef::Text(t) => Ok(String::from_utf8_lossy(t).into_owned()),
                        _ => Err("neither text nor a blob".to_string()),
                    };
                    Ok((
                        r.get::<_, i64>(0)? as u64,
                        r.get::<_, i64>(1)? as u64,
                        state,
                    ))
                },
            )
            .optional()?
            .map(|(position, next, state)| {
                state
                    .map(|s| (position, next, s))
                    .map_err(|why| ProjectionError::Snapshot {
                        chain: chain.clone(),
                        position,
                        why,
                    })
            })
            .transpose()
    }

    /// Stores a replay snapshot (replacing one at the same position).
    pub fn put_snapshot(
        &mut self,
        chain: &ChainId,
        position: u64,
        next_seq: u64,
        state: &str,
    ) -> Result<(), ProjectionError> {
        // Deflated at the fastest level: a tournament's state is JSON with its keys repeated
        // for every player and seat, about seven times smaller so, and inflated in a fraction
        // of the time its parse takes.
        let deflated = miniz_oxide::deflate::compress_to_vec(state.as_bytes(), 1);
        self.conn.execute(
            "INSERT OR REPLACE INTO replay_snapshots (chain, position, next_seq, state)
             VALUES (?1, ?2, ?3, ?4)",
            params![chain.as_str(), position as i64, next_seq as i64, deflated],
        )?;
        Ok(())
    }

    /// The heads signed for `chain` that were recorded here: seq → hash.
    pub fn recorded_checkpoints(
        &self,
        chain: &ChainId,
    ) -> Result<std::collections::BTreeMap<u64, EventHash>, ProjectionError> {
        let mut stmt = self
            .conn
            .prepare_cached("SELECT seq, head FROM checkpoints WHERE chain = ?1")?;
        let rows = stmt.query_map([chain.as_str()], |r| {
            Ok((r.get::<_, i64>(0)?, r.get::<_, String>(1)?))
        })?;
        let mut out = std::collections::BTreeMap::new();
        for row in rows {
            let (seq, head) = row?;
            // A recorded head that does not read is no signature to hold the log to.
            if let Ok(h) = EventHash::from_hex(&head) {
                out.insert(seq as u64, h);
            }
        }
        Ok(out)
    }

    /// Records signed checkpoints (those already recorded are kept as they are).
    pub fn record_checkpoints(
        &mut self,
        checkpoints: &[floorbook_log::Checkpoint],
    ) -> Result<(), ProjectionError> {
        let tx = self.conn.transaction()?;
        for c in checkpoints {
            tx.prepare_cached(
                "INSERT OR IGNORE INTO checkpoints (chain, seq, head, signed_at, key_id, signature)
                 VALUES (?1, ?2, ?3, ?4, ?5, ?6)",
            )?
            .execute(params![
                c.chain.as_str(),
                c.seq.0 as i64,
                c.head.to_hex(),
                c.signed_at.to_rfc3339(),
                c.key_id.to_string(),
                c.signature
            ])?;
        }
        tx.commit()?;
        Ok(())
    }

    /// Replaces the standings of `league` (rows: rank, player, points, counted, results) and
    /// its results (rows: chain, player, place, tied, points, counted, formula), in one
    /// transaction.
    pub fn put_league(
        &mut self,
        league: &str,
        standings: &[(u32, String, String, usize, usize)],
        results: &[(String, String, u32, u32, String, bool, String)],
    ) -> Result<(), ProjectionError> {
        let tx = self.conn.transaction()?;
        tx.execute("DELETE FROM league_standings WHERE league = ?1", [league])?;
        tx.execute("DELETE FROM league_results WHERE league = ?1", [league])?;
        for (rank, player, points, counted, n) in standings {
            tx.prepare_cached(
                "INSERT INTO league_standings (league, rank, player, points, counted, results)
                 VALUES (?1, ?2, ?3, ?4, ?5, ?6)",
            )?
            .execute(params![
                league,
                rank,
                player,
                points,
                *counted as i64,
                *n as i64
            ])?;
        }
        for (chain, player, place, tied, points, counted, formula) in results {
            tx.prepare_cached(
                "INSERT INTO league_results (league, chain, player, place, tied, points, counted, formula)
                 VALUES (?1, ?2, ?3, ?4, ?5, ?6, ?7, ?8)",
            )?
            .execute(params![league, chain, player, place, tied, points, counted, formula])?;
        }
        tx.commit()?;
        Ok(())
    }

    /// Replaces the member register's rows: (member, name, merged into, ban's reason, its
    /// last day, its rule, former names as a JSON list).
    #[allow(clippy::type_complexity)]
    pub fn put_members(
        &mut self,
        rows: &[(
            String,
            String,
            Option<String>,
            Option<String>,
            Option<String>,
            Option<String>,
            String,
        )],
    ) -> Result<(), ProjectionError> {
        let tx = self.conn.transaction()?;
        tx.execute("DELETE FROM members", [])?;
        for r in rows {
            tx.prepare_cached(
                "INSERT INTO members (member, name, merged_into, barred, barred_until, bar_rule, former_names)
                 VALUES (?1, ?2, ?3, ?4, ?5, ?6, ?7)",
            )?
            .execute(params![r.0, r.1, r.2, r.3, r.4, r.5, r.6])?;
        }
        tx.commit()?;
        Ok(())
    }

    /// Removes every projected row (the schema stays), for a rebuild from the log.
    pub fn clear(&mut self) -> Result<(), ProjectionError> {
        let tx = self.conn.transaction()?;
        for table in PROJECTED_TABLES
            .iter()
            .chain(&["replay_snapshots", "members"])
        {
            tx.execute(&format!("DELETE FROM {table}"), [])?;
        }
        tx.commit()?;
        Ok(())
    }

    /// Applies everything `store` holds for `chain` beyond the stored position, page by page,
    /// each page in one transaction; `progress` sees the sequence reached after each page.
    pub async fn catch_up<S: floorbook_log::EventStore>(
        &mut self,
        store: &S,
        chain: &ChainId,
        page: usize,
        mut progress: impl FnMut(u64),
    ) -> Result<u64, CatchUpError> {
        // What was projected must still be there: the log neither cut below it nor its last
        // projected event changed (a rewrite re-sealed from an earlier event changes it).
        if let Some(projected) = head_in(&self.conn, chain)? {
            let found = store.read(chain, projected.seq, 1).await?;
            let changed = |what: String| ProjectionError::Changed {
                chain: chain.clone(),
                what,
            };
            match found.first() {
                Some(e) if e.seq == projected.seq && e.hash == projected.hash => {}
                Some(e) => {
                    return Err(changed(format!(
                        "seq {} was projected as {}, the log now has {}",
                        projected.seq, projected.hash, e.hash
                    ))
                    .into());
                }
                None => {
                    let head = store.head(chain).await?.map_or(0, |h| h.seq.0);
                    return Err(changed(format!(
                        "the projections have seen seq {}, the log ends at seq {head}: the log was cut",
                        projected.seq
                    ))
                    .into());
                }
            }
        }
        // Every checkpoint signed for the chain, published beside it or recorded here before:
        // an event at a signed position must be the signed one (a consistent rewrite keeps
        // every link, and only a checkpoint shows it).
        let mut signed: std::collections::BTreeMap<u64, Vec<EventHash>> = Default::default();
        for (seq, head) in self.recorded_checkpoints(chain)? {
            signed.entry(seq).or_default().push(head);
        }
        for cp in store.checkpoints(chain).await? {
            signed.entry(cp.seq.0).or_default().push(cp.head);
        }
        let mut next = Seq(self.position(chain)? + 1);
        loop {
            let events = store.read(chain, next, page.max(1)).await?;
            // The stored hash is held to the stored bytes when the page is applied.
            if let Some((e, s)) = events.iter().find_map(|e| {
                signed
                    .get(&e.seq.0)
                    .and_then(|heads| heads.iter().find(|s| **s != e.hash))
                    .map(|s| (e, s))
            }) {
                return Err(ProjectionError::Changed {
                    chain: chain.clone(),
                    what: format!(
                        "seq {} was signed as {s}, the log has {}: the log was rewritten",
                        e.seq, e.hash
                    ),
                }
                .into());
            }
            let Some(last) = events.last() else {
                let checkpoints = store.checkpoints(chain).await?;
                // A signed head beyond the log's: the log was cut after it was signed.
                if let Some(cp) = checkpoints.iter().find(|cp| cp.seq.0 >= next.0) {
                    return Err(ProjectionError::Changed {
                        chain: chain.clone(),
                        what: format!(
                            "a checkpoint signs seq {}, the log ends at seq {}: the log was cut",
                            cp.seq,
                            next.0 - 1
                        ),
                    }
                    .into());
                }
                self.record_checkpoints(&checkpoints)?;
                return Ok(next.0 - 1);
            };
            next = last.seq.next();
            let at = self.apply(chain, &events)?;
            progress(at);
        }
    }

    /// Every row of every projection table, in a stable order, for comparing two databases.
    pub fn dump(&self) -> Result<Vec<String>, ProjectionError> {
        let mut out = Vec::new();
        for table in PROJECTED_TABLES {
            let mut stmt = self
                .conn
                .prepare(&format!("SELECT * FROM {table} ORDER BY 1, 2, 3"))?;
            let cols = stmt.column_count();
            let rows = stmt.query_map([], |r| {
                let mut line = format!("{table}:");
                for i in 0..cols {
                    let v: rusqlite::types::Value = r.get(i)?;
                    line.push_str(&format!(" {v:?}"));
                }
                Ok(line)
            })?;
            for r in rows {
                out.push(r?);
            }
        }
        Ok(out)
    }
}

fn s(v: &Value, k: &str) -> Option<String> {
    v.get(k).map(|x| match x {
        Value::String(s) => s.clone(),
        other => other.to_string(),
    })
}

fn n(v: &Value, k: &str) -> Option<i64> {
    v.get(k).and_then(Value::as_i64)
}

/// Hand events that are also irregularities (with their remedy).
const IRREGULAR: [&str; 6] = [
    "irregularity",
    "out_of_turn",
    "out_of_turn_resolved",
    "interpreted",
    "hole_cards_corrected",
    "chips_forfeited",
];

/// The fields of an `InHand` payload the `hand_events` row needs.
#[derive(serde::Deserialize)]
struct InHandRow<'a> {
    table: Option<i64>,
    hand: Option<i64>,
    #[serde(borrow)]
    event: HandRow<'a>,
}

#[derive(serde::Deserialize)]
struct HandRow<'a> {
    #[serde(rename = "type")]
    kind: &'a str,
    pos: Option<i64>,
    amount: Option<i64>,
    to: Option<i64>,
    #[serde(borrow)]
    cards: Option<&'a RawValue>,
}

fn role_name(role: floorbook_log::Role) -> &'static str {
    use floorbook_log::Role;
    match role {
        Role::Dealer => "dealer",
        Role::Floor => "floor",
        Role::Director => "director",
        Role::Auditor => "auditor",
        Role::Service => "service",
    }
}

/// The position of `chain` as `tx` sees it.
/// The projected position of `chain`: the last sequence applied and its hash.
fn head_in(conn: &Connection, chain: &ChainId) -> Result<Option<Head>, ProjectionError> {
    let row: Option<(i64, String)> = conn
        .prepare_cached("SELECT seq, hash FROM projector_position WHERE chain = ?1")?
        .query_row([chain.as_str()], |r| Ok((r.get(0)?, r.get(1)?)))
        .optional()?;
    Ok(row.and_then(|(seq, hash)| {
        Some(Head {
            seq: Seq(u64::try_from(seq).ok()?),
            hash: EventHash::from_hex(&hash).ok()?,
        })
    }))
}

/// Applies `events` of `chain` inside `tx`, from its stored position on; the position after.
fn apply_in(
    tx: &rusqlite::Transaction<'_>,
    chain: &ChainId,
    events: &[StoredEvent],
) -> Result<u64, ProjectionError> {
    let head = head_in(tx, chain)?;
    let at = head.map_or(0, |h| h.seq.0);
    // The projections hold a verified prefix of the chain: every event applied is checked
    // against the one before it, from the last one applied on.
    let mut verifier = ChainVerifier::resume(chain.clone(), head);
    let mut last = at;
    let mut last_hash = String::new();
    // A cash room's chain folds into the cash views (its event names are its own).
    let mut cash = tx
        .prepare_cached("SELECT 1 FROM cash_rooms WHERE chain = ?1")?
        .exists([chain.as_str()])?;
    for e in events {
        if e.seq.0 <= last {
            continue;
        }
        if e.seq.0 != last + 1 {
            return Err(ProjectionError::OutOfOrder {
                chain: chain.clone(),
                at: last,
                got: e.seq.0,
            });
        }
        let hash = verifier
            .push(&e.bytes, Some(&e.hash))
            .map_err(|v| ProjectionError::Broken {
                chain: chain.clone(),
                seq: e.seq,
                reason: v.kind.to_string(),
            })?;
        let env = e.envelope().map_err(|source| ProjectionError::Envelope {
            chain: chain.clone(),
            seq: e.seq,
            source,
        })?;
        if e.seq.0 == 1 && env.event_type == "CashRoomOpened" {
            cash = true;
        }
        if cash {
            apply_cash(tx, chain.as_str(), e.seq.0, &env)?;
        } else {
            apply_one(tx, chain.as_str(), e.seq.0, &env)?;
        }
        last = e.seq.0;
        last_hash = hash.to_hex();
    }
    if last != at {
        tx.prepare_cached(
            "INSERT INTO projector_position (chain, seq, hash) VALUES (?1, ?2, ?3)
             ON CONFLICT(chain) DO UPDATE SET seq = excluded.seq, hash = excluded.hash",
        )?
        .execute(params![chain.as_str(), last as i64, last_hash])?;
    }
    Ok(last)
}

fn apply_one(
    tx: &rusqlite::Transaction<'_>,
    chain: &str,
    seq: u64,
    env: &Envelope,
) -> Result<(), ProjectionError> {
    let rules: Vec<&str> = env.rules.iter().map(|r| r.as_str()).collect();
    let rules = rules.join(" ");
    let seq = seq as i64;
    let at = env.at.to_rfc3339();
    tx.prepare_cached("INSERT INTO events (chain, seq, type, at, actor, role, rules, request) VALUES (?1, ?2, ?3, ?4, ?5, ?6, ?7, ?8)")?.execute(
        params![chain, seq, env.event_type, at, env.actor.id, role_name(env.actor.role), rules, env.request],
    )?;
    // Most events are hand actions: read just the fields their row needs.
    if env.event_type == "InHand"
        && let Ok(h) = serde_json::from_str::<InHandRow<'_>>(env.payload.get())
        && !IRREGULAR.contains(&h.event.kind)
    {
        tx.prepare_cached("INSERT INTO hand_events (chain, seq, hand, table_no, kind, pos, amount, cards, detail, rules) VALUES (?1, ?2, ?3, ?4, ?5, ?6, ?7, ?8, ?9, ?10)")?.execute(
            params![chain, seq, h.hand, h.table, h.event.kind, h.event.pos, h.event.amount.or(h.event.to), h.event.cards.map(RawValue::get), env.payload.get(), rules],
        )?;
        return Ok(());
    }
    // A command as entered is in `events` (who, when, the request); its decisions carry what
    // the views show, so its payload is not read here.
    if env.event_type == "CommandEntered" {
        return Ok(());
    }
    let p: Value = serde_json::from_str(env.payload.get()).unwrap_or(Value::Null);
    match env.event_type.as_str() {
        "TournamentOpened" => {
            tx.prepare_cached("INSERT INTO tournaments (chain, profile, title, opened_seq) VALUES (?1, ?2, ?3, ?4)")?.execute(
                params![chain, s(&p, "profile"), s(&p, "title"), seq],
            )?;
        }
        "Registered" => {
            tx.prepare_cached("INSERT INTO players (chain, player, name, status, stack, buy_in, member) VALUES (?1, ?2, ?3, 'registered', 0, ?4, ?5)")?.execute(
                params![chain, n(&p, "player"), s(&p, "name"), s(&p, "buy_in"), p.get("member").and_then(|v| v.as_str())],
            )?;
        }
        "WaitListed" => {
            tx.prepare_cached(
                "UPDATE players SET status = 'wait_listed' WHERE chain = ?1 AND player = ?2",
            )?
            .execute(params![chain, n(&p, "player")])?;
        }
        "Started" => {
            tx.prepare_cached("UPDATE tournaments SET players = ?2, tables = ?3 WHERE chain = ?1")?
                .execute(params![chain, n(&p, "players"), n(&p, "tables")])?;
        }
        "Seated" | "Moved" => {
            let table = n(&p, "table").or_else(|| n(&p, "to"));
            tx.prepare_cached("UPDATE players SET status = 'playing', table_no = ?3, seat = ?4 WHERE chain = ?1 AND player = ?2")?.execute(
                params![chain, n(&p, "player"), table, n(&p, "seat")],
            )?;
            if env.event_type == "Moved" {
                tx.prepare_cached("INSERT INTO moves (chain, seq, player, from_table, to_table, seat, sits_out, rules) VALUES (?1, ?2, ?3, ?4, ?5, ?6, ?7, ?8)")?.execute(
                    params![chain, seq, n(&p, "player"), n(&p, "from"), n(&p, "to"), n(&p, "seat"), p.get("sits_out").and_then(Value::as_bool), rules],
                )?;
            }
        }
        "HandStarted" => {
            tx.prepare_cached("INSERT INTO hands (chain, hand, table_no, level, button, players, blinds, started_seq) VALUES (?1, ?2, ?3, ?4, ?5, ?6, ?7, ?8)")?.execute(
                params![chain, n(&p, "hand"), n(&p, "table"), n(&p, "level").map(|l| l + 1), n(&p, "button"), p.get("players").map(Value::to_string), p.get("blinds").map(Value::to_string), seq],
            )?;
        }
        "HandFinished" => {
            if let Some(stacks) = p.get("stacks").and_then(Value::as_array) {
                for pair in stacks {
                    if let (Some(player), Some(stack)) = (
                        pair.get(0).and_then(Value::as_i64),
                        pair.get(1).and_then(Value::as_i64),
                    ) {
                        // A player disqualified during the hand (TR-28) is out already: what
                        // is left of his stack went to the table's next pot, not to him.
                        tx.prepare_cached(
                            "UPDATE players SET stack = ?3 WHERE chain = ?1 AND player = ?2 AND status <> 'out'",
                        )?
                        .execute(params![chain, player, stack])?;
                        tx.prepare_cached("INSERT INTO hand_results (chain, hand, player, stack) VALUES (?1, ?2, ?3, ?4)")?.execute(
                            params![chain, n(&p, "hand"), player, stack],
                        )?;
                    }
                }
            }
            tx.prepare_cached("UPDATE hands SET finished_seq = ?3 WHERE chain = ?1 AND hand = ?2")?
                .execute(params![chain, n(&p, "hand"), seq])?;
        }
        "Busted" => {
            tx.prepare_cached("UPDATE players SET status = 'out', place = ?3, busted_in_hand = ?4, stack = 0, table_no = NULL, seat = NULL WHERE chain = ?1 AND player = ?2")?.execute(
                params![chain, n(&p, "player"), n(&p, "place"), n(&p, "hand")],
            )?;
        }
        "NoShowRemoved" => {
            // TR-6: out with his stack, placed as the next one out; in no hand.
            tx.prepare_cached("UPDATE players SET status = 'out', place = ?3, busted_in_hand = 0, stack = 0, table_no = NULL, seat = NULL WHERE chain = ?1 AND player = ?2")?.execute(
                params![chain, n(&p, "player"), n(&p, "place")],
            )?;
        }
        // TDA 8B: out with his chips taken out of play.
        "Surrendered" => {
            tx.prepare_cached("UPDATE players SET status = 'out', place = ?3, busted_in_hand = 0, stack = 0, table_no = NULL, seat = NULL WHERE chain = ?1 AND player = ?2")?.execute(
                params![chain, n(&p, "player"), n(&p, "place")],
            )?;
        }
        // Issue 39: a late registration or a re-entry seated with a full stack.
        "Entered" => {
            tx.prepare_cached("UPDATE players SET status = 'playing', place = NULL, busted_in_hand = NULL, stack = ?3, table_no = ?4, seat = ?5 WHERE chain = ?1 AND player = ?2")?
                .execute(params![chain, n(&p, "player"), n(&p, "stack"), n(&p, "table"), n(&p, "seat")])?;
        }
        // Issue 39: a rebuy or the add-on; a player out takes his seat back.
        "Rebought" | "AddedOn" => {
            tx.prepare_cached("UPDATE players SET stack = ?3 WHERE chain = ?1 AND player = ?2")?
                .execute(params![chain, n(&p, "player"), n(&p, "stack")])?;
            if let Some(back) = p.get("seat_back").and_then(|v| v.as_array()) {
                let at = |i: usize| back.get(i).and_then(serde_json::Value::as_i64);
                tx.prepare_cached("UPDATE players SET status = 'playing', place = NULL, busted_in_hand = NULL, table_no = ?3, seat = ?4 WHERE chain = ?1 AND player = ?2")?
                    .execute(params![chain, n(&p, "player"), at(0), at(1)])?;
            }
        }
        // Issue 39: entries closed: the players out while they were open get their places.
        "EntriesClosed" => {
            for pair in p
                .get("places")
                .and_then(|v| v.as_array())
                .into_iter()
                .flatten()
            {
                let at = |i: usize| pair.get(i).and_then(serde_json::Value::as_i64);
                tx.prepare_cached(
                    "UPDATE players SET place = ?3 WHERE chain = ?1 AND player = ?2",
                )?
                .execute(params![chain, at(0), at(1)])?;
            }
        }
        "NoShowReplaced" => {
            // PLO-1: the waiting player takes the seat and the stack.
            tx.prepare_cached("UPDATE players SET status = 'no_show', stack = 0, table_no = NULL, seat = NULL WHERE chain = ?1 AND player = ?2")?.execute(
                params![chain, n(&p, "player")],
            )?;
            tx.prepare_cached("UPDATE players SET status = 'playing', stack = ?3, table_no = ?4, seat = ?5 WHERE chain = ?1 AND player = ?2")?.execute(
                params![chain, n(&p, "by"), n(&p, "stack"), n(&p, "table"), n(&p, "seat")],
            )?;
        }
        "Finished" => {
            tx.prepare_cached(
                "UPDATE tournaments SET winner = ?2, finished_seq = ?3 WHERE chain = ?1",
            )?
            .execute(params![chain, n(&p, "winner"), seq])?;
            tx.prepare_cached("UPDATE players SET place = 1, status = 'winner', table_no = NULL, seat = NULL WHERE chain = ?1 AND player = ?2")?.execute(
                params![chain, n(&p, "winner")],
            )?;
        }
        // TR-26: seated by the floor with the starting stack.
        "SeatedByFloor" => {
            tx.prepare_cached("UPDATE players SET status = 'playing', stack = ?3, table_no = ?4, seat = ?5 WHERE chain = ?1 AND player = ?2")?
                .execute(params![chain, n(&p, "player"), n(&p, "stack"), n(&p, "table"), n(&p, "seat")])?;
        }
        // TR-26: the floor's count.
        "StackCounted" => {
            tx.prepare_cached("UPDATE players SET stack = ?3 WHERE chain = ?1 AND player = ?2")?
                .execute(params![chain, n(&p, "player"), n(&p, "stack")])?;
        }
        // TR-26: chips from a hand not keyed in.
        "ChipsTransferred" => {
            tx.prepare_cached(
                "UPDATE players SET stack = stack - ?3 WHERE chain = ?1 AND player = ?2",
            )?
            .execute(params![chain, n(&p, "from"), n(&p, "chips")])?;
            tx.prepare_cached(
                "UPDATE players SET stack = stack + ?3 WHERE chain = ?1 AND player = ?2",
            )?
            .execute(params![chain, n(&p, "to"), n(&p, "chips")])?;
        }
        // Levels are counted from 1, as on the clock and in the audit (the events hold the
        // schedule's index, from 0).
        "LevelChanged" => {
            tx.prepare_cached("INSERT INTO levels (chain, seq, level, small, big, rules) VALUES (?1, ?2, ?3, ?4, ?5, ?6)")?.execute(
                params![chain, seq, n(&p, "level").map(|l| l + 1), n(&p, "small"), n(&p, "big"), rules],
            )?;
        }
        "CommandRefused" => {
            let request = p.get("request").unwrap_or(&Value::Null);
            tx.prepare_cached("INSERT INTO refused_commands (chain, seq, actor, role, channel, command, reason, request) VALUES (?1, ?2, ?3, ?4, ?5, ?6, ?7, ?8)")?.execute(
                params![chain, seq, env.actor.id, role_name(env.actor.role), s(&p, "channel"), s(request, "command"), s(&p, "reason"), request.to_string()],
            )?;
        }
        "SanctionGiven" => {
            let sanction = p
                .get("sanction")
                .map(|v| s(v, "sanction").unwrap_or_default())
                .unwrap_or_default();
            tx.prepare_cached("INSERT INTO sanctions (chain, seq, player, offence, sanction, detail, rules) VALUES (?1, ?2, ?3, ?4, ?5, ?6, ?7)")?.execute(
                params![chain, seq, n(&p, "player"), s(&p, "offence"), sanction, p.get("sanction").map(Value::to_string), rules],
            )?;
        }
        "InHand" => {
            let inner = p.get("event").unwrap_or(&Value::Null);
            let kind = s(inner, "type").unwrap_or_default();
            let amount = inner
                .get("amount")
                .or_else(|| inner.get("to"))
                .and_then(Value::as_i64);
            let cards = inner.get("cards").map(Value::to_string);
            // (Only irregular hand events come this way; see `IRREGULAR`.)
            tx.prepare_cached("INSERT INTO hand_events (chain, seq, hand, table_no, kind, pos, amount, cards, detail, rules) VALUES (?1, ?2, ?3, ?4, ?5, ?6, ?7, ?8, ?9, ?10)")?.execute(
                params![chain, seq, n(&p, "hand"), n(&p, "table"), kind, n(inner, "pos"), amount, cards, env.payload.get(), rules],
            )?;
            if IRREGULAR.contains(&kind.as_str()) {
                tx.prepare_cached("INSERT INTO irregularities (chain, seq, hand, kind, detail, remedy, rules) VALUES (?1, ?2, ?3, ?4, ?5, ?6, ?7)")?.execute(
                    params![chain, seq, n(&p, "hand"), s(inner, "kind").unwrap_or(kind), inner.to_string(), s(inner, "remedy").or_else(|| s(inner, "reason")), rules],
                )?;
            }
        }
        _ => {}
    }
    Ok(())
}

/// One event of a cash room's chain.
fn apply_cash(
    tx: &rusqlite::Transaction<'_>,
    chain: &str,
    seq: u64,
    env: &Envelope,
) -> Result<(), ProjectionError> {
    let rules: Vec<&str> = env.rules.iter().map(|r| r.as_str()).collect();
    let rules = rules.join(" ");
    let seqi = seq as i64;
    tx.prepare_cached("INSERT INTO events (chain, seq, type, at, actor, role, rules, request) VALUES (?1, ?2, ?3, ?4, ?5, ?6, ?7, ?8)")?.execute(
        params![chain, seqi, env.event_type, env.at.to_rfc3339(), env.actor.id, role_name(env.actor.role), rules, env.request],
    )?;
    if env.event_type == "CommandEntered" {
        return Ok(());
    }
    let p: Value = serde_json::from_str(env.payload.get()).unwrap_or(Value::Null);
    let guest = n(&p, "guest");
    match env.event_type.as_str() {
        "CashRoomOpened" => {
            tx.prepare_cached("INSERT INTO cash_rooms (chain, profile, title, opened_seq) VALUES (?1, ?2, ?3, ?4)")?
                .execute(params![chain, s(&p, "profile"), s(&p, "title"), seqi])?;
        }
        "Listed" => {
            tx.prepare_cached("INSERT INTO cash_waiting (chain, game, guest, name, listed_seq) VALUES (?1, ?2, ?3, ?4, ?5)")?
                .execute(params![chain, s(&p, "game"), guest, s(&p, "name"), seqi])?;
        }
        "Unlisted" => {
            tx.prepare_cached(
                "DELETE FROM cash_waiting WHERE chain = ?1 AND game = ?2 AND guest = ?3",
            )?
            .execute(params![chain, s(&p, "game"), guest])?;
        }
        "TableOpened" => {
            tx.prepare_cached("INSERT INTO cash_tables (chain, table_no, game, main, open) VALUES (?1, ?2, ?3, ?4, 1) ON CONFLICT(chain, table_no) DO UPDATE SET open = 1")?
                .execute(params![chain, n(&p, "table"), s(&p, "game"), p.get("main").and_then(Value::as_bool)])?;
        }
        "TableClosed" => {
            tx.prepare_cached(
                "UPDATE cash_tables SET open = 0 WHERE chain = ?1 AND table_no = ?2",
            )?
            .execute(params![chain, n(&p, "table")])?;
        }
        "Seated" => {
            tx.prepare_cached("INSERT INTO cash_seats (chain, guest, name, table_no, seat, stack) VALUES (?1, ?2, ?3, ?4, ?5, ?6)")?
                .execute(params![chain, guest, s(&p, "name"), n(&p, "table"), n(&p, "seat"), n(&p, "buy_in")])?;
            tx.prepare_cached("INSERT INTO cash_sessions (chain, seated_seq, guest, name, table_no, money_in) VALUES (?1, ?2, ?3, ?4, ?5, ?6)")?
                .execute(params![chain, seqi, guest, s(&p, "name"), n(&p, "table"), n(&p, "buy_in")])?;
        }
        "Rebought" | "ChipsAdded" => {
            let amount = n(&p, "amount");
            let set = if env.event_type == "Rebought" {
                "stack = ?3"
            } else {
                "stack = stack + ?3"
            };
            tx.prepare_cached(&format!(
                "UPDATE cash_seats SET {set} WHERE chain = ?1 AND guest = ?2"
            ))?
            .execute(params![chain, guest, amount])?;
            let rebuy = i64::from(env.event_type == "Rebought");
            tx.prepare_cached("UPDATE cash_sessions SET money_in = money_in + ?3, rebuys = rebuys + ?4 WHERE chain = ?1 AND guest = ?2 AND left_seq IS NULL")?
                .execute(params![chain, guest, amount, rebuy])?;
        }
        "CashedOut" | "SeatReleased" => {
            tx.prepare_cached("DELETE FROM cash_seats WHERE chain = ?1 AND guest = ?2")?
                .execute(params![chain, guest])?;
            tx.prepare_cached("UPDATE cash_sessions SET money_out = ?3, left_seq = ?4, released = ?5 WHERE chain = ?1 AND guest = ?2 AND left_seq IS NULL")?
                .execute(params![chain, guest, n(&p, "amount"), seqi, s(&p, "why")])?;
        }
        "Away" | "Back" => {
            tx.prepare_cached("UPDATE cash_seats SET away = ?3 WHERE chain = ?1 AND guest = ?2")?
                .execute(params![chain, guest, env.event_type == "Away"])?;
        }
        "SeatChanged" => {
            tx.prepare_cached("UPDATE cash_seats SET seat = ?3 WHERE chain = ?1 AND guest = ?2")?
                .execute(params![chain, guest, n(&p, "to")])?;
        }
        "MarkerGiven" => {
            tx.prepare_cached(
                "UPDATE cash_seats SET markers = ?3 WHERE chain = ?1 AND guest = ?2",
            )?
            .execute(params![chain, guest, n(&p, "markers")])?;
            tx.prepare_cached("INSERT INTO cash_markers (chain, seq, guest, blind, markers) VALUES (?1, ?2, ?3, ?4, ?5)")?
                .execute(params![chain, seqi, guest, s(&p, "blind"), n(&p, "markers")])?;
        }
        "HandStarted" => {
            tx.prepare_cached(
                "UPDATE cash_tables SET hands = hands + 1 WHERE chain = ?1 AND table_no = ?2",
            )?
            .execute(params![chain, n(&p, "table")])?;
            // Dealt in: his markers are cleared.
            for d in p
                .get("dealt")
                .and_then(Value::as_array)
                .into_iter()
                .flatten()
            {
                tx.prepare_cached(
                    "UPDATE cash_seats SET markers = 0 WHERE chain = ?1 AND guest = ?2",
                )?
                .execute(params![chain, n(d, "guest")])?;
            }
        }
        "HandFinished" => {
            for pair in p
                .get("stacks")
                .and_then(Value::as_array)
                .into_iter()
                .flatten()
            {
                tx.prepare_cached(
                    "UPDATE cash_seats SET stack = ?3 WHERE chain = ?1 AND guest = ?2",
                )?
                .execute(params![
                    chain,
                    pair.get(0).and_then(Value::as_i64),
                    pair.get(1).and_then(Value::as_i64)
                ])?;
            }
        }
        "MustMoveCalled" => {
            tx.prepare_cached("INSERT INTO cash_must_moves (chain, seq, guest, from_table, to_table, main_players, side_players) VALUES (?1, ?2, ?3, ?4, ?5, ?6, ?7)")?
                .execute(params![chain, seqi, guest, n(&p, "from"), n(&p, "to"), n(&p, "main_players"), n(&p, "side_players")])?;
        }
        "Moved" => {
            let to = p.get("to").cloned().unwrap_or(Value::Null);
            tx.prepare_cached("UPDATE cash_seats SET table_no = ?3, seat = ?4, markers = 0 WHERE chain = ?1 AND guest = ?2")?
                .execute(params![chain, guest, to.get(0).and_then(Value::as_i64), to.get(1).and_then(Value::as_i64)])?;
            tx.prepare_cached("UPDATE cash_must_moves SET outcome = 'moved' WHERE chain = ?1 AND guest = ?2 AND outcome IS NULL")?
                .execute(params![chain, guest])?;
        }
        "DayEnded" => {
            tx.prepare_cached("UPDATE cash_must_moves SET outcome = 'refused' WHERE chain = ?1 AND guest = ?2 AND outcome IS NULL")?
                .execute(params![chain, guest])?;
        }
        "Warned" => {
            tx.prepare_cached("INSERT INTO cash_warnings (chain, seq, guest, offence, count, note, rules) VALUES (?1, ?2, ?3, ?4, ?5, ?6, ?7)")?
                .execute(params![chain, seqi, guest, s(&p, "offence"), n(&p, "count"), s(&p, "note"), rules])?;
        }
        "CommandRefused" => {
            let request = p.get("request").unwrap_or(&Value::Null);
            tx.prepare_cached("INSERT INTO refused_commands (chain, seq, actor, role, channel, command, reason, request) VALUES (?1, ?2, ?3, ?4, ?5, ?6, ?7, ?8)")?.execute(
                params![chain, seqi, env.actor.id, role_name(env.actor.role), s(&p, "channel"), s(request, "command"), s(&p, "reason"), request.to_string()],
            )?;
        }
        "InHand" => {
            let inner = p.get("event").unwrap_or(&Value::Null);
            let kind = s(inner, "type").unwrap_or_default();
            let amount = inner
                .get("amount")
                .or_else(|| inner.get("to"))
                .and_then(Value::as_i64);
            tx.prepare_cached("INSERT INTO hand_events (chain, seq, hand, table_no, kind, pos, amount, cards, detail, rules) VALUES (?1, ?2, ?3, ?4, ?5, ?6, ?7, ?8, ?9, ?10)")?.execute(
                params![chain, seqi, n(&p, "hand"), n(&p, "table"), kind, n(inner, "pos"), amount, inner.get("cards").map(Value::to_string), env.payload.get(), rules],
            )?;
            if IRREGULAR.contains(&kind.as_str()) {
                tx.prepare_cached("INSERT INTO irregularities (chain, seq, hand, kind, detail, remedy, rules) VALUES (?1, ?2, ?3, ?4, ?5, ?6, ?7)")?.execute(
                    params![chain, seqi, n(&p, "hand"), s(inner, "kind").unwrap_or(kind), inner.to_string(), s(inner, "remedy").or_else(|| s(inner, "reason")), rules],
                )?;
            }
        }
        _ => {}
    }
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;
    use floorbook_log::{Actor, Draft, Role, StoredEvent, seal_all};

    /// A database made before the `request` column existed is upgraded on open, and the
    /// column holds each event's request id from then on.
    #[test]
    fn an_older_database_gains_the_request_column() {
        let dir = tempfile::tempdir().expect("dir");
        let path = dir.path().join("old.sqlite");
        {
            let conn = Connection::open(&path).expect("old db");
            conn.execute_batch(
                "CREATE TABLE events (
                   chain TEXT NOT NULL, seq INTEGER NOT NULL, type TEXT NOT NULL,
                   at TEXT NOT NULL, actor TEXT NOT NULL, role TEXT NOT NULL,
                   rules TEXT NOT NULL, PRIMARY KEY (chain, seq));",
            )
            .expect("old schema");
        }
        let mut p = Projector::open(&path).expect("upgraded");
        let chain = ChainId::new("t").expect("chain");
        let actor = Actor::new("fay", Role::Floor).expect("actor");
        let at = "2026-11-29T20:00:00Z".parse().expect("time");
        let ruling = serde_json::json!({"player": null, "ruling": "r", "rule": "TR-26"});
        let drafts = [
            Draft::new(at, actor.clone(), "FloorRuling", Vec::new(), &ruling)
                .and_then(|d| d.with_request("req-7"))
                .expect("draft"),
            Draft::new(at, actor, "FloorRuling", Vec::new(), &ruling).expect("draft"),
        ];
        let stored: Vec<StoredEvent> = seal_all(&chain, None, &drafts)
            .expect("sealed")
            .into_iter()
            .map(|e| StoredEvent::stored(e.seq, e.hash, e.bytes))
            .collect();
        p.apply(&chain, &stored).expect("applied");
        let requests: Vec<Option<String>> = p
            .connection()
            .prepare("SELECT request FROM events ORDER BY seq")
            .expect("query")
            .query_map([], |r| r.get(0))
            .expect("rows")
            .collect::<Result<_, _>>()
            .expect("rows");
        assert_eq!(requests, vec![Some("req-7".to_string()), None]);
        drop(p);
        // Opening again finds the column there and changes nothing.
        Projector::open(&path).expect("opens again");
    }
}

#[cfg(test)]
mod snapshot_tests {
    use super::*;

    /// Snapshots are stored deflated and read back as they were written; one a database
    /// wrote before compression (text) still reads; a damaged one is an error that says to
    /// rebuild, not a panic or a wrong state.
    #[test]
    fn snapshots_are_deflated_and_read_back() {
        let mut p = Projector::in_memory().expect("db");
        let chain = ChainId::new("t-snap").expect("chain");
        let state = format!(
            "{{\"players\":[{}]}}",
            vec!["{\"stack\":1500}"; 500].join(",")
        );
        p.put_snapshot(&chain, 500, 1201, &state).expect("put");
        let stored: usize = p
            .connection()
            .query_row("SELECT length(state) FROM replay_snapshots", [], |r| {
                r.get(0)
            })
            .expect("row");
        assert!(
            stored * 10 < state.len(),
            "{stored} bytes stored for {}",
            state.len()
        );
        assert_eq!(
            p.snapshot_before(&chain, Some(2000)).expect("read"),
            Some((500, 1201, state.clone()))
        );
        assert_eq!(p.snapshot_before(&chain, Some(1200)).expect("read"), None);
        p.connection()
            .execute(
                "INSERT INTO replay_snapshots VALUES ('t-snap', 1000, 2401, '{\"old\":true}')",
                [],
            )
            .expect("text row");
        assert_eq!(
            p.snapshot_before(&chain, None).expect("read"),
            Some((1000, 2401, "{\"old\":true}".to_string()))
        );
        p.connection()
            .execute(
                "INSERT INTO replay_snapshots VALUES ('t-snap', 1500, 3601, x'00ff00ff')",
                [],
            )
            .expect("blob row");
        let err = p.snapshot_before(&chain, None).expect_err("damaged");
        assert!(err.to_string().contains("floorbook rebuild"), "{err}");
    }
}
