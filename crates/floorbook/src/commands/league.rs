//! `floorbook league …`: a season of tournaments on its own chain — create, attach finished
//! tournaments (pinned to their heads), correct a result with a reason, standings, explain a
//! player's points, and verify the season against the tournaments' own chains.

use std::path::PathBuf;
use std::process::ExitCode;

use anyhow::{Context, bail};
use chrono::Utc;
use clap::{Args, Subcommand};
use floorbook_league::{LeagueCommand as Decide, PinnedReceipt, Season};
use floorbook_ledger::league::{self as ledger_league, Table};
use floorbook_ledger::report::league as report;
use floorbook_log::ChainId;
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
    /// The receipt to pin, as given; the ledger checks it against the head it pins.
    fn receipt(&self) -> anyhow::Result<Option<PinnedReceipt>> {
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
        Ok(Some(PinnedReceipt {
            vkey: vkey.clone(),
            witnesses: self.witnesses.clone(),
            need,
            proof,
        }))
    }
}

/// Ranks the league `name` by the register as it stands and writes the standings into the
/// projections.
async fn standings(args: &LeagueArgs, store: &Backend, name: &str) -> anyhow::Result<Table> {
    let table = ledger_league::table(store, &ledger_league::chain_of(name)?).await?;
    let (rows, results) = report::projected(&table.standings);
    args.store
        .projections(&args.db)?
        .put_league(name, &rows, &results)?;
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
    let pretty = |v: &serde_json::Value| serde_json::to_string_pretty(v).map(|t| t + "\n");
    let (out, code) = match &args.command {
        LeagueCommand::Create {
            name,
            season,
            rules,
        } => {
            let text = std::fs::read_to_string(rules)
                .with_context(|| format!("reading {}", rules.display()))?;
            let rules: Season =
                toml::from_str(&text).with_context(|| format!("reading {}", rules.display()))?;
            let command = Decide::Create {
                name: name.clone(),
                season: season.clone(),
                rules,
            };
            ledger_league::record(&store, name, &command, Utc::now()).await?;
            let chain = ledger_league::chain_of(name)?;
            let out = if args.json {
                pretty(&json!({"league": name, "season": season, "chain": chain.as_str()}))?
            } else {
                format!("league {name} ({season}) created on chain {chain}\n")
            };
            (out, ExitCode::SUCCESS)
        }
        LeagueCommand::Attach { league, chain, pin } => {
            let tchain = ChainId::new(chain.clone())?;
            let command = ledger_league::attachment(&store, &tchain, pin.receipt()?).await?;
            ledger_league::record(&store, league, &command, Utc::now()).await?;
            standings(args, &store, league).await?;
            let Decide::Attach {
                seq,
                head,
                entrants,
                ..
            } = &command
            else {
                bail!("the attachment of {chain} is not an attachment");
            };
            let out = if args.json {
                pretty(&json!({"attached": chain, "entrants": entrants, "seq": seq, "head": head}))?
            } else {
                format!("attached {chain} ({entrants} entrants) at seq {seq}, head {head}\n")
            };
            (out, ExitCode::SUCCESS)
        }
        LeagueCommand::Correct {
            league,
            chain,
            player,
            place,
            reason,
        } => {
            let command = Decide::Correct {
                chain: chain.clone(),
                player: player.clone(),
                place: *place,
                reason: reason.clone(),
            };
            ledger_league::record(&store, league, &command, Utc::now()).await?;
            standings(args, &store, league).await?;
            let out = if args.json {
                pretty(
                    &json!({"corrected": player, "chain": chain, "place": place, "reason": reason}),
                )?
            } else {
                format!("corrected {player} in {chain} to place {place}: {reason}\n")
            };
            (out, ExitCode::SUCCESS)
        }
        LeagueCommand::Standings { league, csv } => {
            let table = standings(args, &store, league).await?;
            let out = match (args.json, csv) {
                (true, _) => pretty(&report::json(&table))?,
                (_, true) => report::csv(&table),
                _ => report::text(&table),
            };
            (out, ExitCode::SUCCESS)
        }
        LeagueCommand::Explain { league, player } => {
            let table = ledger_league::table(&store, &ledger_league::chain_of(league)?).await?;
            let members: Vec<_> = floorbook_ledger::members::events(&store)
                .await?
                .into_iter()
                .map(|(_, e)| e)
                .collect();
            let points = report::points(&table, &members, player)?;
            let out = if args.json {
                pretty(&points.json())?
            } else {
                points.text()
            };
            (out, ExitCode::SUCCESS)
        }
        LeagueCommand::Verify { league, keys } => {
            let keys_dir = keys
                .clone()
                .unwrap_or_else(|| args.store.default_keys_dir());
            let trusted = if keys_dir.is_dir() {
                floorbook_log::keyfolder::load_trusted(&keys_dir)?
            } else {
                floorbook_log::TrustedKeys::default()
            };
            let check = ledger_league::verify(&store, league, &trusted).await?;
            let out = if args.json {
                let mut v = serde_json::to_value(&check)?;
                v["ok"] = json!(check.ok());
                pretty(&v)?
            } else if check.ok() {
                format!(
                    "league {league}: OK, {} tournaments re-derived from their chains, {} pinned receipts checked\n",
                    check.tournaments, check.receipts_checked
                )
            } else {
                check
                    .problems
                    .iter()
                    .map(|p| format!("MISMATCH {p}\n"))
                    .collect()
            };
            let code = if check.ok() {
                ExitCode::SUCCESS
            } else {
                ExitCode::from(1)
            };
            (out, code)
        }
    };
    super::emit(&out)?;
    Ok(code)
}
