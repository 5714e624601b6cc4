//! Replaying a PHH hand through the engine, repairing gaps as PokerKit does.

use floorbook_cards::{Card, Rank, Suit};
use floorbook_hand::{
    ChipReading, Chips, GameKind, Hand, HandRules, HandSetup, OddChip, Phase, Pos, Rejection,
    ShowOrMuck, Structure, Turns, UnderMinimum,
};
use thiserror::Error;

use crate::PhhHand;

/// The outcome of a replay.
#[derive(Debug, Clone)]
pub struct Replay {
    /// In the hand's scaled units (see [`PhhHand::scale`]); meaningless where `unknown`.
    pub finishing_stacks: Vec<u64>,
    /// The players whose stack is unknown (`inf` in the file): they played with a stack
    /// deeper than every amount of the hand, and their finishing stack is unknown too.
    pub unknown: Vec<bool>,
    pub hand: Hand,
    pub scale: u64,
}

impl Replay {
    /// The hand written back as PHH from the engine's record (gaps filled in), unknown stacks
    /// as `inf`.
    pub fn export(&self) -> String {
        crate::export::export_with_unknown(&self.hand, self.scale, &self.unknown)
    }

    /// The finishing stacks in the file's own units.
    pub fn finishing_stacks_as_written(&self) -> Vec<crate::parse::serde_json_number::Number> {
        use crate::parse::serde_json_number::Number;
        self.finishing_stacks
            .iter()
            .enumerate()
            .map(|(i, &s)| match self.unknown.get(i) {
                Some(true) => Number::Unknown,
                _ => Number::of(s, self.scale),
            })
            .collect()
    }
}

/// A hand that cannot be replayed: the action, and the rule it breaks.
#[derive(Debug, Clone, PartialEq, Eq, Error)]
pub enum ReplayError {
    #[error("the hand cannot start: {0}")]
    Setup(Rejection),
    #[error("action {index} {action:?} is not understood: {reason}")]
    Syntax {
        index: usize,
        action: String,
        reason: String,
    },
    /// Stud: the history leaves out an up card, which cannot be dealt unknown (the order of
    /// action depends on it; PokerKit fails on it too).
    #[error("the history leaves out {}'s up card on {street:?} street; an up card must be named", phh_names(&pos.to_string()))]
    UpCardMissing {
        pos: Pos,
        street: floorbook_hand::Street,
    },
    /// The rejection is written with PHH's player names (`p1` is the engine's position 0).
    #[error("action {index} {action:?}: {}", phh_names(&rejection.to_string()))]
    Rejected {
        index: usize,
        action: String,
        rejection: Rejection,
    },
}

/// The engine's `position N` (0-based) as PHH names the player: `pN+1`.
fn phh_names(text: &str) -> String {
    let mut out = String::with_capacity(text.len());
    let mut rest = text;
    while let Some(at) = rest.find("position ") {
        let after = &rest[at + "position ".len()..];
        let digits = after.bytes().take_while(u8::is_ascii_digit).count();
        match after[..digits].parse::<usize>() {
            Ok(k) => {
                out.push_str(&rest[..at]);
                out.push_str(&format!("p{}", k + 1));
                rest = &after[digits..];
            }
            Err(_) => {
                out.push_str(&rest[..at + "position ".len()]);
                rest = after;
            }
        }
    }
    out.push_str(rest);
    out
}

#[derive(Debug, PartialEq)]
pub(crate) enum Act {
    DealHole(Pos, [Option<Card>; 4], usize),
    DealBoard([Card; MAX_CARDS], usize),
    Fold(Pos),
    CheckOrCall(Pos),
    RaiseTo(Pos, Chips),
    Show(Pos, Shown),
    /// Stud: the bring-in (`pb`).
    BringIn(Pos),
    Nothing,
}

/// What a `sm` action shows, without allocating until it is applied.
#[derive(Debug, PartialEq)]
pub(crate) enum Shown {
    Muck,
    Dealt,
    Cards([Option<Card>; MAX_CARDS], usize),
}

