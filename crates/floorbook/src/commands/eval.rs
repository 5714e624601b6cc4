//! `floorbook eval`: one hand from the arguments, or many from stdin with `--batch`.

use std::io::{BufWriter, Write};
use std::process::ExitCode;

use anyhow::{Context, bail};
use clap::Args;
use floorbook_cards::parse_cards;
use floorbook_eval::Game;

#[derive(Debug, Args)]
pub struct EvalArgs {
    /// Hole cards, e.g. "Ah Kh" (four with --omaha).
    #[arg(long, required_unless_present_any = ["batch", "stud"], conflicts_with_all = ["batch", "stud"])]
    hole: Option<String>,
    /// Board cards, three to five, e.g. "Qh Jh Th 2c 3d".
    #[arg(long, required_unless_present_any = ["batch", "stud"], conflicts_with_all = ["batch", "stud"])]
    board: Option<String>,
    /// A seven-card stud hand: its five to seven cards, e.g. "As 2s 3d 4c 5h Kd Kh".
    #[arg(long, conflicts_with_all = ["batch", "omaha"])]
    stud: Option<String>,
    /// With --stud: `high` (best five), `hi-lo` (high, and the eight-or-better low), `razz`
    /// (the lowest five, ace to five).
    #[arg(long, value_enum, default_value = "high", requires = "stud")]
    game: StudGame,
    /// Omaha: four hole cards, exactly two of which play with exactly three board cards.
    #[arg(long)]
    omaha: bool,
    /// Read lines "HOLE | BOARD" from stdin and print one JSON line per input line; a bad line
    /// prints {"error": "..."} and the run goes on.
    #[arg(long)]
    batch: bool,
    /// Print JSON for scripts (category, strength, best five, English and German).
    #[arg(long)]
    json: bool,
}

/// How a stud hand is read.
#[derive(Debug, Clone, Copy, PartialEq, Eq, clap::ValueEnum)]
pub enum StudGame {
    High,
    HiLo,
    Razz,
}

/// `floorbook eval --stud CARDS [--game high|hi-lo|razz]`.
fn stud(args: &EvalArgs, text: &str) -> anyhow::Result<ExitCode> {
    let cards = parse_cards(text).context("reading the stud hand")?;
    let high = || floorbook_eval::evaluate_stud(&cards);
    let mut out = String::new();
    use std::fmt::Write as _;
    match args.game {
        StudGame::High => {
            let e = high()?;
            let _ = if args.json {
                writeln!(out, "{}", serde_json::to_string(&e)?)
            } else {
                writeln!(out, "{e}")
            };
        }
        StudGame::HiLo => {
            let e = high()?;
            let low = floorbook_eval::eight_or_better_low(&cards)?;
            let _ = if args.json {
                writeln!(out, "{}", serde_json::json!({"high": e, "low": low}))
            } else {
                writeln!(
                    out,
                    "high: {}\nlow:  {}",
                    e,
                    low.as_ref().map_or(
                        "none (no five ranks of eight or less): the high hand takes the pot".into(),
                        ToString::to_string
                    )
                )
            };
        }
        StudGame::Razz => {
            let low = floorbook_eval::razz_low(&cards)?;
            let _ = if args.json {
                writeln!(out, "{}", serde_json::to_string(&low)?)
            } else {
                writeln!(out, "{low}")
            };
        }
    }
    super::emit(&out)?;
    Ok(ExitCode::SUCCESS)
}

pub fn run(args: &EvalArgs) -> anyhow::Result<ExitCode> {
    if let Some(text) = &args.stud {
        return stud(args, text);
    }
    let game = if args.omaha {
        Game::Omaha
    } else {
        Game::Holdem
    };
    let stdout = std::io::stdout();
    let mut out = BufWriter::new(stdout.lock());
    if args.batch {
        let stdin = std::io::stdin();
        floorbook_eval::batch::batch(game, stdin.lock(), &mut out).context("reading stdin")?;
    } else {
        let (Some(hole), Some(board)) = (&args.hole, &args.board) else {
            bail!("--hole and --board are both needed (or --batch)");
        };
        let evaluation = floorbook_eval::batch::hand(game, hole, board)?;
        if args.json {
            serde_json::to_writer(&mut out, &evaluation).context("writing the result")?;
            writeln!(out).context("writing the result")?;
        } else {
            writeln!(out, "{evaluation}").context("writing the result")?;
        }
    }
    out.flush().context("writing the result")?;
    Ok(ExitCode::SUCCESS)
}
