//! A league season's chain (`league-<name>`): read it, and its standings as the club's register
//! stands now. The command line and the web pages both rank through [`table`], so that a member
//! merge counts the same everywhere.

use floorbook_league::{League, LeagueError, LeagueEvent, Standing};
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