/// The most cards one action names (a stud player's seven cards shown).
pub(crate) const MAX_CARDS: usize = 7;

/// Cards as PHH writes them (`AcKd`, `????`): up to [`MAX_CARDS`], unknown ones as None.
fn cards(s: &str) -> Result<([Option<Card>; MAX_CARDS], usize), String> {
    let b = s.as_bytes();
    let n = b.len() / 2;
    let bad = || {
        format!(
            "{s:?} is not a list of 1 to {MAX_CARDS} cards (two characters each, ?? for unknown)"
        )
    };
    if !b.len().is_multiple_of(2) || n == 0 || n > MAX_CARDS {
        return Err(bad());
    }
    let mut out = [None; MAX_CARDS];
    for (slot, pair) in out.iter_mut().zip(b.chunks_exact(2)) {
        *slot = match *pair {
            [b'?', b'?'] => None,
            [r, su] => {
                Some(
                    Card::from_ascii(r, su).ok_or_else(|| match std::str::from_utf8(pair) {
                        Ok(c) => format!("unknown card {c:?} in {s:?}"),
                        Err(_) => bad(),
                    })?,
                )
            }
            _ => return Err(bad()),
        };
    }
    Ok((out, n))
}

fn player(s: &str, n: usize) -> Result<Pos, String> {
    // `p` and one or two digits, the common case, without the general integer parser.
    let k = match *s.as_bytes() {
        [b'p', d @ b'1'..=b'9'] => Some(usize::from(d - b'0')),
        [b'p', d @ b'1'..=b'9', e @ b'0'..=b'9'] => {
            Some(usize::from(d - b'0') * 10 + usize::from(e - b'0'))
        }
        _ => None,
    };
    if let Some(k) = k
        && k <= n
    {
        return Ok(Pos(k - 1));
    }
    let k: usize = s
        .strip_prefix('p')
        .and_then(|d| d.parse().ok())
        .ok_or_else(|| format!("{s:?} is not a player (p1, p2, …)"))?;
    if k == 0 || k > n {
        return Err(format!("{s} is not one of the {n} players"));
    }
    Ok(Pos(k - 1))
}

/// A word of an action as a number, for matching without string comparisons: its length and
/// up to its first three bytes (longer words only need to differ from every verb).
const fn tag(w: &[u8]) -> u32 {
    let mut t = (w.len() as u32) << 24;
    let mut i = 0;
    while i < w.len() && i < 3 {
        t |= (w[i] as u32) << (16 - 8 * i);
        i += 1;
    }
    t
}

const D: u32 = tag(b"d");
const DB: u32 = tag(b"db");
const DH: u32 = tag(b"dh");
const F: u32 = tag(b"f");
const CC: u32 = tag(b"cc");
const CBR: u32 = tag(b"cbr");
const SM: u32 = tag(b"sm");
const SD: u32 = tag(b"sd");
const PB: u32 = tag(b"pb");
const DASH: u32 = tag(b"-");

