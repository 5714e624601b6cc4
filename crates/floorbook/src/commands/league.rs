//! `floorbook league …`: a season of tournaments on its own chain — create, attach finished
//! tournaments (pinned to their heads), correct a result with a reason, standings, explain a
//! player's points, and verify the season against the tournaments' own chains.

use std::path::PathBuf;
use std::process::ExitCode;

use anyhow::{Context, bail};
use chrono::Utc;
use clap::{Args, Subcommand};
use floorbook_league::{
    League, LeagueEvent, PinnedReceipt, Season, SignedHead, format_points, tournament_results,
};
use floorbook_ledger::league as ledger_league;
use floorbook_log::{Actor, ChainId, ChainWriter, Draft, EventStore, Role, Seq, verify_chain};
use floorbook_members::{MemberEvent, Register};
use floorbook_store_embedded::OpenMode;
use serde_json::json;

use crate::backend::{Backend, StoreArgs};

#[derive(Debug, Args)]
pub struct LeagueArgs {
    #[command(flatten)]
    pub store: StoreArgs,
    /// The projections database the standings are written to (default DATA/projections.sqlite).
    #[arg(long, global = true)]
    pub db: Option<PathBuf>,
    /// Print JSON for scripts.
    #[arg(long, global = true)]
    pub json: bool,
    #[command(subcommand)]
    pub command: LeagueCommand,
}

#[derive(Debug, Subcommand)]
pub enum LeagueCommand {
    /// Open a league: its name, season and counting rules (a TOML file: formula, best, ties, aging).
    Create {
        /// The league's name (letters, digits, - and _); its chain is `league-NAME`.
        #[arg(long)]
        name: String,
        /// The season, as the league names it (e.g. 2026).
        #[arg(long)]
        season: String,
        /// The counting rules: a TOML file (see docs/league.md).
        #[arg(long)]
        rules: PathBuf,
    },
    /// Attach a finished tournament: its results are imported, pinned to its chain's head.
    Attach {
        /// The league's name.
        #[arg(long)]
        league: String,
        /// The finished tournament's chain.
        #[arg(long)]
        chain: String,
        #[command(flatten)]
        pin: PinArgs,
    },
    /// Correct one imported result, with the reason.
    Correct {
        /// The league's name.
        #[arg(long)]
        league: String,
        /// The tournament's chain the result came from.
        #[arg(long)]
        chain: String,
        /// The player as the league names them.
        #[arg(long)]
        player: String,
        /// The corrected finishing place (1 is the winner).
        #[arg(long)]
        place: u32,
        /// Why: kept with the correction on the league's chain.
        #[arg(long)]
        reason: String,
    },
    /// The standings: a table, or JSON with --json, or CSV with --csv.
    Standings {
        /// The league's name.
        #[arg(long)]
        league: String,
        /// Print CSV (rank, player, points, counted, results) for a spreadsheet.
        #[arg(long)]
        csv: bool,
    },
    /// One player's points: every result, the formula and the numbers.
    Explain {
        /// The league's name.
        #[arg(long)]
        league: String,
        /// The player as the league names them.
        player: String,
    },
    /// Re-derive the season from the tournaments' chains and flag every mismatch.
    Verify {
        /// The league's name.
        #[arg(long)]
        league: String,
        /// Trusted public keys for the signed heads the league keeps; default beside the data folder (DATA-keys; `$FLOORBOOK_KEYS`).
        #[arg(long)]
        keys: Option<std::path::PathBuf>,
    },
}

/// The venue's receipt for the tournament's head, pinned with the attachment (issue 40).
#[derive(Debug, Args)]
pub struct PinArgs {
    /// The venue log's receipt for the tournament's last event (`floorbook receipt --event SEQ`):
    /// kept with the attachment, it pins a cosigned checkpoint that includes the head.
    #[arg(long, requires = "vkey")]
    receipt: Option<PathBuf>,
    /// The venue log's verifier key (`floorbook keys vkey --venue V`).
    #[arg(long)]
    vkey: Option<String>,
    /// A witness's verifier key whose cosignature the policy counts (repeat for more).
    #[arg(long = "witness")]
    witnesses: Vec<String>,
    /// How many of the witnesses must have cosigned (default all given).
    #[arg(long)]
    need: Option<usize>,
}

