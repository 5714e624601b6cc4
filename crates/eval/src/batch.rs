//! Many hands at once, one per line ("HOLE | BOARD"), one JSON line out per line in: what
//! `floorbook eval --batch` runs. A bad line is an error line and the run goes on.

use std::io::{BufRead, Write};

use floorbook_cards::{ParseCardError, parse_cards};

use crate::{EvalError, Evaluation, Game, evaluate};

/// Why a line gives no evaluation.
#[derive(Debug, thiserror::Error)]
pub enum LineError {
    #[error("the line is not UTF-8 text ({0}); got {1:?}")]
    NotText(std::str::Utf8Error, String),
    #[error("expected a line \"HOLE | BOARD\", e.g. \"Ah Kh | Qh Jh Th 2c 3d\"; got {0:?}")]
    NoBar(String),
    #[error("reading the hole cards: {0}")]
    Hole(ParseCardError),
    #[error("reading the board: {0}")]
    Board(ParseCardError),
    #[error(transparent)]
    Eval(#[from] EvalError),
}

/// One hand from its hole cards and board as typed.
pub fn hand(game: Game, hole: &str, board: &str) -> Result<Evaluation, LineError> {
    let hole = parse_cards(hole).map_err(LineError::Hole)?;
    let board = parse_cards(board).map_err(LineError::Board)?;
    Ok(evaluate(game, &hole, &board)?)
}

/// One line's bytes (without its line end).
pub fn line(game: Game, bytes: &[u8]) -> Result<Evaluation, LineError> {
    match std::str::from_utf8(bytes) {
        Err(e) => Err(LineError::NotText(
            e,
            shortened(&String::from_utf8_lossy(bytes)),
        )),
        Ok(line) => match line.split_once('|') {
            Some((hole, board)) => hand(game, hole, board),
            None => Err(LineError::NoBar(shortened(line))),
        },
    }
}

/// Evaluates every line of `input`, writing exactly one JSON line per input line: the
/// evaluation, or `{"error": "…"}`. Lines are read as bytes, so a line that is not UTF-8 is a
/// bad line like any other, not the end of the run.
pub fn batch(game: Game, input: impl BufRead, out: &mut impl Write) -> std::io::Result<()> {
    for read in input.split(b'\n') {
        let bytes = read?;
        let bytes = bytes.strip_suffix(b"\r").unwrap_or(&bytes);
        match line(game, bytes) {
            Ok(evaluation) => serde_json::to_writer(&mut *out, &evaluation)?,
            Err(err) => {
                serde_json::to_writer(&mut *out, &serde_json::json!({ "error": err.to_string() }))?
            }
        }
        out.write_all(b"\n")?;
    }
    Ok(())
}

fn shortened(s: &str) -> String {
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
