//! [`Play`]: what a hand holds in every game, and what is done to it alike in every game.
//!
//! A [`crate::Hand`] of every game holds one [`Play`]: the players'
//! chips (behind, in front, put in, dead), their cards and which are face up, who is still in,
//! whose turn it is, the raises of the round, the showdown's order and the events. The queries
//! on it (stacks, pots, whose turn, net result) and the steps every game takes the same way
//! (seating the players, posting antes, giving back an uncalled part, forfeiting chips behind,
//! correcting recorded cards, paying out) are written here once; a game adds only what is its
//! own (blinds and a board, or a bring-in and up cards).

// A position indexes several parallel per-player vectors (stacks, bets, put in, active);
// a loop over positions says that more plainly than zipped iterators.
#![allow(clippy::needless_range_loop)]

use floorbook_cards::{Card, CardSet};
use floorbook_rules::{Rule, RuleSet};
use serde::{Deserialize, Serialize};
use smallvec::{SmallVec, smallvec};

use crate::hand::{describe_hole, replace_known};
use crate::irregular::OutOfTurn;
use crate::pots::build_pots;
use crate::rules::OddChip;
use crate::{Chips, HandEvent, MAX_CHIPS, Phase, Pos, Pot, Rejection, Street};

/// One value per seat, held inline: a hand has at most [`MAX_PLAYERS`] players, so the state of a
/// hand lives in one block and a hand is dealt and played without allocating per seat.
pub(crate) type Seats<T> = SmallVec<[T; MAX_PLAYERS]>;

/// The players whose state is held inline (a full ten-handed table); a larger hand spills to
/// the heap.
pub(crate) const MAX_PLAYERS: usize = 10;

/// One player's cards (Omaha has four hole cards; a stud player's seven spill to the heap).
pub(crate) type HoleCards<T> = SmallVec<[T; 4]>;

/// `n` seats holding `x`: one copy of a full inline block when they fit, no loop per seat.
pub(crate) fn seats<T: Copy>(x: T, n: usize) -> Seats<T> {
    if n <= MAX_PLAYERS {
        SmallVec::from_buf_and_len([x; MAX_PLAYERS], n)
    } else {
        smallvec![x; n]
    }
}

/// `n` seats each holding an empty list.
pub(crate) fn empty_seats<T: smallvec::Array>(n: usize) -> Seats<SmallVec<T>> {
    if n <= MAX_PLAYERS {
        SmallVec::from_buf_and_len(std::array::from_fn(|_| SmallVec::new()), n)
    } else {
        (0..n).map(|_| SmallVec::new()).collect()
    }
}

/// The second-largest of `amounts`, a tie for the largest counted twice: what the largest is
/// cut down to, since no one else can match more (NOB-15). Zero for fewer than two.
pub(crate) fn second_largest(amounts: &[Chips]) -> Chips {
    let (mut first, mut second) = (Chips::ZERO, Chips::ZERO);
    for &a in amounts {
        if a > first {
            second = first;
            first = a;
        } else if a > second {
            second = a;
        }
    }
    second
}

pub(crate) fn rule(ids: &[Rule]) -> RuleSet {
    RuleSet::of(ids)
}