/// The words of an action; an action has at most five.
fn up_to_five<'t>(words: impl Iterator<Item = &'t str>) -> Result<([&'t str; 5], usize), String> {
    let mut buf = [""; 5];
    let mut count = 0;
    for w in words {
        if count == buf.len() {
            return Err("unknown action".into());
        }
        buf[count] = w;
        count += 1;
    }
    Ok((buf, count))
}

pub(crate) fn parse_action(a: &str, n: usize, phh: &PhhHand<'_>) -> Result<Act, String> {
    match plain_action(a.as_bytes(), n, phh) {
        Some(act) => Ok(act),
        None => action_words(a, n, phh),
    }
}

/// A player as written in the common case, `p` and a number from 1 to 99 without a leading
/// zero, followed by the rest of the action; None for anything else.
#[inline(always)]
fn plain_player(b: &[u8], n: usize) -> Option<(Pos, &[u8])> {
    let (k, rest) = match *b {
        [b'p', d @ b'1'..=b'9', e @ b'0'..=b'9', ref rest @ ..] => {
            (usize::from(d - b'0') * 10 + usize::from(e - b'0'), rest)
        }
        [b'p', d @ b'1'..=b'9', ref rest @ ..] => (usize::from(d - b'0'), rest),
        _ => return None,
    };
    (k <= n).then_some((Pos(k - 1), rest))
}

/// One to five cards, each two bytes naming a card or `??`, and nothing else; None otherwise.
#[inline(always)]
fn plain_cards(b: &[u8]) -> Option<([Option<Card>; MAX_CARDS], usize)> {
    let n = b.len() / 2;
    if !b.len().is_multiple_of(2) || n == 0 || n > MAX_CARDS {
        return None;
    }
    let mut out = [None; MAX_CARDS];
    for (slot, pair) in out.iter_mut().zip(b.chunks_exact(2)) {
        *slot = match *pair {
            [b'?', b'?'] => None,
            [r, su] => Some(Card::from_ascii(r, su)?),
            _ => return None,
        };
    }
    Some((out, n))
}

/// An action in the shape PokerKit writes (single spaces, no comment, known words) read
/// straight from its bytes; None for anything else, which [`action_words`] then reads word
/// by word. Where this reads an action, `action_words` reads the same one (a property test
/// holds the two together); errors are always worded by `action_words`.
fn plain_action(a: &[u8], n: usize, phh: &PhhHand<'_>) -> Option<Act> {
    match a {
        [b'd', b' ', b'd', b'h', b' ', rest @ ..] => {
            let (pos, rest) = plain_player(rest, n)?;
            let (cs, len) = plain_cards(rest.strip_prefix(b" ")?)?;
            let mut buf = [None; 4];
            buf.get_mut(..len)?.copy_from_slice(cs.get(..len)?);
            Some(Act::DealHole(pos, buf, len))
        }
        [b'd', b' ', b'd', b'b', b' ', rest @ ..] => {
            let (cs, len) = plain_cards(rest)?;
            let mut board = [Card::new(Rank::Two, Suit::Clubs); MAX_CARDS];
            for (slot, c) in board.iter_mut().zip(cs.get(..len)?) {
                *slot = (*c)?;
            }
            Some(Act::DealBoard(board, len))
        }
        [b'p', ..] => {
            let (pos, rest) = plain_player(a, n)?;
            match rest {
                b" f" => Some(Act::Fold(pos)),
                b" pb" if phh.stud.is_some() => Some(Act::BringIn(pos)),
                b" cc" => Some(Act::CheckOrCall(pos)),
                b" sm" => Some(Act::Show(pos, Shown::Muck)),
                b" sm -" => Some(Act::Show(pos, Shown::Dealt)),
                [b' ', b'c', b'b', b'r', b' ', amount @ ..] => {
                    let amount = std::str::from_utf8(amount).ok()?;
                    Some(Act::RaiseTo(pos, Chips(phh.scaled(amount)?)))
                }
                [b' ', b's', b'm', b' ', cards @ ..] => {
                    let (cs, len) = plain_cards(cards)?;
                    Some(Act::Show(pos, Shown::Cards(cs, len)))
                }
                _ => None,
            }
        }
        _ => None,
    }
}

/// Any action, read word by word (comments, any white space, every error worded).
fn action_words(a: &str, n: usize, phh: &PhhHand<'_>) -> Result<Act, String> {
    let text = match a.as_bytes().iter().position(|&c| c == b'#') {
        Some(i) => &a[..i],
        None => a,
    };
    let (buf, count) = if text.is_ascii() {
        up_to_five(text.split_ascii_whitespace())?
    } else {
        up_to_five(text.split_whitespace())?
    };
    let words = &buf[..count];
    let mut tags = [0u32; 5];
    for (t, w) in tags.iter_mut().zip(words) {
        *t = if w.len() <= 3 { tag(w.as_bytes()) } else { 0 };
    }
    Ok(match (count, tags) {
        (0, _) => Act::Nothing,
        (3, [D, DB, ..]) => {
            let (cs, len) = cards(words[2])?;
            // Filled from the front; what is past `len` is never read.
            let mut board = [Card::new(Rank::Two, Suit::Clubs); MAX_CARDS];
            for (slot, c) in board.iter_mut().zip(&cs[..len]) {
                *slot = c.ok_or_else(|| "board cards must be known".to_string())?;
            }
            Act::DealBoard(board, len)
        }
        (4, [D, DH, ..]) => {
            let c = words[3];
            let (cs, len) = cards(c)?;
            let mut buf = [None; 4];
            if len > buf.len() {
                return Err(format!("{c:?} is more hole cards than a player holds"));
            }
            buf[..len].copy_from_slice(&cs[..len]);
            Act::DealHole(player(words[2], n)?, buf, len)
        }
        (2, [_, F, ..]) => Act::Fold(player(words[0], n)?),
        (2, [_, CC, ..]) => Act::CheckOrCall(player(words[0], n)?),
        (3, [_, CBR, ..]) => {
            let amount = words[2];
            Act::RaiseTo(
                player(words[0], n)?,
                Chips(
                    phh.scaled(amount)
                        .ok_or_else(|| format!("{amount:?} is not an amount"))?,
                ),
            )
        }
        (2, [_, SM, ..]) => Act::Show(player(words[0], n)?, Shown::Muck),
        (3, [_, SM, DASH, ..]) => Act::Show(player(words[0], n)?, Shown::Dealt),
        (3, [_, SM, ..]) => {
            let (cs, len) = cards(words[2])?;
            Act::Show(player(words[0], n)?, Shown::Cards(cs, len))
        }
        (2, [_, PB, ..]) if phh.stud.is_some() => Act::BringIn(player(words[0], n)?),
        (_, [_, SD, ..]) | (2, [_, PB, ..]) => {
            return Err(format!(
                "{} is not part of {}",
                if tags[1] == PB {
                    "the bring-in (pb)"
                } else {
                    "a draw (sd)"
                },
                phh.variant
            ));
        }
        _ => return Err("unknown action".into()),
    })
}

/// One action of the file on the hand, of any game.
fn apply(hand: &mut Hand, act: &Act) -> Result<(), Rejection> {
    if let (Act::Show(p, what), Phase::Settled, false) = (act, hand.phase(), hand.is_stud()) {
        // TR-3.7: after everyone else folded, PokerKit lets the winner show his whole hand (as
        // often as written): the cards named, or `-` for his cards when they are known. A muck or a
        // part of the hand is refused, as PokerKit refuses it.
        let hole = hand.hole_cards(*p);
        let shown: Option<Vec<Card>> = match what {
            Shown::Cards(c, len) if *len == hole.len() => c[..*len].iter().copied().collect(),
            Shown::Dealt => hole.iter().copied().collect(),
            _ => None,
        };
        if let Some(cards) = shown {
            return hand.winner_shows(*p, cards);
        }
        let uncalled_winner = hand.is_active(*p) && hand.active_count() == 1;
        if uncalled_winner {
            let got = match what {
                Shown::Muck => "a muck".to_string(),
                Shown::Dealt => "`-` (his cards are unknown)".to_string(),
                Shown::Cards(_, 1) => "1 card".to_string(),
                Shown::Cards(_, len) => format!("{len} cards"),
            };
            return Err(Rejection::UncalledShowWhole {
                pos: *p,
                due: hole.len(),
                got,
            });
        }
    }
    match act {
        Act::DealHole(p, c, len) => hand.deal_hole(*p, &c[..*len]),
        // Stud's board is one community card, when the stub ran short.
        Act::DealBoard(_, len) if hand.is_stud() && *len != 1 => Err(Rejection::WrongPhase {
            what: "deal more than one community card",
            phase: hand.phase(),
        }),
        Act::DealBoard(c, len) => hand.deal_board(&c[..*len]),
        Act::Fold(p) => hand.fold(*p),
        Act::CheckOrCall(p) => hand.check_or_call(*p),
        Act::RaiseTo(p, to) => hand.bet_or_raise_to(*p, *to),
        Act::Show(p, what) => hand.show_or_muck(
            *p,
            match what {
                Shown::Muck => ShowOrMuck::Muck,
                Shown::Dealt => ShowOrMuck::ShowDealt,
                Shown::Cards(c, len) => ShowOrMuck::Show(c[..*len].to_vec()),
            },
        ),
        Act::BringIn(p) if hand.is_stud() => hand.post_bring_in(*p),
        Act::BringIn(_) => Err(Rejection::WrongPhase {
            what: "post a bring-in",
            phase: hand.phase(),
        }),
        Act::Nothing => Ok(()),
    }
}

/// A stack for a player whose stack is unknown: more than every known stack, forced bet and
/// bet of the hand together, so that it never runs out and never limits anyone (PokerKit plays
/// such a stack as infinite).
pub(crate) fn deeper_than_every_amount(
    phh: &PhhHand<'_>,
    bets: impl Iterator<Item = u64>,
) -> Chips {
    let total = phh
        .stacks
        .iter()
        .chain(&phh.antes)
        .chain(&phh.blinds)
        .copied()
        .chain(bets)
        .fold(1u64, u64::saturating_add);
    Chips(total)
}

/// The actions in order, read before the hand starts (an unknown stack is sized by their
/// bets), and the first one that cannot be read (reported after a set-up error).
pub(crate) type Queue<'t> = Vec<(usize, &'t str, Act)>;

