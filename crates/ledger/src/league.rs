//! A league season's chain (`league-<name>`): read it, and its standings as the club's register
//! stands now. The command line and the web pages both rank through [`table`], so that a member
//! merge counts the same everywhere.

use floorbook_league::{
    League, LeagueCommand, LeagueError, LeagueEvent, PinnedReceipt, SignedHead, Standing,
};
use floorbook_log::{ChainId, Envelope, EventStore, Seq, StoreError};
use floorbook_members::Register;

use crate::members::MembersError;

/// A league's chain cannot be read or ranked.
#[derive(Debug, thiserror::Error)]
pub enum LeagueReadError {
    #[error(transparent)]
    Store(#[from] StoreError),
    #[error("{0:?} cannot name a league (letters, digits, - and _)")]
    Name(String),
    #[error("there is no league {0}")]
    NoLeague(ChainId),
    #[error("seq {seq} of {chain} is not a league event: {reason}")]
    Unreadable {
        chain: ChainId,
        seq: Seq,
        reason: String,
    },
    #[error("seq {seq} of {chain}: {source}")]
    Unfit {
        chain: ChainId,
        seq: Seq,
        #[source]
        source: LeagueError,
    },
    #[error(transparent)]
    Members(#[from] MembersError),
    #[error("the standings: {0}")]
    Standings(String),
    #[error("{player} has no result in league {league}")]
    NoResult { player: String, league: String },
    #[error("{player} names {} members: {}; ask by member ID", members.len(), members.join(", "))]
    Ambiguous {
        player: String,
        members: Vec<String>,
    },
}

/// The chain of the league `name`.
pub fn chain_of(name: &str) -> Result<ChainId, LeagueReadError> {
    ChainId::new(format!("league-{name}")).map_err(|_| LeagueReadError::Name(name.to_string()))
}

/// The league's events with their sequences.
pub async fn events<S: EventStore>(
    store: &S,
    chain: &ChainId,
) -> Result<Vec<(Seq, LeagueEvent)>, LeagueReadError> {
    let mut out = Vec::new();
    let mut next = Seq::FIRST;
    loop {
        let page = store.read(chain, next, floorbook_log::PAGE).await?;
        let Some(last) = page.last() else { break };
        next = last.seq.next();
        for e in &page {
            let unreadable = |reason: String| LeagueReadError::Unreadable {
                chain: chain.clone(),
                seq: e.seq,
                reason,
            };
            let env = Envelope::parse(&e.bytes).map_err(|err| unreadable(err.to_string()))?;
            let event: LeagueEvent = serde_json::from_str(env.payload.get())
                .map_err(|err| unreadable(err.to_string()))?;
            out.push((e.seq, event));
        }
    }
    Ok(out)
}

/// The league as its chain holds it.
pub async fn read<S: EventStore>(store: &S, chain: &ChainId) -> Result<League, LeagueReadError> {
    let mut league = League::default();
    for (seq, event) in events(store, chain).await? {
        league
            .apply(&event)
            .map_err(|source| LeagueReadError::Unfit {
                chain: chain.clone(),
                seq,
                source,
            })?;
    }
    if league.rules.is_none() {
        return Err(LeagueReadError::NoLeague(chain.clone()));
    }
    Ok(league)
}

/// The standings, each result counted for the member who stands for it now (merges followed),
/// or for the registered name where there is no member.
pub fn standings_for(l: &League, register: &Register) -> Result<Vec<Standing>, LeagueReadError> {
    let rules = l
        .rules
        .clone()
        .ok_or_else(|| LeagueReadError::Standings("the league has no rules".into()))?;
    let results = l.season_results_by(|r| match &r.member {
        Some(m) => register.current_id(m),
        None => r.player.clone(),
    });
    floorbook_league::standings(&rules, &results)
        .map_err(|e| LeagueReadError::Standings(e.to_string()))
}

/// A league, the club's register as it stands, and the standings by it.
#[derive(Debug)]
pub struct Table {
    pub league: League,
    pub register: Register,
    pub standings: Vec<Standing>,
}

impl Table {
    /// A standing's player as a person reads him: the member's name on record and his ID.
    pub fn shown(&self, player: &str) -> String {
        match self.register.name_of(player) {
            Some(name) => format!("{name} ({player})"),
            None => player.to_string(),
        }
    }
}

/// The league on `chain` ranked by the register as it stands now.
pub async fn table<S: EventStore>(store: &S, chain: &ChainId) -> Result<Table, LeagueReadError> {
    let league = read(store, chain).await?;
    let register = crate::members::register(store).await?;
    let standings = standings_for(&league, &register)?;
    Ok(Table {
        league,
        register,
        standings,
    })
}

/// Why a league's pinned receipt does not hold.
#[derive(Debug, thiserror::Error)]
pub enum PinError {
    #[error("the receipt does not verify with the log's key: {0}")]
    Receipt(#[source] floorbook_tlog::TlogError),
    #[error(
        "the receipt is of {got_chain}'s event {got_seq}, not of the head the league pins ({chain}'s event {seq}); ask the venue for `floorbook receipt --event {seq}`"
    )]
    OtherEvent {
        got_chain: String,
        got_seq: u64,
        chain: String,
        seq: u64,
    },
    #[error("the receipt's event {seq} has hash {got}, not the pinned head {head}")]
    OtherHead { seq: u64, got: String, head: String },
    #[error("the witness policy does not hold: {0}")]
    Witnesses(#[source] floorbook_tlog::TlogError),
}

/// What a pinned receipt proves: the head's event is entry `index` of the venue's log of
/// `size` entries, cosigned by `cosigners`.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Pinned {
    pub index: u64,
    pub size: u64,
    pub cosigners: Vec<String>,
}

/// Checks that `pin` proves `chain`'s event `seq` with hash `head` (hex) into a checkpoint
/// signed by its log key and cosigned as its policy needs.
pub fn check_pin(
    pin: &floorbook_league::PinnedReceipt,
    chain: &str,
    seq: u64,
    head: &str,
) -> Result<Pinned, PinError> {
    let receipt =
        floorbook_tlog::Receipt::from_bytes(pin.proof.as_bytes()).map_err(PinError::Receipt)?;
    let proven = receipt.verify(&pin.vkey).map_err(PinError::Receipt)?;
    if proven.leaf.chain != chain || proven.leaf.seq != seq {
        return Err(PinError::OtherEvent {
            got_chain: proven.leaf.chain,
            got_seq: proven.leaf.seq,
            chain: chain.to_string(),
            seq,
        });
    }
    let got = floorbook_log::EventHash(proven.leaf.event).to_hex();
    if got != head {
        return Err(PinError::OtherHead {
            seq,
            got,
            head: head.to_string(),
        });
    }
    let cosigners =
        floorbook_tlog::cosigned(&receipt.checkpoint, &pin.vkey, &pin.witnesses, pin.need)
            .map_err(PinError::Witnesses)?;
    Ok(Pinned {
        index: proven.index,
        size: proven.checkpoint.size,
        cosigners,
    })
}

/// A league command that could not be recorded; nothing was written.
#[derive(Debug, thiserror::Error)]
pub enum LeagueWriteError {
    #[error(transparent)]
    Read(#[from] LeagueReadError),
    #[error(transparent)]
    Refused(#[from] LeagueError),
    #[error("league {0} exists already")]
    Exists(String),
    #[error("there is no chain {0}")]
    NoChain(ChainId),
    #[error("chain {chain} does not verify: {source}")]
    Unverified {
        chain: ChainId,
        #[source]
        source: floorbook_log::ChainCheckError,
    },
    #[error("the tournament chain does not read: {0}")]
    Load(#[from] Box<crate::reader::LoadError>),
    #[error("the receipt is not pinned: {0}")]
    Pin(#[from] PinError),
    #[error(transparent)]
    Envelope(#[from] floorbook_log::EnvelopeError),
    #[error(transparent)]
    Id(#[from] floorbook_log::IdError),
    #[error(transparent)]
    Write(#[from] floorbook_log::WriteError),
    #[error(transparent)]
    Store(#[from] StoreError),
}

/// Decides `command` on the league `name` as its chain stands and records what it causes, at
/// `at`; the league as it stands after and the sequence of its last event.
pub async fn record<S: EventStore + Clone>(
    store: &S,
    name: &str,
    command: &LeagueCommand,
    at: chrono::DateTime<chrono::Utc>,
) -> Result<(League, u64), LeagueWriteError> {
    let chain = chain_of(name)?;
    // Decided against the league at `head`: another writer in between is a conflict (the
    // store's error), and nothing is written.
    let head = store.head(&chain).await?;
    let mut league = match command {
        LeagueCommand::Create { .. } => {
            if head.is_some() {
                return Err(LeagueWriteError::Exists(name.to_string()));
            }
            League::default()
        }
        _ => read(store, &chain).await?,
    };
    let actor = floorbook_log::Actor::new("league", floorbook_log::Role::Director)?;
    let (_, head) =
        crate::decided::record(store, &chain, head, &mut league, (command, ()), |event| {
            let kind = match event {
                LeagueEvent::Created { .. } => "LeagueCreated",
                LeagueEvent::Attached { .. } => "TournamentAttached",
                LeagueEvent::Corrected { .. } => "ResultCorrected",
            };
            floorbook_log::Draft::new(at, actor.clone(), kind, Vec::new(), event)
        })
        .await
        .map_err(|e| match e {
            crate::decided::RecordError::Refused(why) => LeagueWriteError::Refused(why),
            crate::decided::RecordError::Store(e) => LeagueWriteError::Store(e),
            crate::decided::RecordError::Envelope(e) => LeagueWriteError::Envelope(e),
        })?;
    Ok((league, head.map_or(0, |h| h.seq.0)))
}

/// The attachment of the finished tournament on `chain` at its head: the chain verified, its
/// results read, the service's signature over the head where a checkpoint has one, and the
/// venue log's receipt `pin` checked against that head.
pub async fn attachment<S: EventStore>(
    store: &S,
    chain: &ChainId,
    pin: Option<PinnedReceipt>,
) -> Result<LeagueCommand, LeagueWriteError> {
    floorbook_log::verify_chain(store, chain, |_, _| {})
        .await
        .map_err(|source| LeagueWriteError::Unverified {
            chain: chain.clone(),
            source,
        })?;
    let top = store
        .head(chain)
        .await?
        .ok_or_else(|| LeagueWriteError::NoChain(chain.clone()))?;
    let (seq, head) = (top.seq.0, top.hash.to_hex());
    let recorded = crate::reader::load(store, chain.clone())
        .await
        .map_err(Box::new)?;
    let (entrants, results) = floorbook_league::tournament_results(&recorded.events)?;
    let signed = store
        .checkpoints(chain)
        .await?
        .into_iter()
        .find(|cp| cp.seq.0 == seq && cp.head.to_hex() == head)
        .map(|cp| {
            // As the checkpoint itself serializes them, so that `verify` rebuilds it exactly.
            let v = serde_json::to_value(&cp).unwrap_or_default();
            let text = |k: &str| v[k].as_str().unwrap_or_default().to_string();
            SignedHead {
                key_id: text("key_id"),
                signed_at: text("signed_at"),
                signature: cp.signature.clone(),
            }
        });
    if let Some(p) = &pin {
        check_pin(p, chain.as_str(), seq, &head)?;
    }
    Ok(LeagueCommand::Attach {
        chain: chain.to_string(),
        seq,
        head,
        entrants,
        results,
        signed,
        receipt: pin,
    })
}

/// A season checked against the tournaments' own chains (`league verify`).
#[derive(Debug, Clone, Default, PartialEq, serde::Serialize)]
pub struct SeasonCheck {
    pub league: String,
    pub tournaments: usize,
    pub signatures_checked: usize,
    pub receipts_checked: usize,
    /// Every mismatch found, one line each, naming the tournament.
    pub problems: Vec<String>,
}

impl SeasonCheck {
    pub fn ok(&self) -> bool {
        self.problems.is_empty()
    }
}

/// Re-derives the season `name` from the tournaments' chains and flags every mismatch: each
/// attachment's pinned receipt and signed head (with `trusted` keys; unchecked without), the
/// tournament's chain, its event at the pinned head, and its results as they stood then.
pub async fn verify<S: EventStore>(
    store: &S,
    name: &str,
    trusted: &floorbook_log::TrustedKeys,
) -> Result<SeasonCheck, LeagueWriteError> {
    let lchain = chain_of(name)?;
    floorbook_log::verify_chain(store, &lchain, |_, _| {})
        .await
        .map_err(|source| LeagueWriteError::Unverified {
            chain: lchain.clone(),
            source,
        })?;
    let mut check = SeasonCheck {
        league: name.to_string(),
        ..SeasonCheck::default()
    };
    for (_, event) in events(store, &lchain).await? {
        let LeagueEvent::Attached {
            chain,
            seq,
            head,
            entrants,
            results,
            signed,
            receipt,
        } = event
        else {
            continue;
        };
        check.tournaments += 1;
        if let Some(pin) = &receipt {
            match check_pin(pin, &chain, seq, &head) {
                Ok(_) => check.receipts_checked += 1,
                Err(e) => check
                    .problems
                    .push(format!("{chain}: the pinned receipt: {e}")),
            }
        }
        if let Some(s) = signed.as_ref().filter(|_| !trusted.is_empty()) {
            let cp: Result<floorbook_log::Checkpoint, _> =
                serde_json::from_value(serde_json::json!({
                    "chain": chain, "seq": seq, "head": head, "signed_at": s.signed_at,
                    "key_id": s.key_id, "signature": s.signature,
                }));
            match cp.map(|cp| cp.verify_signature(trusted)) {
                Ok(Ok(())) => check.signatures_checked += 1,
                Ok(Err(e)) => check
                    .problems
                    .push(format!("{chain}: the signed head: {e}")),
                Err(e) => check
                    .problems
                    .push(format!("{chain}: the signed head does not read: {e}")),
            }
        }
        check
            .problems
            .extend(tournament_mismatch(store, &chain, seq, &head, entrants, &results).await?);
    }
    Ok(check)
}

/// Where the tournament `chain` no longer holds what was attached from it.
async fn tournament_mismatch<S: EventStore>(
    store: &S,
    chain: &str,
    seq: u64,
    head: &str,
    entrants: u32,
    results: &[floorbook_league::Imported],
) -> Result<Option<String>, LeagueWriteError> {
    let tchain =
        ChainId::new(chain.to_string()).map_err(|_| LeagueReadError::Name(chain.into()))?;
    if let Err(e) = floorbook_log::verify_chain(store, &tchain, |_, _| {}).await {
        return Ok(Some(format!(
            "{chain}: the tournament's chain does not verify: {e}"
        )));
    }
    match store.read(&tchain, Seq(seq), 1).await?.first() {
        Some(e) if e.hash.to_hex() == head => {}
        Some(e) => {
            return Ok(Some(format!(
                "{chain}: seq {seq} now has hash {}, not the attached head {head}",
                e.hash.to_hex()
            )));
        }
        None => return Ok(Some(format!("{chain}: seq {seq} is gone"))),
    }
    let recorded = crate::reader::load(store, tchain).await.map_err(Box::new)?;
    // The results as the chain stood when it was attached.
    let upto: Vec<_> = recorded
        .seqs
        .iter()
        .zip(recorded.events)
        .filter(|(s, _)| **s <= seq)
        .map(|(_, e)| e)
        .collect();
    Ok(match floorbook_league::tournament_results(&upto) {
        Ok((n, derived)) if n == entrants && derived == results => None,
        Ok(_) => Some(format!(
            "{chain}: the imported results are not the tournament's own"
        )),
        Err(e) => Some(format!("{chain}: {e}")),
    })
}