/// What a hand holds in every game. See the module documentation.
///
/// Serialized inside its hand's own fields (flattened), so a stored hand reads back as before;
/// a stud hand stored when it kept its cards as `cards`, `up` and `due` reads too.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct Play {
    pub(crate) n: usize,
    pub(crate) starting: Seats<Chips>,
    pub(crate) stacks: Seats<Chips>,
    pub(crate) bets: Seats<Chips>,
    /// Everything put in and not returned, including the current bets.
    pub(crate) put_in: Seats<Chips>,
    /// Antes (and dead blinds) that are dead money of the main pot.
    pub(crate) dead: Seats<Chips>,
    pub(crate) active: Seats<bool>,
    /// Each player's cards in the order dealt (None where the face is not known).
    #[serde(alias = "cards")]
    pub(crate) hole: Seats<HoleCards<Option<Card>>>,
    /// Which of them are face up (a stud player's up cards; a flop game's shown).
    #[serde(alias = "up")]
    pub(crate) face_up: Seats<HoleCards<bool>>,
    /// Cards still due to each player now (this street's, in stud).
    #[serde(alias = "due")]
    pub(crate) hole_due: Seats<usize>,
    pub(crate) street: Street,
    pub(crate) phase: Phase,
    /// Who acts, in order, this round.
    pub(crate) actors: Seats<usize>,
    pub(crate) acted: Seats<bool>,
    /// The size of the last full bet or raise this round: the least a raise adds (TR-8).
    pub(crate) raise_amount: Chips,
    pub(crate) raise_count: u32,
    /// All-ins for less than a full raise this round (TR-8, NOB-14).
    pub(crate) short_all_ins: Seats<Chips>,
    pub(crate) opener: Option<usize>,
    /// No more betting is possible with a player all in (TR-3.6).
    pub(crate) all_in: bool,
    /// Who shows or mucks, in order.
    pub(crate) showdown: Seats<usize>,
    /// Chips in the pot from the previous hand (NOB-3).
    pub(crate) carried: Chips,
    /// Chips left for the next hand (NOB-3).
    pub(crate) carry_out: Chips,
    /// Every known card dealt, burned or seen.
    pub(crate) used: CardSet,
    pub(crate) events: Vec<HandEvent>,
    /// Out-of-turn actions held for their player's turn, with the bet they faced (TR-21).
    #[serde(default)]
    pub(crate) pending_oot: Seats<Option<(OutOfTurn, Chips)>>,
    /// The next street is dealt without a new burn (TDA-RP-5).
    #[serde(default)]
    pub(crate) skip_burn: bool,
}

impl Play {
    /// The players seated with `stacks` (none empty) and `carried` chips in the pot; their
    /// chips in all must count in 64 bits (so no sum of pots, bets and stacks overflows).
    pub(crate) fn seat(
        stacks: &[Chips],
        carried: Chips,
        street: Street,
        events: usize,
    ) -> Result<Play, Rejection> {
        let n = stacks.len();
        if let Some(i) = stacks.iter().position(|s| s.is_zero()) {
            return Err(Rejection::EmptyStack { pos: Pos(i) });
        }
        if stacks
            .iter()
            .try_fold(carried.0, |sum, s| sum.checked_add(s.0))
            .is_none()
        {
            return Err(Rejection::ChipsOutOfRange {
                got: stacks.iter().map(|s| u128::from(s.0)).sum::<u128>() + u128::from(carried.0),
                max: MAX_CHIPS,
            });
        }
        Ok(Play {
            n,
            starting: SmallVec::from_slice(stacks),
            stacks: SmallVec::from_slice(stacks),
            bets: seats(Chips::ZERO, n),
            put_in: seats(Chips::ZERO, n),
            dead: seats(Chips::ZERO, n),
            active: seats(true, n),
            hole: empty_seats(n),
            face_up: empty_seats(n),
            hole_due: seats(0, n),
            street,
            phase: Phase::HoleDealing,
            actors: SmallVec::new(),
            acted: seats(false, n),
            raise_amount: Chips::ZERO,
            raise_count: 0,
            short_all_ins: SmallVec::new(),
            opener: None,
            all_in: false,
            showdown: SmallVec::new(),
            carried,
            carry_out: Chips::ZERO,
            used: CardSet::EMPTY,
            events: Vec::with_capacity(events),
            pending_oot: seats(None, n),
            skip_burn: false,
        })
    }

    /// Posts the antes (dead money; an ante larger than the stack puts the player all in,
    /// TR-10). With `trimming` (PHH's `ante_trimming_status`) the antes above the second-largest
    /// one are given back (NOB-15) and are not dead money. Returns what each got back.
    pub(crate) fn post_antes(&mut self, antes: &[Chips], trimming: bool) -> Seats<Chips> {
        let n = self.n;
        let mut posted: Seats<Chips> = seats(Chips::ZERO, n);
        for i in 0..n {
            let a = antes[i].min(self.stacks[i]);
            posted[i] = a;
            if !a.is_zero() {
                self.stacks[i] -= a;
                self.put_in[i] += a;
                let all_in = self.stacks[i].is_zero();
                self.events.push(HandEvent::AntePosted {
                    pos: Pos(i),
                    amount: a,
                    all_in,
                    rules: if all_in {
                        rule(&[Rule::Tr10])
                    } else {
                        RuleSet::EMPTY
                    },
                });
            }
        }
        let mut returned: Seats<Chips> = seats(Chips::ZERO, n);
        if trimming {
            let cutoff = second_largest(&posted);
            for i in 0..n {
                if posted[i] > cutoff {
                    let back = posted[i] - cutoff;
                    returned[i] = back;
                    self.give_back(i, back);
                }
            }
        } else {
            self.dead = posted;
        }
        returned
    }