pub(crate) fn read_actions<'t>(phh: &'t PhhHand<'_>, n: usize) -> (Queue<'t>, Option<ReplayError>) {
    let mut queue: Queue<'t> = Vec::with_capacity(phh.actions.len());
    for (i, a) in phh.actions.iter().enumerate() {
        match parse_action(a, n, phh) {
            Ok(act) => queue.push((i + 1, a.as_ref(), act)),
            Err(reason) => {
                let error = ReplayError::Syntax {
                    index: i + 1,
                    action: a.to_string(),
                    reason,
                };
                return (queue, Some(error));
            }
        }
    }
    (queue, None)
}

/// The first action that could not be applied, if any is left: refused for the first reason
/// it was refused (repairs may have changed the reason since).
pub(crate) fn left_over(
    queue: &Queue<'_>,
    next: usize,
    first_rejection: Option<(usize, Rejection)>,
    phase: Phase,
) -> Result<(), ReplayError> {
    let Some(&(index, action, _)) = queue.get(next) else {
        return Ok(());
    };
    let rejection = first_rejection
        .map(|(_, r)| r)
        .unwrap_or(Rejection::WrongPhase {
            what: "take this action",
            phase,
        });
    Err(ReplayError::Rejected {
        index,
        action: action.to_string(),
        rejection,
    })
}

