//! `floorbook eval`: one hand from the arguments, or many from stdin with `--batch`.

use std::io::{BufRead, BufWriter, Write};
use std::process::ExitCode;

use anyhow::{Context, bail};
use clap::Args;
use floorbook_cards::parse_cards;
use floorbook_eval::{Evaluation, Game, evaluate};

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
    let high = || -> anyhow::Result<Evaluation> {
        if !(5..=7).contains(&cards.len()) {
            bail!("a stud hand has 5 to 7 cards; got {}", cards.len());
        }
        Ok(floorbook_eval::evaluate_stud(&cards)?)
    };
    let mut out = String::new();
    use std::fmt::Write as _;
    let line = |e: &Evaluation| {
        let best: Vec<String> = e.best.iter().map(ToString::to_string).collect();
        format!("{} — {} ({})", e.en, best.join(" "), e.de)
    };
    let low_line = |l: &floorbook_eval::Low| {
        let five: Vec<String> = l.cards.iter().map(ToString::to_string).collect();
        format!("{} — {} ({})", l.en, five.join(" "), l.de)
    };
    match args.game {
        StudGame::High => {
            let e = high()?;
            let _ = if args.json {
                writeln!(out, "{}", serde_json::to_string(&e)?)
            } else {
                writeln!(out, "{}", line(&e))
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
                    line(&e),
                    low.as_ref().map_or(
                        "none (no five ranks of eight or less): the high hand takes the pot".into(),
                        low_line
                    )
                )
            };
        }
        StudGame::Razz => {
            let low = floorbook_eval::razz_low(&cards)?;
            let _ = if args.json {
                writeln!(out, "{}", serde_json::to_string(&low)?)
            } else {
                writeln!(out, "{}", low_line(&low))
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
        batch(game, stdin.lock(), &mut out)?;
    } else {
        let (Some(hole), Some(board)) = (&args.hole, &args.board) else {
            bail!("--hole and --board are both needed (or --batch)");
        };
        let evaluation = one(game, hole, board)?;
        if args.json {
            serde_json::to_writer(&mut out, &evaluation).context("writing the result")?;
            writeln!(out).context("writing the result")?;
        } else {
            let best: Vec<String> = evaluation.best.iter().map(ToString::to_string).collect();
            writeln!(
                out,
                "{} — {} ({})",
                evaluation.en,
                best.join(" "),
                evaluation.de
            )
            .context("writing the result")?;
        }
    }
    out.flush().context("writing the result")?;
    Ok(ExitCode::SUCCESS)
}

fn one(game: Game, hole: &str, board: &str) -> anyhow::Result<Evaluation> {
    let hole = parse_cards(hole).context("reading the hole cards")?;
    let board = parse_cards(board).context("reading the board")?;
    Ok(evaluate(game, &hole, &board)?)
}

/// Evaluates every line of `input`, writing exactly one JSON line per input line.
fn batch(game: Game, input: impl BufRead, out: &mut impl Write) -> anyhow::Result<()> {
    // Lines as bytes: a line that is not UTF-8 is a bad line like any other, not the end of
    // the run.
    for line in input.split(b'\n') {
        let bytes = line.context("reading stdin")?;
        let bytes = bytes.strip_suffix(b"\r").unwrap_or(&bytes);
        let line = String::from_utf8_lossy(bytes);
        let result = match std::str::from_utf8(bytes) {
            Err(e) => Err(anyhow::anyhow!(
                "the line is not UTF-8 text ({e}); got {:?}",
                truncate(&line)
            )),
            Ok(line) => match line.split_once('|') {
                Some((hole, board)) => one(game, hole, board),
                None => Err(anyhow::anyhow!(
                    "expected a line \"HOLE | BOARD\", e.g. \"Ah Kh | Qh Jh Th 2c 3d\"; got {:?}",
                    truncate(line)
                )),
            },
        };
        match result {
            Ok(evaluation) => serde_json::to_writer(&mut *out, &evaluation)?,
            Err(err) => serde_json::to_writer(
                &mut *out,
                &serde_json::json!({ "error": format!("{err:#}") }),
            )?,
        }
        out.write_all(b"\n").context("writing the results")?;
    }
    Ok(())
}

fn truncate(s: &str) -> String {
    s.chars().take(80).collect()
}

#[cfg(test)]
mod tests {
    use super::*;

    fn run_batch(game: Game, input: impl AsRef<[u8]>) -> Vec<serde_json::Value> {
        let mut out = Vec::new();
        batch(game, input.as_ref(), &mut out).expect("batch runs");
        String::from_utf8(out)
            .expect("utf-8")
            .lines()
            .map(|l| serde_json::from_str(l).expect("json line"))
            .collect()
    }

    #[test]
    fn batch_prints_one_line_per_input_line_and_goes_on_after_errors() {
        // Bad lines of every kind, one of them not UTF-8 (it once ended the run), and a CRLF.
        let lines = run_batch(
            Game::Holdem,
            b"Ah Kh | Qh Jh Th 2c 3d\r\n\nAh Ah | 2c 3c 4c\nXx Kd | 2c 3c 4c\n\xff\xfe | zz\n\
              7c 7d | 7h 7s 2c\n",
        );
        assert_eq!(lines.len(), 6);
        assert_eq!(lines[0]["category"], "straight_flush");
        let error = |i: usize| lines[i]["error"].as_str().expect("error").to_string();
        assert!(error(1).contains("HOLE | BOARD"));
        assert_eq!(error(2), "reading the hole cards: card Ah appears twice");
        assert!(error(3).contains("\"Xx\""));
        assert!(
            error(4).starts_with("the line is not UTF-8 text"),
            "{}",
            error(4)
        );
        assert_eq!(lines[5]["category"], "four_of_a_kind");
    }

    #[test]
    fn batch_omaha_checks_counts() {
        let lines = run_batch(
            Game::Omaha,
            "Ah Kh | Qh Jh Th\nAh Kc Qd 2s | 3h 7h 9h Jh 4c\n",
        );
        assert_eq!(
            lines[0]["error"],
            "Omaha takes exactly 4 hole cards (GCB-12); got 2"
        );
        assert_eq!(lines[1]["category"], "high_card");
    }
}