    /// `back` of what player `i` put in goes back behind him: more than anyone can match
    /// (NOB-15).
    pub(crate) fn give_back(&mut self, i: usize, back: Chips) {
        self.stacks[i] += back;
        self.put_in[i] -= back;
        self.events.push(HandEvent::BetReturned {
            pos: Pos(i),
            amount: back,
            rules: rule(&[Rule::Nob15]),
        });
    }

    /// Whether it is `pos`'s turn to act: the player to act, in a betting round. Returns his
    /// position.
    pub(crate) fn turn(&self, pos: Pos) -> Result<usize, Rejection> {
        if self.phase != Phase::Betting {
            return Err(Rejection::WrongPhase {
                what: "act",
                phase: self.phase,
            });
        }
        if pos.0 >= self.n || !self.active[pos.0] {
            return Err(Rejection::NotInHand { pos });
        }
        match self.actors.first() {
            Some(&a) if a == pos.0 => Ok(a),
            Some(&a) => Err(Rejection::NotYourTurn { pos, actor: Pos(a) }),
            None => Err(Rejection::WrongPhase {
                what: "act",
                phase: self.phase,
            }),
        }
    }

    /// A betting round opens: `opener` first, `actors` to act in order, a full raise measured
    /// against `raise_amount` until someone bets (TR-8); nobody has acted, raised or acted
    /// out of turn yet.
    pub(crate) fn open_round(&mut self, opener: usize, actors: Seats<usize>, raise_amount: Chips) {
        self.phase = Phase::Betting;
        self.opener = Some(opener);
        self.actors = actors;
        self.acted = seats(false, self.n);
        self.raise_amount = raise_amount;
        self.raise_count = 0;
        self.short_all_ins.clear();
        self.pending_oot = seats(None, self.n);
    }

    /// The player to act leaves the order of action, having acted.
    pub(crate) fn pop_actor(&mut self) -> usize {
        let i = if self.actors.is_empty() {
            0
        } else {
            self.actors.remove(0)
        };
        self.acted[i] = true;
        i
    }

    /// The uncalled winner showed `cards` by his choice (TR-3.7).
    pub(crate) fn winner_showed(&mut self, pos: Pos, cards: &[Card]) {
        self.events.push(HandEvent::Shown {
            pos,
            cards: cards.iter().map(|&c| Some(c)).collect(),
        });
        self.events.push(HandEvent::WinnerShowedByChoice {
            pos,
            shown: cards.len(),
            rules: rule(&[Rule::Tr37]),
        });
    }

    /// The hands of `players` are killed: they can no longer win anything.
    pub(crate) fn kill(&mut self, players: &[usize]) {
        for &i in players {
            self.active[i] = false;
            self.events.push(HandEvent::HandKilled { pos: Pos(i) });
        }
    }

    /// Pot `k` goes whole to `w`, the last live hand (or the only hand left after the kill,
    /// named by `winning_hand`).
    pub(crate) fn award_sole(
        &mut self,
        k: usize,
        pot: &Pot,
        w: usize,
        winning_hand: Option<String>,
        winnings: &mut [Chips],
    ) {
        winnings[w] += pot.amount;
        self.events.push(HandEvent::PotAwarded {
            pot: k,
            amount: pot.amount,
            eligible: pot.eligible.clone(),
            shares: vec![(Pos(w), pot.amount)],
            winning_hand,
            rules: RuleSet::EMPTY,
            read_by_dealer: false,
        });
    }