/// Plays the file's actions on `hand`, of any game, repairing what the file leaves out as
/// PokerKit repairs it, one step at a time in its order: a card not dealt is dealt face down
/// (an up card cannot be: the hand fails), a missing action checks where it may and
/// otherwise folds (never for a bring-in), a player at the showdown who neither showed nor
/// mucked keeps his cards face down. Refused: the first action left, for the first reason.
pub(crate) fn play_out(hand: &mut Hand, queue: &Queue<'_>) -> Result<(), ReplayError> {
    // `next` is the first action not yet applied.
    let mut next = 0;
    // The first reason the pending action was refused: repairs may follow and make it
    // refused for another reason, but the first one is what is wrong with the history.
    let mut first_rejection: Option<(usize, Rejection)> = None;
    loop {
        if let Some((index, _, act)) = queue.get(next) {
            match apply(hand, act) {
                Ok(()) => {
                    next += 1;
                    first_rejection = None;
                    continue;
                }
                Err(r) => {
                    if first_rejection.as_ref().is_none_or(|(i, _)| i != index) {
                        first_rejection = Some((*index, r));
                    }
                }
            }
        } else if hand.phase() == Phase::Settled {
            break;
        }
        // Repair one step, in PokerKit's order.
        let pending = next < queue.len();
        let repaired = match hand.phase() {
            Phase::HoleDealing => match hand.dealee() {
                Some(p) => match hand.deal_hole(p, &[None]) {
                    Ok(()) => true,
                    Err(Rejection::UpCardUnknown { .. }) => {
                        return Err(ReplayError::UpCardMissing {
                            pos: p,
                            street: hand.street(),
                        });
                    }
                    Err(_) => false,
                },
                None => false,
            },
            Phase::Betting if pending => match hand.legal() {
                Some(l) if l.bring_in.is_none() && l.call.is_zero() => {
                    hand.check_or_call(l.actor).is_ok()
                }
                Some(l) if l.fold => hand.fold(l.actor).is_ok(),
                _ => false,
            },
            Phase::Showdown => match hand.showdown_next() {
                Some(p) => hand.show_or_muck(p, ShowOrMuck::Show(Vec::new())).is_ok(),
                None => false,
            },
            _ => false,
        };
        if !repaired {
            break;
        }
    }
    left_over(queue, next, first_rejection, hand.phase())
}

