//! The rule catalogue: every rule of `RULES.md` with its stable ID and English reading.
//! Generated from RULES.md by the script in the crate documentation; edit both together.

use crate::Rule;

/// Every rule, in catalogue order.
pub const ALL: [Rule; 83] = [
    Rule::Tr0a,
    Rule::Tr0b,
    Rule::Tr1,
    Rule::Tr2,
    Rule::Tr31,
    Rule::Tr32,
    Rule::Tr33,
    Rule::Tr34,
    Rule::Tr35,
    Rule::Tr36,
    Rule::Tr37,
    Rule::Tr38,
    Rule::Tr4,
    Rule::Tr5,
    Rule::Tr6,
    Rule::Tr7,
    Rule::Tr8,
    Rule::Tr9,
    Rule::Tr10,
    Rule::Tr11,
    Rule::Tr12,
    Rule::Tr13,
    Rule::Tr14,
    Rule::Tr15,
    Rule::Tr16,
    Rule::Tr17,
    Rule::Tr18,
    Rule::Tr19,
    Rule::Tr20,
    Rule::Tr21,
    Rule::Tr22,
    Rule::Tr23,
    Rule::Tr24,
    Rule::Tr25,
    Rule::Tr26,
    Rule::Tr27,
    Rule::Tr28,
    Rule::Plo1,
    Rule::Plo2,
    Rule::Plo3,
    Rule::Plo4,
    Rule::Plo5,
    Rule::Plo6,
    Rule::Plo7,
    Rule::Plo8,
    Rule::Plo9,
    Rule::Plo10,
    Rule::Plo11,
    Rule::Gcb1,
    Rule::Gcb2,
    Rule::Gcb3,
    Rule::Gcb4,
    Rule::Gcb5,
    Rule::Gcb6,
    Rule::Gcb7,
    Rule::Gcb8,
    Rule::Gcb9,
    Rule::Gcb10,
    Rule::Gcb12,
    Rule::Gcb13,
    Rule::Tda39a,
    Rule::Tda39b,
    Rule::Tda39c,
    Rule::Tda39d,
    Rule::TdaRp4,
    Rule::TdaRp5,
    Rule::TdaRp10,
    Rule::Nob1,
    Rule::Nob2,
    Rule::Nob3,
    Rule::Nob4,
    Rule::Nob5,
    Rule::Nob6,
    Rule::Nob7,
    Rule::Nob8,
    Rule::Nob9,
    Rule::Nob10,
    Rule::Nob11,
    Rule::Nob12,
    Rule::Nob13,
    Rule::Nob14,
    Rule::Nob15,
    Rule::Nob16,
];

