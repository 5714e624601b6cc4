//! Who wins each pot, written once for every game: the pots are paid by the game's ways of
//! winning (high; high and low, the low half only when a hand qualifies; low), each way's best
//! shown hands sharing its part in the chips in play (TR-15, TR-16), what cannot be divided or
//! won carried to the next hand (NOB-3). A game says what its hands are worth and how a
//! winning hand is named.

use std::cmp::Ordering;

use floorbook_cards::Card;
use floorbook_eval::{Low, Strength};

use crate::play::Play;
use crate::rules::OddChip;
use crate::turns::sealed::Game;
use crate::{Chips, Pos};

/// A hand judged at the showdown, by one of the game's ways of winning.
#[derive(Debug, Clone)]
pub enum Judged {
    High(Strength),
    Low(Low),
}

impl Judged {
    /// Greater is better.
    pub(crate) fn cmp_better(&self, other: &Judged) -> Ordering {
        match (self, other) {
            (Judged::High(a), Judged::High(b)) => a.cmp(b),
            (Judged::Low(a), Judged::Low(b)) => b.cmp_low(a),
            _ => Ordering::Equal,
        }
    }

    pub(crate) fn describe(&self, cards: &[Card]) -> String {
        match self {
            Judged::High(_) => floorbook_eval::evaluate_stud(cards)
                .map(|e| e.en)
                .unwrap_or_default(),
            Judged::Low(l) => l.en.clone(),
        }
    }
}

/// The ways a pot is won in a game: high, low, or both.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Way {
    High,
    EightOrBetter,
    Razz,
}

/// The live hands that can no longer win any part of any pot, in seat order: each judged
/// each way by `own` (its cards as known) against what the others eligible for the pot show
/// (`ways`). Killed before the pots are paid (PokerKit's reading of a showdown).
pub(crate) fn beaten(
    play: &Play,
    ways: &[(Way, Vec<Option<Judged>>)],
    own: impl Fn(Way, usize) -> Option<Judged>,
) -> Vec<usize> {
    let pots = play.pots();
    (0..play.n)
        .filter(|&i| play.active[i])
        .filter(|&i| {
            let can_win = ways.iter().any(|(way, shown)| {
                let Some(own) = own(*way, i) else {
                    return false;
                };
                pots.iter()
                    .filter(|p| p.eligible.contains(&Pos(i)))
                    .any(|p| {
                        p.eligible
                            .iter()
                            .filter_map(|q| shown.get(q.0).and_then(Option::as_ref))
                            .all(|other| other.cmp_better(&own) != Ordering::Greater)
                    })
            });
            !can_win
        })
        .collect()
}

/// A game's showdown, as data: how its pots are won and paid.
#[derive(Debug)]
pub struct Terms {
    /// The ways a pot is won (high; high and low; low).
    pub ways: &'static [Way],
    pub unit: Chips,
    pub odd: OddChip,
    /// A live table (not a PHH replay).
    pub live: bool,
    /// Whether a pot none of whose players shows a hand is split among them (PokerKit's
    /// reading) rather than carried to the next hand.
    pub unshown_split: bool,
    /// Whether the last live hand, once the others are killed, is named by the hand it shows.
    pub names_sole_winner: bool,
    /// Whether a hand that can no longer win is found by every card of it known (stud, as
    /// PokerKit reads it), rather than by the cards it shows.
    pub kills_by_known_cards: bool,
    /// Whether the rest of the cards are dealt after an all-in showdown even when one live
    /// hand is left (PokerKit's stud).
    pub deals_out_alone: bool,
    /// The name of a way's winning hand from the cards it shows.
    pub describe: fn(Way, &Judged, &[Card]) -> String,
}

/// Each of the game's ways, with every live player's shown hand judged that way.
type Ways = Vec<(Way, Vec<Option<Judged>>)>;

fn judge_shown<G: Game>(g: &G, terms: &Terms) -> Ways {
    terms
        .ways
        .iter()
        .map(|&way| {
            let hands = (0..g.n)
                .map(|i| g.active[i].then(|| g.judge(way, i, false)).flatten())
                .collect();
            (way, hands)
        })
        .collect()
}

/// Every hand is shown or mucked: the hands that can no longer win are killed, then the pots
/// are paid to the best shown hands.
pub(crate) fn judge_and_pay<G: Game>(g: &mut G) {
    let terms = g.terms();
    if g.last_live_hand_wins() && g.active_count() <= 1 {
        return pay_out(g, None);
    }
    let mut ways = judge_shown(g, &terms);
    let seen: &G = g;
    let beaten = if terms.kills_by_known_cards {
        beaten(seen, &ways, |way, i| seen.judge(way, i, true))
    } else {
        let shown = |way: Way, i: usize| {
            ways.iter()
                .find(|(w, _)| *w == way)
                .and_then(|(_, hands)| hands[i].clone())
        };
        beaten(seen, &ways, shown)
    };
    g.kill(&beaten);
    for (_, hands) in &mut ways {
        for &i in &beaten {
            hands[i] = None;
        }
    }
    pay_out(g, Some(ways));
}