/// Replays `phh`; see the crate documentation for the conventions.
pub fn replay(phh: &PhhHand<'_>) -> Result<Replay, ReplayError> {
    replay_with(phh, |_| {})
}

/// Replays `phh` under PHH's rules changed by `adjust` (to play a PHH hand under a seed
/// profile: TR-16's odd chip, NOB-12's cap, …).
pub fn replay_with(
    phh: &PhhHand<'_>,
    adjust: impl FnOnce(&mut HandRules),
) -> Result<Replay, ReplayError> {
    if phh.stud.is_some() {
        return Err(ReplayError::Syntax {
            index: 0,
            action: String::new(),
            reason: format!("{} is stud: it is replayed by replay_stud", phh.variant),
        });
    }
    let n = phh.stacks.len();
    let reorder = |v: &[u64]| -> Vec<Chips> {
        // Heads-up, PokerKit reads the arrays reversed.
        let mut c: Vec<Chips> = v.iter().map(|&x| Chips(x)).collect();
        if n == 2 {
            c.reverse();
        }
        c
    };
    let game = if phh.variant == "PO" {
        GameKind::Omaha
    } else {
        GameKind::Holdem
    };
    let mut rules = HandRules {
        limits: None,
        game,
        structure: if phh.variant == "PO" {
            Structure::PotLimit
        } else {
            Structure::NoLimit
        },
        min_bet: Chips(phh.min_bet),
        raise_cap: None,
        odd_chip: OddChip::WholeRemainderToFirst,
        // PokerKit divides a pot in whole units of the file's currency.
        chip_unit: Chips(phh.scale),
        ante_trimming: phh.ante_trimming,
        // PHH records actions as taken; undeclared chips and short raises do not arise.
        chip_reading: ChipReading::Tr23,
        under_minimum: UnderMinimum::Refuse,
        irregularities: Default::default(),
        last_live_hand: floorbook_hand::LastLiveHand::PokerKit,
        live: false,
    };
    adjust(&mut rules);
    // The actions in order, read before the hand starts (an unknown stack is sized by their
    // bets); a syntax error is reported after a set-up error, as it always was.
    let (queue, syntax) = read_actions(phh, n);
    let mut stacks: Vec<Chips> = phh.stacks.iter().map(|&x| Chips(x)).collect();
    if phh.unknown.contains(&true) {
        let bets = queue.iter().filter_map(|(_, _, act)| match act {
            Act::RaiseTo(_, to) => Some(to.0),
            _ => None,
        });
        let deep = deeper_than_every_amount(phh, bets);
        for (s, _) in stacks.iter_mut().zip(&phh.unknown).filter(|(_, u)| **u) {
            *s = deep;
        }
    }
    let setup = HandSetup {
        absent: Vec::new(),
        stacks,
        antes: reorder(&phh.antes),
        blinds: reorder(&phh.blinds),
        carried: Chips::ZERO,
        dead_blinds: Vec::new(),
        first_to_act: None,
    };
    let mut hand = Hand::new(rules, setup).map_err(ReplayError::Setup)?;
    if let Some(error) = syntax {
        return Err(error);
    }
    play_out(&mut hand, &queue)?;
    Ok(Replay {
        finishing_stacks: hand.stacks().iter().map(|c| c.0).collect(),
        unknown: phh.unknown.clone(),
        hand,
        scale: phh.scale,
    })
}