impl Rule {
    /// The stable ID, e.g. `TR-16`.
    pub const fn id(self) -> &'static str {
        match self {
            Rule::Tr0a => "TR-0a",
            Rule::Tr0b => "TR-0b",
            Rule::Tr1 => "TR-1",
            Rule::Tr2 => "TR-2",
            Rule::Tr31 => "TR-3.1",
            Rule::Tr32 => "TR-3.2",
            Rule::Tr33 => "TR-3.3",
            Rule::Tr34 => "TR-3.4",
            Rule::Tr35 => "TR-3.5",
            Rule::Tr36 => "TR-3.6",
            Rule::Tr37 => "TR-3.7",
            Rule::Tr38 => "TR-3.8",
            Rule::Tr4 => "TR-4",
            Rule::Tr5 => "TR-5",
            Rule::Tr6 => "TR-6",
            Rule::Tr7 => "TR-7",
            Rule::Tr8 => "TR-8",
            Rule::Tr9 => "TR-9",
            Rule::Tr10 => "TR-10",
            Rule::Tr11 => "TR-11",
            Rule::Tr12 => "TR-12",
            Rule::Tr13 => "TR-13",
            Rule::Tr14 => "TR-14",
            Rule::Tr15 => "TR-15",
            Rule::Tr16 => "TR-16",
            Rule::Tr17 => "TR-17",
            Rule::Tr18 => "TR-18",
            Rule::Tr19 => "TR-19",
            Rule::Tr20 => "TR-20",
            Rule::Tr21 => "TR-21",
            Rule::Tr22 => "TR-22",
            Rule::Tr23 => "TR-23",
            Rule::Tr24 => "TR-24",
            Rule::Tr25 => "TR-25",
            Rule::Tr26 => "TR-26",
            Rule::Tr27 => "TR-27",
            Rule::Tr28 => "TR-28",
            Rule::Plo1 => "PLO-1",
            Rule::Plo2 => "PLO-2",
            Rule::Plo3 => "PLO-3",
            Rule::Plo4 => "PLO-4",
            Rule::Plo5 => "PLO-5",
            Rule::Plo6 => "PLO-6",
            Rule::Plo7 => "PLO-7",
            Rule::Plo8 => "PLO-8",
            Rule::Plo9 => "PLO-9",
            Rule::Plo10 => "PLO-10",
            Rule::Plo11 => "PLO-11",
            Rule::Gcb1 => "GCB-1",
            Rule::Gcb2 => "GCB-2",
            Rule::Gcb3 => "GCB-3",
            Rule::Gcb4 => "GCB-4",
            Rule::Gcb5 => "GCB-5",
            Rule::Gcb6 => "GCB-6",
            Rule::Gcb7 => "GCB-7",
            Rule::Gcb8 => "GCB-8",
            Rule::Gcb9 => "GCB-9",
            Rule::Gcb10 => "GCB-10",
            Rule::Gcb12 => "GCB-12",
            Rule::Gcb13 => "GCB-13",
            Rule::Tda39a => "TDA-39A",
            Rule::Tda39b => "TDA-39B",
            Rule::Tda39c => "TDA-39C",
            Rule::Tda39d => "TDA-39D",
            Rule::TdaRp4 => "TDA-RP-4",
            Rule::TdaRp5 => "TDA-RP-5",
            Rule::TdaRp10 => "TDA-RP-10",
            Rule::Nob1 => "NOB-1",
            Rule::Nob2 => "NOB-2",
            Rule::Nob3 => "NOB-3",
            Rule::Nob4 => "NOB-4",
            Rule::Nob5 => "NOB-5",
            Rule::Nob6 => "NOB-6",
            Rule::Nob7 => "NOB-7",
            Rule::Nob8 => "NOB-8",
            Rule::Nob9 => "NOB-9",
            Rule::Nob10 => "NOB-10",
            Rule::Nob11 => "NOB-11",
            Rule::Nob12 => "NOB-12",
            Rule::Nob13 => "NOB-13",
            Rule::Nob14 => "NOB-14",
            Rule::Nob15 => "NOB-15",
            Rule::Nob16 => "NOB-16",
        }
    }

    /// The English reading from RULES.md.
    pub const fn text(self) -> &'static str {
        match self {
            Rule::Tr0a => {
                "players must be 18 or older: registration with a birth date under 18 is rejected."
            }
            Rule::Tr0b => {
                "default game NLHE; buy-in one of €0 / 7.50 / 12.00 / 15.00; freeze-out (no rebuy); finishing place = order of elimination."
            }
            Rule::Tr1 => "table by random draw at check-in; seat by seat card.",
            Rule::Tr2 => "button position by high card draw.",
            Rule::Tr31 => {
                "hole card exposed by the dealer during the deal becomes the flop burn card, shown to all; the player gets a replacement after all cards are dealt."
            }
            Rule::Tr32 => {
                "burn one card before flop, turn, river; a forgotten burn: the hand goes on normally; an exposed card can no longer be burned."
            }
            Rule::Tr33 => {
                "flop exposed before every player acted: cards back into the deck, reshuffle, re-flop; same for turn and river."
            }
            Rule::Tr34 => "a player opening own hole card(s) during play: treated as a fold.",
            Rule::Tr35 => "folded cards shown: every player may see them (after the hand).",
            Rule::Tr36 => {
                "showdown: last bettor/raiser shows first; later players may show or muck; with an all-in all hole cards are turned up."
            }
            Rule::Tr37 => {
                "a player who won by a bet nobody called chooses to show 2, 1 or 0 cards."
            }
            Rule::Tr38 => "show one, show all.",
            Rule::Tr4 => "a hand begins with the first card dealt.",
            Rule::Tr5 => {
                "blinds rise on the schedule; once a level's time is up and the new level announced, it starts with the next hand."
            }
            Rule::Tr6 => {
                "absent player: blinds taken from the stack, dealt in; hand folded when a bet is due, checked when checking is possible. Absent at start: after 10 minutes seat and stack are removed."
            }
            Rule::Tr7 => "chip passing, collusion, cheating: immediate disqualification.",
            Rule::Tr8 => {
                "a raise is a call plus at least the big blind or the previous raise increment; all-in is the only exception; string-raise rules (full amount at once, or declared first)."
            }
            Rule::Tr9 => {
                "out when no chips; dead button: the button stays before an emptied seat; a lone big blind can occur."
            }
            Rule::Tr10 => {
                "side pots; at an all-in showdown all hole cards are shown; a blind larger than the stack makes the player all-in."
            }
            Rule::Tr11 => {
                "showdown order: the last aggressive action shows first; with no bet, the first seat left of the button, then clockwise; no slowroll."
            }
            Rule::Tr12 => "no advice, one player to a hand.",
            Rule::Tr13 => {
                "Top18 structure, 1,500 chips: 14 levels of 11 or 12 minutes (10/20 … 2500/5000); chip race after level 5 (10s and 50s)."
            }
            Rule::Tr14 => {
                "TPP Deepstack, 15,000 chips: 18 levels of 20 minutes (50/100 … 10000/20000); chip race after level 3 (50s) and level 6 (100s). Note: TR-15.2 says 20,000 chips — an inconsistency in the document."
            }
            Rule::Tr15 => {
                "chip race: low chips that cannot be exchanged are raced: one card per chip, highest card wins each chip, dealt starting left of the button; TR-15.3 is the exchange table (e.g. up to ten 10s = one 100; over ten 10s = one 500; …)."
            }
            Rule::Tr16 => {
                "odd chip of a split pot goes to the hand first to the left of the button."
            }
            Rule::Tr17 => {
                "balancing: when two tables differ by two players, the player of the fuller table (highest table number among equals) who would post the big blind second-next moves to the shorter table, into the next free seat to the right of the dealer; arriving in small- or big-blind position he sits out until the button passes. Breaking: each time as many players have busted as started at one table, the table with the lowest number is broken and its players drawn into free seats."
            }
            Rule::Tr18 => "deck changes by house rule; players cannot demand one.",
            Rule::Tr19 => {
                "clock: 30 s (turbo) or 60 s (deepstack), then a 10-second countdown, then the hand is dead; the level clock keeps running."
            }
            Rule::Tr20 => "chips always visible; hidden chips are forfeited.",
            Rule::Tr21 => {
                "verbal declarations in turn are binding; out of turn too, even if the situation changes."
            }
            Rule::Tr22 => {
                "unprotected hand killed by the dealer: no compensation, except an uncalled raise is returned."
            }
            Rule::Tr23 => {
                "oversized chip without declaration is a call; \"raise\" declared with an oversized chip and no amount = the maximum raise up to the chip's value; after the flop an undeclared oversized chip as opening bet counts at full value."
            }
            Rule::Tr24 => "soft-play: chip penalty or warning; chip dumping: disqualification.",
            Rule::Tr25 => {
                "heads-up: the button posts the small blind and acts first pre-flop; the big blind receives the first card."
            }
            Rule::Tr26 => {
                "situations not covered: the tournament director decides, finally (an explicit ruling event)."
            }
            Rule::Tr27 => "etiquette; exclusion without refund.",
            Rule::Tr28 => {
                "penalties: after two warnings the next offence is a 15-minute time penalty (stack blinded, cards folded), a further offence disqualification; severe offences disqualify at once."
            }
            Rule::Plo1 => {
                "at most 27 players; no-shows at the start lose their seat to waiting players; 19+ players start on 3 tables, 10–18 on 2, up to 9 on 1."
            }
            Rule::Plo2 => {
                "balance when table sizes differ by 2 or more (pause, move players); from 16 players play on 2 tables, from 8 on 1."
            }
            Rule::Plo3 => {
                "pre-registered seats are binding; walk-ins are assigned only if seats remain."
            }
            Rule::Plo4 => {
                "seats by drawn seat card; players verify starting chips before the first hand; the button starts on seat 1."
            }
            Rule::Plo5 => {
                "levels usually 15 minutes, one clock for all tables; a hand is played at the level in force when the button was moved; in doubt the lower level."
            }
            Rule::Plo6 => "verbal and non-verbal actions are binding; chips in one motion.",
            Rule::Plo7 => {
                "bet at least the big blind; a raise at least double the last bet or raise; an action below half the required minimum is a call (excess returned), otherwise it is a raise completed to the minimum."
            }
            Rule::Plo8 => {
                "pot limit: a bet or raise at most the pot; the minimum is always at least the big blind."
            }
            Rule::Plo9 => "declared amount with an oversized chip: change is made.",
            Rule::Plo10 => "absent player: dealt in, blinds posted, folded when a bet is due.",
            Rule::Plo11 => {
                "players busted in the same hand: the larger stack at the start of that hand places higher; equal stacks: the one who went all-in later places higher."
            }
            Rule::Gcb1 => {
                "no showing cards to others, no acting for others; a player who leaves the table folds when action reaches him; warnings, the third warning removes the player."
            }
            Rule::Gcb2 => "declarations binding; \"raise\" alone means at least a minimum raise.",
            Rule::Gcb3 => {
                "out-of-turn action is binding unless a skipped player bets or raises more, then it may be withdrawn. A short call made unaware of a raise may be withdrawn if nobody acted after; otherwise complete it (no raise) or forfeit."
            }
            Rule::Gcb4 => {
                "single chip without declaration: facing a bet a call; with no bet a bet; with own blind in front: the whole amount is a raise, unless someone already raised, then a call."
            }
            Rule::Gcb5 => {
                "straddle: under the gun, 2× big blind, placed before the deal, acts last pre-flop."
            }
            Rule::Gcb6 => {
                "missed blinds: a marker per missed blind, the third marker releases the seat. Both missed: post both (big blind live, small blind dead); only the small missed: post it dead and re-enter in big-blind position. Moving more than three active seats away from the button: post both or wait for the big blind."
            }
            Rule::Gcb7 => {
                "after an all-in one rebuy below the table stake; all-in again: out; a free seat needs a full buy-in. A player back without a missed blind is dealt in at once."
            }
            Rule::Gcb8 => {
                "a fold on false information: cards returned if retrievable; nobody looks at undealt or mucked cards; early exposure: play on, warning after the hand; one card up and one pushed = fold."
            }
            Rule::Gcb9 => "waiting list in person only.",
            Rule::Gcb10 => {
                "must-move: while table 2 has 8 or 9 players the main table (1) must be full; when table 2 has fewer than 8 and the main table fewer than 7, the next player of table 2's list must move; refusing ends his day; no direct move from main to table 2; leaving the main table: 60 minutes before sitting at a side table; the moving player brings his table stake and needs no blind (except small blind and button positions)."
            }
            Rule::Gcb12 => "Hold'em and Omaha, 2–9 players, 52 cards, two or four hole cards.",
            Rule::Gcb13 => {
                "table stake cannot be taken off the table; no money added during a hand."
            }
            Rule::Tda39a => {
                "four-card flop: call the floor; the dealer scrambles the four face down, the floor picks one at random as the next burn card, the other three are the flop."
            }
            Rule::Tda39b => {
                "three-card flop dealt without a burn: if no action yet, scramble the three, pick one as burn, flop = the other two + the next card; if any action (even a check) took place, the flop stands; the turn then takes one burn only."
            }
            Rule::Tda39c => "premature cards: see RP-5.",
            Rule::Tda39d => "any reshuffle during a hand is face down.",
            Rule::TdaRp4 => {
                "stub dropped or scrambled: restore the stub if possible; else a new stub from stub cards only (no muck or burn), shuffled and cut; if mixed with muck/burn, reshuffle everything, cut, continue."
            }
            Rule::TdaRp5 => {
                "premature flop/turn/river: the burn stays burned; the premature card(s) go back into the stub, which is reshuffled; the street is dealt again without a new burn. RP-5D: Stud."
            }
            Rule::TdaRp10 => {
                "Stud dealing procedures A–H (exposed down card becomes the up card; 7th street exposure; absent players; bring-in by suit; short stub at 7th street: reuse the three earlier burns, or a community card)."
            }
            Rule::Nob1 => {
                "NLHE; the best five of the player's two and the board's five cards (0, 1 or 2 hole cards may play)."
            }
            Rule::Nob2 => {
                "standard ranking; A-2-3-4-5 is a straight, no wrap-around (K-A-2-3-4 is not); ties broken by the highest card of the straight, the highest unshared card of a flush, etc."
            }
            Rule::Nob3 => {
                "ties split the pot equally; an indivisible remainder stays in the pot (carried to the next hand)."
            }
            Rule::Nob4 => "100 chips each: white 1, red 2, blue 5, green 10, black 25.",
            Rule::Nob5 => {
                "blind ladder 1/2, 2/5, 5/10, 7/15, 10/20, 15/30, 20/40, 25/50, 50/100, 75/150, 100/200 …"
            }
            Rule::Nob6 => {
                "blinds stop at the level whose big blind is closest below 10% of the chips in play."
            }
            Rule::Nob7 => {
                "at most 8 per table: 1–7 players one table; 8 either one table or two of 4; 9+ split as evenly as possible at random; when two players have busted at each table the rest go to a final table with their chips."
            }
            Rule::Nob8 => {
                "final-table blinds start at the level whose big blind is closest to 1% of the chips in play (or a value all agree on)."
            }
            Rule::Nob9 => {
                "blinds rise every 2 completed orbits with 8+ starting players at the table, every 3 with 5–7, every 4 with fewer than 5."
            }
            Rule::Nob10 => {
                "dealer by card draw; seats filled in ascending card order starting left of the dealer."
            }
            Rule::Nob11 => {
                "small blind left of the dealer, big blind left of it; heads-up the dealer is small blind, acts first pre-flop, the big blind acts first after the flop."
            }
            Rule::Nob12 => {
                "after the first raise at most three more raises per betting round (a cap); the minimum raise wording (\"die aktuelle Erhöhung des small blind\") is ambiguous: document the reading."
            }
            Rule::Nob13 => {
                "pre-flop at least the big blind must be called; the big blind has the option."
            }
            Rule::Nob14 => {
                "allowed actions: raise, call, fold, check (not pre-flop except the big blind's option), all-in for less."
            }
            Rule::Nob15 => "side pots: a player wins from each opponent at most what he put in.",
            Rule::Nob16 => "entry €2, winner takes all.",
        }
    }
}