    /// `amount` of pot `k` (the whole, or one half of a split pot) is divided among `winners`
    /// in the chips in play (TR-15), the odd chip by `odd` (TR-16); what cannot be divided, or
    /// what nobody may win (everyone eligible mucked), goes to the next hand (NOB-3).
    /// `winning_hand` names the hand that won.
    #[allow(clippy::too_many_arguments)]
    pub(crate) fn award_split(
        &mut self,
        k: usize,
        amount: Chips,
        eligible: &[Pos],
        winners: &[usize],
        (unit, odd): (Chips, OddChip),
        winning_hand: Option<String>,
        winnings: &mut [Chips],
    ) {
        if winners.is_empty() {
            self.carry(amount);
            return;
        }
        let crate::pots::Division {
            shares,
            carried,
            rules,
        } = crate::pots::divide(amount, winners, unit, odd);
        if !carried.is_zero() {
            self.carry(carried);
        }
        for (p, c) in &shares {
            winnings[p.0] += *c;
        }
        self.events.push(HandEvent::PotAwarded {
            pot: k,
            amount,
            eligible: eligible.to_vec(),
            shares,
            winning_hand,
            rules,
            read_by_dealer: false,
        });
    }

    /// `amount` stays in the pot for the next hand (NOB-3).
    fn carry(&mut self, amount: Chips) {
        self.carry_out += amount;
        self.events.push(HandEvent::RemainderCarried {
            amount,
            rules: rule(&[Rule::Nob3]),
        });
    }

    /// The chips won go to the stacks with the bets still in front; the hand is over.
    pub(crate) fn settle(&mut self, winnings: &[Chips]) {
        for i in 0..self.n {
            self.stacks[i] += self.bets[i] + winnings[i];
            self.bets[i] = Chips::ZERO;
            self.put_in[i] = Chips::ZERO;
        }
        self.dead = seats(Chips::ZERO, self.n);
        self.carried = Chips::ZERO;
        self.phase = Phase::Settled;
        self.events.push(HandEvent::Settled {
            stacks: self.stacks.to_vec(),
        });
    }

    /// TR-26: the floor rules that `pos`'s recorded cards were wrong; these are the cards he
    /// was dealt, in the order dealt (each stays up or down as dealt), and why. Returns what
    /// was recorded before.
    pub(crate) fn correct_hole(
        &mut self,
        pos: Pos,
        cards: Vec<Card>,
        reason: String,
    ) -> Result<HoleCards<Option<Card>>, Rejection> {
        if self.phase == Phase::Settled {
            return Err(Rejection::WrongPhase {
                what: "correct recorded cards",
                phase: self.phase,
            });
        }
        let Some(was) = self.hole.get(pos.0).cloned() else {
            return Err(Rejection::NotInHand { pos });
        };
        if cards.is_empty() || cards.len() != was.len() {
            return Err(Rejection::HoleCardCount {
                pos,
                due: was.len(),
                got: cards.len(),
            });
        }
        self.used = replace_known(self.used, &was, &cards)?;
        self.hole[pos.0] = cards.iter().map(|&c| Some(c)).collect();
        self.events.push(HandEvent::HoleCardsCorrected {
            pos,
            was: was.to_vec(),
            now: cards,
            reason,
            rules: rule(&[Rule::Tr26]),
        });
        Ok(was)
    }

    /// Matches the cards `pos` shows against what he was dealt: each is one of his known
    /// cards (each once), or fills a card dealt face down if it is seen nowhere else in the
    /// hand (the board, burns, exposed or shown cards, `stub_seen`). Returns his hole cards with the shown
    /// ones known, and the cards in play with them.
    pub(crate) fn match_shown(
        &self,
        pos: Pos,
        cards: &[Card],
        stub_seen: CardSet,
    ) -> Result<(HoleCards<Option<Card>>, CardSet), Rejection> {
        let Some(dealt) = self.hole.get(pos.0) else {
            return Err(Rejection::NotInHand { pos });
        };
        let mut hole = dealt.clone();
        let mut matched: HoleCards<bool> = smallvec![false; hole.len()];
        let mut used = self.used;
        for &c in cards {
            if let Some(k) = (0..hole.len()).find(|&k| !matched[k] && hole[k] == Some(c)) {
                matched[k] = true;
                continue;
            }
            let Some(k) = (0..hole.len()).find(|&k| !matched[k] && hole[k].is_none()) else {
                return Err(Rejection::NotDealtCard {
                    pos,
                    card: c,
                    dealt: describe_hole(dealt),
                });
            };
            if stub_seen.contains(c) {
                return Err(Rejection::SeenInStub { card: c });
            }
            if !used.insert(c) {
                return Err(Rejection::CardInPlay { card: c });
            }
            hole[k] = Some(c);
            matched[k] = true;
        }
        Ok((hole, used))
    }

    // ----- what every game may be asked or told -----