#[cfg(test)]
mod tests {
    use super::{action_words, plain_action};
    use crate::parse_phh;
    use proptest::prelude::*;

    const WORDS: &[&str] = &[
        "d",
        "dh",
        "db",
        "p1",
        "p2",
        "p3",
        "p9",
        "p10",
        "p12",
        "p0",
        "p01",
        "p+1",
        "p",
        "f",
        "cc",
        "cbr",
        "sm",
        "sd",
        "pb",
        "-",
        "AcKd",
        "????",
        "2h",
        "Ts9s8s",
        "AcKdQhJs",
        "AcKdQhJsTc",
        "AcKdQhJsTc9c",
        "Ac??",
        "1x",
        "10",
        "2.5",
        "0.125",
        "0.1255",
        "1e3",
        "007",
        "1.",
        "#x",
        "é",
    ];
    const GAPS: &[&str] = &[" ", " ", " ", "  ", "\t", "#", "", " # "];

    fn action() -> impl Strategy<Value = String> {
        prop::collection::vec((0..WORDS.len(), 0..GAPS.len()), 0..6).prop_map(|parts| {
            let mut s = String::new();
            for (k, (w, g)) in parts.iter().enumerate() {
                if k > 0 {
                    s.push_str(GAPS[*g]);
                }
                s.push_str(WORDS[*w]);
            }
            s
        })
    }

    proptest! {
        #![proptest_config(ProptestConfig::with_cases(4000))]
        /// Where the byte-level reading of an action gives an action, the word-by-word reading
        /// gives the same one (and otherwise the word-by-word reading decides alone).
        #[test]
        fn plain_reading_agrees_with_the_word_reading(text in action(), decimals in any::<bool>()) {
            let phh_text = if decimals {
                "variant = 'NT'\nantes = [0, 0, 0]\nblinds_or_straddles = [1, 2, 0]\nmin_bet = 2\nstarting_stacks = [100.125, 100, 100]\nactions = []\n"
            } else {
                "variant = 'NT'\nantes = [0, 0, 0]\nblinds_or_straddles = [1, 2, 0]\nmin_bet = 2\nstarting_stacks = [100, 100, 100]\nactions = []\n"
            };
            let phh = parse_phh(phh_text).expect("a valid hand");
            if let Some(act) = plain_action(text.as_bytes(), 10, &phh) {
                prop_assert_eq!(Ok(act), action_words(&text, 10, &phh), "{:?}", text);
            }
        }
    }

    /// Every action of a corpus with its hand and its number of players.
    fn corpus_actions(file: &str, mut check: impl FnMut(&str, &crate::PhhHand<'_>, usize)) {
        for text in crate::corpus_texts(file) {
            let phh = parse_phh(&text).expect("readable");
            for a in &phh.actions {
                check(a, &phh, phh.stacks.len());
            }
        }
    }

    /// The corpora are written as PokerKit writes them: every action takes the byte-level
    /// reading, and it reads what the word reading reads (in the damaged and real files too,
    /// wherever it reads an action at all).
    #[test]
    fn corpus_actions_take_the_plain_reading() {
        let mut plain_count = 0;
        for file in ["dumped.jsonl", "illegal.jsonl", "real.jsonl"] {
            corpus_actions(file, |a, phh, n| {
                if let Some(act) = plain_action(a.as_bytes(), n, phh) {
                    plain_count += 1;
                    assert_eq!(Ok(act), action_words(a, n, phh), "{file}: {a:?}");
                }
            });
        }
        assert!(plain_count > 50_000, "{plain_count} actions read plainly");
        for file in ["corpus.jsonl", "multiway.jsonl", "straddles.jsonl"] {
            corpus_actions(file, |a, phh, n| {
                let plain = plain_action(a.as_bytes(), n, phh);
                assert!(plain.is_some(), "{file}: {a:?}");
                assert_eq!(plain.ok_or(String::new()), action_words(a, n, phh), "{a:?}");
            });
        }
    }
}