impl PinArgs {
    /// The receipt to pin, checked against the head the attachment pins.
    fn pin(&self, chain: &str, seq: u64, head: &str) -> anyhow::Result<Option<PinnedReceipt>> {
        let (Some(file), Some(vkey)) = (&self.receipt, &self.vkey) else {
            if !self.witnesses.is_empty() || self.need.is_some() {
                bail!("--witness and --need count the cosignatures of a --receipt; none was given");
            }
            return Ok(None);
        };
        let need = self.need.unwrap_or(self.witnesses.len());
        if need > self.witnesses.len() {
            bail!(
                "--need {need}: the policy counts 0 to {} cosignatures (the --witness keys given)",
                self.witnesses.len()
            );
        }
        let proof = std::fs::read_to_string(file)
            .with_context(|| format!("reading the receipt {}", file.display()))?;
        let pin = PinnedReceipt {
            vkey: vkey.clone(),
            witnesses: self.witnesses.clone(),
            need,
            proof,
        };
        ledger_league::check_pin(&pin, chain, seq, head)
            .with_context(|| format!("the receipt {} is not pinned", file.display()))?;
        Ok(Some(pin))
    }
}

#[derive(Debug, Clone, Copy)]
enum Format {
    Table,
    Csv,
    Json,
}

async fn append(store: &Backend, chain: &ChainId, event: &LeagueEvent) -> anyhow::Result<u64> {
    let kind = match event {
        LeagueEvent::Created { .. } => "LeagueCreated",
        LeagueEvent::Attached { .. } => "TournamentAttached",
        LeagueEvent::Corrected { .. } => "ResultCorrected",
    };
    let draft = Draft::new(
        Utc::now(),
        Actor::new("league", Role::Director)?,
        kind,
        Vec::new(),
        event,
    )?;
    let mut w = ChainWriter::open(store.clone(), chain.clone(), None, u64::MAX).await?;
    w.append(&[draft]).await?;
    Ok(w.head().map_or(0, |h| h.seq.0))
}

/// A tournament chain's head and its events with their sequences (`explain::load`).
async fn tournament(
    store: &Backend,
    chain: &ChainId,
) -> anyhow::Result<(u64, String, floorbook_ledger::reader::Recorded)> {
    let head = store
        .head(chain)
        .await?
        .with_context(|| format!("there is no chain {chain}"))?;
    let recorded = floorbook_ledger::reader::load(store, chain.clone()).await?;
    Ok((head.seq.0, head.hash.to_hex(), recorded))
}

/// The club's member register (empty when it keeps none) and its merges: (from, into, reason).
async fn members(store: &Backend) -> anyhow::Result<(Register, Vec<(String, String, String)>)> {
    let register = floorbook_ledger::members::register(store).await?;
    let merges = floorbook_ledger::members::events(store)
        .await?
        .into_iter()
        .filter_map(|(_, e)| match e {
            MemberEvent::Merged { from, into, reason } => Some((from, into, reason)),
            _ => None,
        })
        .collect();
    Ok((register, merges))
}

/// A standing's player as a person reads him: the member's name on record and his ID.
fn shown(player: &str, register: &Register) -> String {
    match register.name_of(player) {
        Some(name) => format!("{name} ({player})"),
        None => player.to_string(),
    }
}

/// Computes the standings and writes them into the projections.
fn project(
    args: &LeagueArgs,
    league: &str,
    l: &League,
    register: &Register,
) -> anyhow::Result<Vec<floorbook_league::Standing>> {
    let table = ledger_league::standings_for(l, register)?;
    write_projection(args, league, &table)?;
    Ok(table)
}