/// Pays every pot and ends the hand: to the last live hand whole, else to the best shown
/// hands each way (`judged`: the hands as judged already, else judged here).
pub(crate) fn pay_out<G: Game>(g: &mut G, judged: Option<Ways>) {
    let terms = g.terms();
    let sole = (g.active_count() == 1)
        .then(|| g.active.iter().position(|&a| a))
        .flatten();
    let ways = match (judged, sole) {
        (Some(ways), _) => ways,
        (None, Some(_)) => Vec::new(),
        (None, None) => judge_shown(g, &terms),
    };
    let sole = sole.map(|w| {
        let name = ways
            .first()
            .filter(|_| terms.names_sole_winner)
            .and_then(|(way, hands)| {
                let hand = hands[w].as_ref()?;
                Some((terms.describe)(*way, hand, &[]))
            });
        (w, name)
    });
    let shown_cards = match sole {
        Some(_) => Vec::new(),
        None => g.shown_cards(),
    };
    let payout = Payout {
        ways: &ways,
        unit: terms.unit,
        odd: terms.odd,
        live: terms.live,
        unshown_split: terms.unshown_split,
        shown_cards: &shown_cards,
        describe: terms.describe,
    };
    pay(g, payout, sole);
}

/// How a hand's pots are paid.
pub(crate) struct Payout<'a> {
    /// Each way the pots are won, with every player's shown hand judged that way (None: no
    /// hand).
    pub ways: &'a [(Way, Vec<Option<Judged>>)],
    pub unit: Chips,
    pub odd: OddChip,
    /// A live table: the low half when a hand eligible for the pot qualifies (PokerKit: when
    /// any hand at the table does).
    pub live: bool,
    /// Whether a pot none of whose players shows a hand is split among them (PokerKit's
    /// reading) rather than carried to the next hand.
    pub unshown_split: bool,
    /// The cards each player shows, which name his hand (none where the name needs none).
    pub shown_cards: &'a [Vec<Card>],
    /// The name of a way's winning hand from the cards it shows.
    pub describe: fn(Way, &Judged, &[Card]) -> String,
}

/// Pays every pot: to the last live hand `sole` whole (with the name of its hand when one was
/// judged), else by `payout`'s ways; the hand is then over.
pub(crate) fn pay(play: &mut Play, payout: Payout, sole: Option<(usize, Option<String>)>) {
    let pots = play.pots();
    let mut winnings = vec![Chips::ZERO; play.n];
    let unit = payout.unit.0.max(1);
    let shown_way = |way: Way| -> &[Option<Judged>] {
        payout
            .ways
            .iter()
            .find(|(w, _)| *w == way)
            .map_or(&[], |(_, v)| v.as_slice())
    };
    for (k, pot) in pots.iter().enumerate() {
        if let Some((w, hand)) = &sole {
            play.award_sole(k, pot, *w, hand.clone(), &mut winnings);
            continue;
        }
        // The ways this pot is won: the low half only when a hand qualifies.
        let lows = shown_way(Way::EightOrBetter);
        let qualifies = |q: &Pos| lows.get(q.0).is_some_and(Option::is_some);
        let ways: Vec<Way> = payout
            .ways
            .iter()
            .map(|(way, _)| *way)
            .filter(|&way| {
                way != Way::EightOrBetter
                    || if payout.live {
                        pot.eligible.iter().any(qualifies)
                    } else {
                        (0..play.n).map(Pos).any(|q| qualifies(&q))
                    }
            })
            .collect();
        let parts = ways.len().max(1) as u64;
        // The odd chip of the split goes to the high hand.
        let half = pot.amount.0 / (parts * unit) * unit;
        for (w, &way) in ways.iter().enumerate() {
            let amount = if w == 0 {
                pot.amount.0 - half * (parts - 1)
            } else {
                half
            };
            let shown = shown_way(way);
            let judged: Vec<(usize, &Judged)> = pot
                .eligible
                .iter()
                .filter_map(|q| shown.get(q.0).and_then(Option::as_ref).map(|j| (q.0, j)))
                .collect();
            let best = judged
                .iter()
                .map(|(_, j)| *j)
                .max_by(|a, b| a.cmp_better(b));
            let winners: Vec<usize> = match best {
                Some(b) => judged
                    .iter()
                    .filter(|(_, j)| j.cmp_better(b) == Ordering::Equal)
                    .map(|(i, _)| *i)
                    .collect(),
                None if payout.unshown_split => pot.eligible.iter().map(|q| q.0).collect(),
                None => Vec::new(),
            };
            let winning_hand = winners.first().zip(best).map(|(&w, b)| {
                let cards = payout.shown_cards.get(w).map_or(&[][..], Vec::as_slice);
                (payout.describe)(way, b, cards)
            });
            play.award_split(
                k,
                Chips(amount),
                &pot.eligible,
                &winners,
                (payout.unit, payout.odd),
                winning_hand,
                &mut winnings,
            );
        }
    }
    play.settle(&winnings);
}