    pub fn phase(&self) -> Phase {
        self.phase
    }

    pub fn street(&self) -> Street {
        self.street
    }

    pub fn players(&self) -> usize {
        self.n
    }

    /// The stacks the hand started with.
    pub fn starting_stacks(&self) -> &[Chips] {
        &self.starting
    }

    /// Chips behind, per position (not counting bets in front of players).
    pub fn stacks(&self) -> &[Chips] {
        &self.stacks
    }

    pub fn bets(&self) -> &[Chips] {
        &self.bets
    }

    /// A player's cards in the order dealt (None where the face is not known); empty for a
    /// position not in the hand.
    pub fn hole_cards(&self, pos: Pos) -> &[Option<Card>] {
        self.hole.get(pos.0).map_or(&[], |h| h.as_slice())
    }

    /// Which of a player's cards are face up (a stud player's up cards; a flop game's shown).
    pub fn face_up(&self, pos: Pos) -> &[bool] {
        self.face_up.get(pos.0).map_or(&[], |f| f.as_slice())
    }

    pub fn events(&self) -> &[HandEvent] {
        &self.events
    }

    pub fn is_active(&self, pos: Pos) -> bool {
        self.active.get(pos.0).copied().unwrap_or(false)
    }

    pub fn active_count(&self) -> usize {
        self.active.iter().filter(|&&a| a).count()
    }

    /// No more betting is possible with a player all in: the showdown turns every hand up at a
    /// live table (TR-3.6).
    pub fn all_in_showdown(&self) -> bool {
        self.all_in
    }

    /// Chips left over for the next hand (NOB-3).
    pub fn carry_out(&self) -> Chips {
        self.carry_out
    }

    /// Every chip of the hand: behind, in front, in the pots, carried in and left for the next
    /// hand.
    pub fn total_chips(&self) -> Chips {
        self.stacks.iter().copied().sum::<Chips>()
            + self.put_in.iter().copied().sum::<Chips>()
            + self.carried
            + self.carry_out
    }

    /// The pots as they stand (main pot first).
    pub fn pots(&self) -> Vec<Pot> {
        let collected: Seats<Chips> = (0..self.n).map(|i| self.put_in[i] - self.bets[i]).collect();
        build_pots(
            &collected,
            &self.put_in,
            &self.dead,
            &self.active,
            self.carried,
        )
    }

    /// Whose turn it is.
    pub fn actor(&self) -> Option<Pos> {
        match self.phase {
            Phase::Betting => self.actors.first().map(|&i| Pos(i)),
            _ => None,
        }
    }

    /// The next player due to show or muck.
    pub fn showdown_next(&self) -> Option<Pos> {
        match self.phase {
            Phase::Showdown => self.showdown.first().map(|&i| Pos(i)),
            _ => None,
        }
    }

    /// Chips each player won or lost.
    pub fn net(&self) -> Vec<i128> {
        (0..self.n)
            .map(|i| i128::from(self.stacks[i].0) - i128::from(self.starting[i].0))
            .collect()
    }

    /// TR-20: `amount` of `pos`'s chips behind (hidden chips) leave play; the chips he has put
    /// in stay in the pot.
    pub fn forfeit_behind(&mut self, pos: Pos, amount: Chips, by: Rule) -> Result<(), Rejection> {
        if self.phase == Phase::Settled {
            return Err(Rejection::WrongPhase {
                what: "forfeit chips",
                phase: self.phase,
            });
        }
        let Some(&stack) = self.stacks.get(pos.0) else {
            return Err(Rejection::NotInHand { pos });
        };
        if amount.is_zero() || amount > stack {
            return Err(Rejection::PutInAboveStack {
                pos,
                got: amount,
                stack,
            });
        }
        self.stacks[pos.0] -= amount;
        self.events.push(HandEvent::ChipsForfeited {
            pos,
            amount,
            rules: rule(&[by]),
        });
        Ok(())
    }
}

/// A hand reads and forfeits as its [`Play`] does: `hand.stacks()`, `hand.pots()`,
/// `hand.actor()` are asked of what every game holds alike.
impl std::ops::Deref for crate::Hand {
    type Target = Play;
    fn deref(&self) -> &Play {
        &self.play
    }
}

impl std::ops::DerefMut for crate::Hand {
    fn deref_mut(&mut self) -> &mut Play {
        &mut self.play
    }
}