pub async fn run(args: &LeagueArgs) -> anyhow::Result<ExitCode> {
    let read_only = matches!(
        args.command,
        LeagueCommand::Standings { .. }
            | LeagueCommand::Explain { .. }
            | LeagueCommand::Verify { .. }
    );
    let mode = if read_only {
        OpenMode::ReadOnly
    } else {
        OpenMode::ReadWrite
    };
    let store = args.store.open(mode).await?;
    let (register, merges) = members(&store).await?;
    let mut out = String::new();
    use std::fmt::Write as _;
    let code = match &args.command {
        LeagueCommand::Create {
            name,
            season,
            rules,
        } => {
            let chain = ledger_league::chain_of(name)?;
            if store.head(&chain).await?.is_some() {
                bail!("league {name} exists already");
            }
            let text = std::fs::read_to_string(rules)
                .with_context(|| format!("reading {}", rules.display()))?;
            let rules: Season =
                toml::from_str(&text).with_context(|| format!("reading {}", rules.display()))?;
            let event = LeagueEvent::Created {
                name: name.clone(),
                season: season.clone(),
                rules,
            };
            League::default().apply(&event)?;
            append(&store, &chain, &event).await?;
            let _ = if args.json {
                writeln!(
                    out,
                    "{}",
                    json!({"league": name, "season": season, "chain": chain.as_str()})
                )
            } else {
                writeln!(out, "league {name} ({season}) created on chain {chain}")
            };
            ExitCode::SUCCESS
        }
        LeagueCommand::Attach { league, chain, pin } => {
            let lchain = ledger_league::chain_of(league)?;
            let mut l = ledger_league::read(&store, &lchain).await?;
            let tchain = ChainId::new(chain.clone())?;
            verify_chain(&store, &tchain, |_, _| {})
                .await
                .with_context(|| format!("tournament chain {tchain} does not verify"))?;
            let (seq, head, recorded) = tournament(&store, &tchain).await?;
            let (entrants, results) = tournament_results(&recorded.events)?;
            // The service's signature over the pinned head, where the tournament has one
            // (its closing checkpoint): the league keeps it as a witness.
            let signed = store
                .checkpoints(&tchain)
                .await?
                .into_iter()
                .find(|cp| cp.seq.0 == seq && cp.head.to_hex() == head)
                .map(|cp| {
                    let v = serde_json::to_value(&cp).unwrap_or_default();
                    let text = |k: &str| v[k].as_str().unwrap_or_default().to_string();
                    SignedHead {
                        key_id: text("key_id"),
                        signed_at: text("signed_at"),
                        signature: cp.signature.clone(),
                    }
                });
            let receipt = pin.pin(chain, seq, &head)?;
            let event = LeagueEvent::Attached {
                chain: chain.clone(),
                seq,
                head: head.clone(),
                entrants,
                results,
                signed,
                receipt,
            };
            l.apply(&event)?;
            append(&store, &lchain, &event).await?;
            project(args, league, &l, &register)?;
            let _ = if args.json {
                writeln!(
                    out,
                    "{}",
                    json!({"attached": chain, "entrants": entrants, "seq": seq, "head": head})
                )
            } else {
                writeln!(
                    out,
                    "attached {chain} ({entrants} entrants) at seq {seq}, head {head}"
                )
            };
            ExitCode::SUCCESS
        }
        LeagueCommand::Correct {
            league,
            chain,
            player,
            place,
            reason,
        } => {
            if reason.trim().is_empty() {
                bail!("a correction needs its reason");
            }
            let lchain = ledger_league::chain_of(league)?;
            let mut l = ledger_league::read(&store, &lchain).await?;
            let event = LeagueEvent::Corrected {
                chain: chain.clone(),
                player: player.clone(),
                place: *place,
                reason: reason.clone(),
            };
            l.apply(&event)?;
            append(&store, &lchain, &event).await?;
            project(args, league, &l, &register)?;
            let _ = if args.json {
                writeln!(
                    out,
                    "{}",
                    json!({"corrected": player, "chain": chain, "place": place, "reason": reason})
                )
            } else {
                writeln!(
                    out,
                    "corrected {player} in {chain} to place {place}: {reason}"
                )
            };
            ExitCode::SUCCESS
        }
        LeagueCommand::Standings { league, csv } => {
            let format = match (args.json, csv) {
                (true, _) => Format::Json,
                (_, true) => Format::Csv,
                _ => Format::Table,
            };
            let l = ledger_league::read(&store, &ledger_league::chain_of(league)?).await?;
            let table = project(args, league, &l, &register)?;
            match format {
                Format::Json => {
                    out = serde_json::to_string_pretty(&json!({
                        "league": l.name, "season": l.season,
                        "tournaments": l.tournaments.iter().map(|t| &t.0).collect::<Vec<_>>(),
                        "standings": table.iter().map(|s| json!({
                            "rank": s.rank, "player": s.player, "name": register.name_of(&s.player), "points": format_points(s.points),
                            "counted": s.results.iter().filter(|c| c.counted).count(),
                            "results": s.results.len(),
                        })).collect::<Vec<_>>(),
                    }))? + "\n";
                }
                Format::Csv => {
                    let _ = writeln!(out, "rank,player,points,counted,results");
                    for s in &table {
                        let _ = writeln!(
                            out,
                            "{},{},{},{},{}",
                            s.rank,
                            csv_field(&s.player),
                            format_points(s.points),
                            s.results.iter().filter(|c| c.counted).count(),
                            s.results.len()
                        );
                    }
                }
                Format::Table => {
                    let _ = writeln!(
                        out,
                        "{} — {} ({} tournaments)",
                        l.name,
                        l.season,
                        l.tournaments.len()
                    );
                    for s in &table {
                        let _ = writeln!(
                            out,
                            "{:>4}. {} {} points",
                            s.rank,
                            shown(&s.player, &register),
                            format_points(s.points)
                        );
                    }
                }
            }
            ExitCode::SUCCESS
        }
        LeagueCommand::Explain { league, player } => {
            let l = ledger_league::read(&store, &ledger_league::chain_of(league)?).await?;
            let table = ledger_league::standings_for(&l, &register)?;
            // A member's ID (merges followed), or a name: a member's on record, or one a
            // result was registered under without a member.
            let wanted = register.current_id(player);
            let by_name: Vec<&floorbook_league::Standing> = table
                .iter()
                .filter(|s| register.name_of(&s.player) == Some(player.as_str()))
                .collect();
            let s = match table.iter().find(|s| s.player == wanted) {
                Some(s) => s,
                None => match by_name.as_slice() {
                    [one] => *one,
                    [] => bail!("{player} has no result in league {league}"),
                    many => bail!(
                        "{player} names {} members: {}; ask by member ID",
                        many.len(),
                        many.iter()
                            .map(|s| s.player.as_str())
                            .collect::<Vec<_>>()
                            .join(", ")
                    ),
                },
            };
            // Results recorded under a record since merged into this one, with the merge.
            let merged: Vec<_> = merges
                .iter()
                .filter(|(from, _, _)| register.current_id(from) == s.player && *from != s.player)
                .collect();
            if args.json {
                let mut v = serde_json::to_value(s)?;
                v["name"] = json!(register.name_of(&s.player));
                v["merged"] = json!(merged
                    .iter()
                    .map(|(from, into, reason)| json!({"from": from, "into": into, "reason": reason}))
                    .collect::<Vec<_>>());
                out = serde_json::to_string_pretty(&v)? + "\n";
            } else {
                let _ = writeln!(
                    out,
                    "{}: rank {}, {} points",
                    shown(&s.player, &register),
                    s.rank,
                    format_points(s.points)
                );
                for (from, into, reason) in &merged {
                    let _ = writeln!(
                        out,
                        "  results of {from} count here: merged into {into} ({reason})"
                    );
                }
                for c in &s.results {
                    let _ = writeln!(
                        out,
                        "  {} place {}{} of {}: {} with n={} f={} b={} e={}{} → {}{}",
                        c.event,
                        c.place,
                        if c.tied > 1 {
                            format!(" (tied with {})", c.tied - 1)
                        } else {
                            String::new()
                        },
                        c.finish.n,
                        c.formula,
                        c.finish.n,
                        c.finish.f,
                        c.finish.b,
                        c.finish.e,
                        money_scored(c),
                        format_points(c.points),
                        if c.counted { "" } else { " (not counted)" }
                    );
                }
            }
            ExitCode::SUCCESS
        }
        LeagueCommand::Verify { league, keys } => {
            let lchain = ledger_league::chain_of(league)?;
            verify_chain(&store, &lchain, |_, _| {})
                .await
                .with_context(|| format!("league chain {lchain} does not verify"))?;
            // The imported results as attached, before corrections.
            let attached: Vec<_> = ledger_league::events(&store, &lchain)
                .await?
                .into_iter()
                .filter_map(|(_, e)| match e {
                    LeagueEvent::Attached {
                        chain,
                        seq,
                        head,
                        entrants,
                        results,
                        signed,
                        receipt,
                    } => Some((chain, seq, head, entrants, results, signed, receipt)),
                    _ => None,
                })
                .collect();
            let mut problems = Vec::new();
            let keys_dir = keys
                .clone()
                .unwrap_or_else(|| args.store.default_keys_dir());
            let trusted = if keys_dir.is_dir() {
                crate::commands::keys::load_trusted(&keys_dir)?
            } else {
                floorbook_log::TrustedKeys::default()
            };
            let (mut signatures, mut receipts) = (0, 0);
            for (chain, seq, head, entrants, results, signed, receipt) in &attached {
                // The venue log's receipt pinned with it: still proves the head, signed and
                // cosigned as its policy needs.
                if let Some(pin) = receipt {
                    match ledger_league::check_pin(pin, chain, *seq, head) {
                        Ok(_) => receipts += 1,
                        Err(e) => problems.push(format!("{chain}: the pinned receipt: {e}")),
                    }
                }
                // The signed head the league keeps: the service's signature over the pinned
                // head holds with a trusted key (unchecked without trusted keys).
                if let Some(s) = signed.as_ref().filter(|_| !trusted.is_empty()) {
                    let cp: Result<floorbook_log::Checkpoint, _> = serde_json::from_value(json!({
                        "chain": chain, "seq": seq, "head": head, "signed_at": s.signed_at,
                        "key_id": s.key_id, "signature": s.signature,
                    }));
                    match cp.map(|cp| cp.verify_signature(&trusted)) {
                        Ok(Ok(())) => signatures += 1,
                        Ok(Err(e)) => problems.push(format!("{chain}: the signed head: {e}")),
                        Err(e) => {
                            problems.push(format!("{chain}: the signed head does not read: {e}"))
                        }
                    }
                }
                let tchain = ChainId::new(chain.clone())?;
                if let Err(e) = verify_chain(&store, &tchain, |_, _| {}).await {
                    problems.push(format!(
                        "{chain}: the tournament's chain does not verify: {e}"
                    ));
                    continue;
                }
                let at = store.read(&tchain, Seq(*seq), 1).await?;
                match at.first() {
                    Some(e) if e.hash.to_hex() == *head => {}
                    Some(e) => problems.push(format!(
                        "{chain}: seq {seq} now has hash {}, not the attached head {head}",
                        e.hash.to_hex()
                    )),
                    None => problems.push(format!("{chain}: seq {seq} is gone")),
                }
                let (_, _, recorded) = tournament(&store, &tchain).await?;
                // The results as the chain stood when it was attached.
                let upto: Vec<_> = recorded
                    .seqs
                    .iter()
                    .zip(recorded.events)
                    .filter(|(s, _)| **s <= *seq)
                    .map(|(_, e)| e)
                    .collect();
                match tournament_results(&upto) {
                    Ok((n, derived)) if n == *entrants && &derived == results => {}
                    Ok(_) => problems.push(format!(
                        "{chain}: the imported results are not the tournament's own"
                    )),
                    Err(e) => problems.push(format!("{chain}: {e}")),
                }
            }
            if args.json {
                out = serde_json::to_string_pretty(&json!({
                    "league": league, "tournaments": attached.len(),
                    "signatures_checked": signatures,
                    "receipts_checked": receipts,
                    "ok": problems.is_empty(), "problems": problems,
                }))? + "\n";
            } else if problems.is_empty() {
                let _ = writeln!(
                    out,
                    "league {league}: OK, {} tournaments re-derived from their chains, {receipts} pinned receipts checked",
                    attached.len()
                );
            } else {
                for p in &problems {
                    let _ = writeln!(out, "MISMATCH {p}");
                }
            }
            if problems.is_empty() {
                ExitCode::SUCCESS
            } else {
                ExitCode::from(1)
            }
        }
    };
    super::emit(&out)?;
    Ok(code)
}

fn csv_field(s: &str) -> String {
    if s.contains([',', '"', '\n']) {
        format!("\"{}\"", s.replace('"', "\"\""))
    } else {
        s.to_string()
    }
}

/// Writes the standings into the projections (`league_standings`, `league_results`).
fn write_projection(
    args: &LeagueArgs,
    league: &str,
    table: &[floorbook_league::Standing],
) -> anyhow::Result<()> {
    let mut projector = args.store.projections(&args.db)?;
    let rows: Vec<_> = table
        .iter()
        .map(|s| {
            (
                s.rank,
                s.player.clone(),
                format_points(s.points),
                s.results.iter().filter(|c| c.counted).count(),
                s.results.len(),
            )
        })
        .collect();
    let results: Vec<_> = table
        .iter()
        .flat_map(|s| {
            s.results.iter().map(|c| {
                (
                    c.event.clone(),
                    s.player.clone(),
                    c.place,
                    c.tied,
                    format_points(c.points),
                    c.counted,
                    c.formula.clone(),
                )
            })
        })
        .collect();
    projector.put_league(league, &rows, &results)?;
    Ok(())
}

/// The bounties and prize money a result scored with, where the season scores them.
fn money_scored(c: &floorbook_league::Counted) -> String {
    let mut out = String::new();
    if let Some(b) = c.bounties {
        out += &format!(", bounties {b:.2}");
    }
    if let Some(p) = c.prize {
        out += &format!(", prize {p:.2}");
    }
    out
}
