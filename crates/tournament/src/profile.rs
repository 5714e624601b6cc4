//! Rule profiles: what a seed system decides, as data.

use floorbook_hand::{ChipReading, GameKind, IrregularityRules, OddChip, Structure, UnderMinimum};
use floorbook_rules::Rule;
use serde::{Deserialize, Serialize};
use thiserror::Error;

/// The built-in profiles, by name.
const BUILTIN: [(&str, &str); 5] = [
    ("top18", include_str!("../profiles/top18.toml")),
    ("deepstack", include_str!("../profiles/deepstack.toml")),
    ("plo27", include_str!("../profiles/plo27.toml")),
    ("nob", include_str!("../profiles/nob.toml")),
    ("stud", include_str!("../profiles/stud.toml")),
];

/// The names of the built-in profiles.
pub fn builtin_names() -> impl Iterator<Item = &'static str> {
    BUILTIN.iter().map(|(n, _)| *n)
}

/// A built-in profile's text and parsed form.
pub fn builtin(name: &str) -> Option<(&'static str, Result<Profile, ProfileError>)> {
    BUILTIN
        .iter()
        .find(|(n, _)| *n == name)
        .map(|(_, text)| (*text, Profile::from_toml(text)))
}

/// The seed document a profile follows.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
pub enum System {
    TR,
    PLO,
    GCB,
    NOB,
    /// The TDA's procedures (seed 003: Rule 39, RP-4, RP-5, RP-10); where they are silent
    /// the club's tournament rules (TR) decide.
    TDA,
}

/// One level: small blind, big blind and (optional) ante; in stud the small bet, the big bet,
/// the ante and the bring-in. Written as in the profile files: `[small, big]`,
/// `[small, big, ante]`, or for stud `[small bet, big bet, ante, bring-in]`.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Level {
    pub small: u64,
    pub big: u64,
    pub ante: u64,
    /// Stud's bring-in; 0 in the flop games.
    pub bring_in: u64,
}

impl Level {
    /// A flop game's level.
    pub const fn blinds(small: u64, big: u64, ante: u64) -> Level {
        Level {
            small,
            big,
            ante,
            bring_in: 0,
        }
    }
}

impl Serialize for Level {
    fn serialize<S: serde::Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        if self.bring_in != 0 {
            [self.small, self.big, self.ante, self.bring_in].serialize(s)
        } else if self.ante == 0 {
            [self.small, self.big].serialize(s)
        } else {
            [self.small, self.big, self.ante].serialize(s)
        }
    }
}

impl schemars::JsonSchema for Level {
    fn schema_name() -> std::borrow::Cow<'static, str> {
        "Level".into()
    }

    fn json_schema(_: &mut schemars::SchemaGenerator) -> schemars::Schema {
        schemars::json_schema!({
            "description": "A level: [small blind, big blind], [small blind, big blind, ante], or in stud [small bet, big bet, ante, bring-in].",
            "type": "array",
            "items": {"type": "integer", "minimum": 0},
            "minItems": 2,
            "maxItems": 4
        })
    }
}

impl<'de> Deserialize<'de> for Level {
    fn deserialize<D: serde::Deserializer<'de>>(d: D) -> Result<Self, D::Error> {
        let v = Vec::<u64>::deserialize(d)?;
        match v.as_slice() {
            [small, big] => Ok(Level::blinds(*small, *big, 0)),
            [small, big, ante] => Ok(Level::blinds(*small, *big, *ante)),
            [small, big, ante, bring_in] => Ok(Level {
                small: *small,
                big: *big,
                ante: *ante,
                bring_in: *bring_in,
            }),
            _ => Err(serde::de::Error::custom(
                "a level is [small blind, big blind], [small blind, big blind, ante], or in stud [small bet, big bet, ante, bring-in]",
            )),
        }
    }
}

/// When the next level starts.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum Advance {
    /// TR-5: when a level's time is up, the next starts with the next hand.
    Time,
    /// PLO-5: a hand is played at the level in force when the button moved.
    Button,
    /// NOB-9: after a number of completed orbits that depends on the starting players.
    Orbits,
}

/// NOB-6: where the blinds stop rising.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum BlindCap {
    /// The level whose big blind is closest below 10% of the chips in play.
    TenthOfChips,
}

/// NOB-8: where the final table's blinds restart.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum FinalTableReset {
    /// The level whose big blind is closest to 1% of the chips in play.
    OnePercent,
}

/// The longest a level or a break may last, in minutes (a day).
pub const MAX_LEVEL_MINUTES: u32 = 24 * 60;

#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Levels {
    pub advance: Advance,
    /// Minutes per level (TR-5, PLO-5).
    #[serde(default)]
    pub minutes: Option<u32>,
    /// Minutes by level (1-based order), where a level lasts other than `minutes`: a
    /// structure's own or the director's edit during play. Levels past its end, or given 0,
    /// last `minutes`.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub lengths: Vec<u32>,
    /// NOB-9: `[starting players at least, orbits]`, from the most players down.
    #[serde(default)]
    pub orbits: Vec<[u32; 2]>,
    #[serde(default)]
    pub cap: Option<BlindCap>,
    #[serde(default)]
    pub final_table: Option<FinalTableReset>,
    /// Breaks, a house setting: `[after level (1-based), minutes]`. The level clock stops.
    #[serde(default)]
    pub breaks: Vec<[u32; 2]>,
    pub schedule: Vec<Level>,
}

/// TR-15: after a level, the smallest chips are raced off.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct ChipRace {
    pub after_level: usize,
    pub denominations: Vec<u64>,
}

#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Betting {
    pub under_minimum: UnderMinimum,
    pub chip_reading: ChipReading,
    pub odd_chip: OddChip,
    #[serde(default)]
    pub raise_cap: Option<u32>,
}

#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum TableDraw {
    /// TR-1, NOB-7: table and seat by random draw.
    Random,
    /// PLO-3, PLO-4: reserved seats bind; walk-ins are drawn into the rest.
    ReservedOrRandom,
}

#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum Button {
    /// TR-2: high card.
    HighCard,
    /// PLO-4: seat 1.
    SeatOne,
    /// NOB-10: by card draw, seats filled in card order from the left of the dealer.
    CardDraw,
}

#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum TableCount {
    /// As few tables as the seats allow.
    Fill,
    /// PLO-1: 19+ players on 3 tables, 10-18 on 2, up to 9 on 1.
    Plo1,
    /// NOB-7: up to 7 on one table, 8 on one or two, 9+ split evenly.
    Nob7,
}

#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Seating {
    pub table_draw: TableDraw,
    pub button: Button,
    pub tables: TableCount,
}

#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum BalancingRule {
    /// TR-17
    Tr17,
    /// PLO-2
    Plo2,
    /// NOB-7
    Nob7,
}

#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Balancing {
    pub rule: BalancingRule,
}

#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum SameHand {
    /// PLO-11: the larger stack at the start of the hand places higher; equal stacks: the one
    /// who went all-in later.
    LargerStartingStack,
    /// House policy: players busted in one hand share the places (the same place).
    Shared,
}

#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Places {
    pub same_hand: SameHand,
}

#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Clock {
    /// TR-19: 30 (turbo) or 60 (deepstack) seconds.
    pub seconds: u32,
    pub countdown_seconds: u32,
}

#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Penalties {
    /// TR-28: after this many warnings the next offence is a time penalty.
    pub warnings_before_penalty: u32,
    pub penalty_minutes: u32,
}

/// How the prize pool (the buy-ins paid) is paid out.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Payout {
    /// Percent of the prize pool for each place, first place first (NOB-16, winner takes all:
    /// `[100]`); they add up to 100. Empty: the house publishes no payout.
    #[serde(default)]
    pub shares: Vec<u32>,
    /// Payouts that scale with the field (issue 39): the table of the largest `entries` the
    /// field has reached; a field smaller than every table's is paid by `shares`.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub by_entries: Vec<PayoutTable>,
    /// The standard payout (issue 39) instead of a table: this percent of the entries paid
    /// (rounded up; at least first place), place `k` of `n` paid by the weight `1/k` of the
    /// sum of `1/1 … 1/n` (first of fifteen 30.1 %, fifteenth 2.0 %).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub standard: Option<u32>,
    /// Each prize is rounded down to a multiple of this many cents (1: to the cent; 500: to
    /// five euros).
    #[serde(default = "one_cent", skip_serializing_if = "is_one_cent")]
    pub unit: u64,
    /// Where what the rounding leaves goes.
    #[serde(default, skip_serializing_if = "Remainder::is_first")]
    pub remainder: Remainder,
    /// The house's fee (its rake) taken from each entry's buy-in, written as the buy-ins are
    /// (`"2.00"`); an entry that paid less gives all it paid. None: every buy-in is the pool's.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub fee: Option<String>,
    /// The prize pool the house guarantees (`"500.00"`): what the entries' part falls short of
    /// it, the house adds (the overlay).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub guarantee: Option<String>,
}

/// Where the money of the entries goes (cents).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
pub struct Money {
    /// What the entries paid.
    pub entries: u64,
    /// The house's fees out of it.
    pub fees: u64,
    /// The bounties out of it (issue 39): on the players' heads, not in the pool.
    pub bounties: u64,
    /// What the house adds to reach its guarantee.
    pub overlay: u64,
    /// The prize pool: the entries less the fees, plus the overlay.
    pub pool: u64,
}

impl Money {
    /// Day 2's money (issue 39): what its flights' entries paid and the fees out of it; the
    /// overlay is what the guarantee still needs.
    pub fn from_flights(paid: u64, fees: u64, payout: &Payout) -> Money {
        let guarantee = payout
            .guarantee
            .as_deref()
            .and_then(buy_in_cents)
            .unwrap_or(0);
        let theirs = paid.saturating_sub(fees);
        let overlay = guarantee.saturating_sub(theirs);
        Money {
            entries: paid,
            fees,
            bounties: 0,
            overlay,
            pool: theirs + overlay,
        }
    }

    /// With `cents` of the entries put on heads as bounties: out of the pool; the overlay is
    /// what the guarantee still needs.
    pub fn less_bounties(self, cents: u64, payout: &Payout) -> Money {
        let guarantee = payout
            .guarantee
            .as_deref()
            .and_then(buy_in_cents)
            .unwrap_or(0);
        let bounties = cents.min(self.entries - self.fees);
        let theirs = self.entries - self.fees - bounties;
        let overlay = guarantee.saturating_sub(theirs);
        Money {
            bounties,
            overlay,
            pool: theirs + overlay,
            ..self
        }
    }

    /// With `cents` more paid in that the house takes no fee from (rebuys and add-ons): the
    /// overlay is what the guarantee still needs.
    pub fn topped_up(self, cents: u64, payout: &Payout) -> Money {
        let guarantee = payout
            .guarantee
            .as_deref()
            .and_then(buy_in_cents)
            .unwrap_or(0);
        let entries = self.entries.saturating_add(cents);
        let theirs = entries - self.fees;
        let overlay = guarantee.saturating_sub(theirs);
        Money {
            entries,
            fees: self.fees,
            bounties: self.bounties,
            overlay,
            pool: theirs + overlay,
        }
    }
}

/// None published: no shares, prizes to the cent.
impl Default for Payout {
    fn default() -> Payout {
        Payout {
            shares: Vec::new(),
            by_entries: Vec::new(),
            standard: None,
            unit: one_cent(),
            remainder: Remainder::First,
            fee: None,
            guarantee: None,
        }
    }
}

/// A payout for fields of at least `entries` entries.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct PayoutTable {
    pub entries: u32,
    pub shares: Vec<u32>,
}

/// Where the money a payout's rounding leaves goes.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum Remainder {
    /// All of it to first place.
    #[default]
    First,
    /// A unit at a time to the places whose share lost the most to the rounding (the better
    /// place first on a tie); what is left below a unit to first place.
    LargestRemainder,
}

impl Remainder {
    fn is_first(&self) -> bool {
        *self == Remainder::First
    }
}

fn one_cent() -> u64 {
    1
}

fn is_one_cent(u: &u64) -> bool {
    *u == 1
}

/// The largest rounding unit a payout names: 10,000.00.
pub const MAX_PAYOUT_UNIT: u64 = 1_000_000;

impl Payout {
    /// The money of entries that paid `buy_ins` (cents each): the fee out of each, the pool,
    /// and the overlay the guarantee adds. None when the fee or the guarantee is not an amount
    /// (a profile `check` refuses).
    pub fn money(&self, buy_ins: impl IntoIterator<Item = u64>) -> Option<Money> {
        let fee = match &self.fee {
            Some(f) => buy_in_cents(f)?,
            None => 0,
        };
        let guarantee = match &self.guarantee {
            Some(g) => buy_in_cents(g)?,
            None => 0,
        };
        let mut m = Money::default();
        for paid in buy_ins {
            m.entries = m.entries.saturating_add(paid);
            m.fees = m.fees.saturating_add(paid.min(fee));
        }
        let theirs = m.entries - m.fees;
        m.overlay = guarantee.saturating_sub(theirs);
        m.pool = theirs + m.overlay;
        Some(m)
    }

    /// The percents that pay a field of `entries` entries, first place first.
    pub fn shares_for(&self, entries: u32) -> &[u32] {
        self.by_entries
            .iter()
            .rev()
            .find(|t| t.entries <= entries)
            .map_or(&self.shares, |t| &t.shares)
    }

    /// How many places a field of `entries` entries pays.
    pub fn paid_places(&self, entries: u32) -> u32 {
        match self.standard {
            Some(pct) => standard_places(pct, entries),
            None => self.shares_for(entries).len() as u32,
        }
    }

    /// Each paid place's weight for a field of `entries` entries, first place first, and what
    /// they add up to: the table's percents of 100, or the standard payout's `1/k` (in
    /// trillionths).
    pub fn weights_for(&self, entries: u32) -> (Vec<u64>, u64) {
        match self.standard {
            Some(pct) => {
                let w: Vec<u64> = (1..=u64::from(standard_places(pct, entries)))
                    .map(|k| 1_000_000_000_000 / k)
                    .collect();
                let total = w.iter().sum();
                (w, total)
            }
            None => (
                self.shares_for(entries)
                    .iter()
                    .map(|&s| u64::from(s))
                    .collect(),
                100,
            ),
        }
    }

    /// Each paid place's prize in cents from a prize pool of `pool` cents and a field of
    /// `entries` entries, first place first: its share rounded down to the unit, what that
    /// leaves by the remainder rule; the whole pool is paid.
    pub fn prizes(&self, pool: u64, entries: u32) -> Vec<u64> {
        let (weights, total) = self.weights_for(entries);
        let total = u128::from(total.max(1));
        let unit = u128::from(self.unit.max(1));
        // Each share exactly, in `total`ths of a cent.
        let exact: Vec<u128> = weights
            .iter()
            .map(|&w| u128::from(pool) * u128::from(w))
            .collect();
        let mut out: Vec<u128> = exact.iter().map(|e| e / total / unit * unit).collect();
        let paid: u128 = out.iter().sum();
        let mut left = u128::from(pool).saturating_sub(paid);
        if self.remainder == Remainder::LargestRemainder {
            let mut order: Vec<usize> = (0..out.len()).collect();
            // What each place lost to the rounding, largest first; the better place on a tie.
            order.sort_by_key(|&i| (std::cmp::Reverse(exact[i] - out[i] * total), i));
            for &i in &order {
                if left < unit {
                    break;
                }
                if exact[i] > out[i] * total {
                    out[i] += unit;
                    left -= unit;
                }
            }
        }
        if let Some(first) = out.first_mut() {
            *first += left;
        }
        out.into_iter().map(|c| c as u64).collect()
    }
}

/// The places the standard payout pays of `entries` entries: `pct` percent of them rounded
/// up, at least one, at most the field.
fn standard_places(pct: u32, entries: u32) -> u32 {
    let places = (u64::from(entries) * u64::from(pct)).div_ceil(100) as u32;
    places.clamp(1, entries.max(1))
}

/// The most the standard payout may pay: half the field.
pub const MAX_STANDARD_PERCENT: u32 = 50;

/// A buy-in as the profile writes it (`"15.00"`, euros and cents) in cents; None when it is not
/// an amount.
pub fn buy_in_cents(s: &str) -> Option<u64> {
    let (whole, cents) = s.split_once('.').unwrap_or((s, "0"));
    if whole.is_empty() || !whole.bytes().all(|b| b.is_ascii_digit()) || cents.len() > 2 {
        return None;
    }
    let cents: u64 = format!("{cents:0<2}").parse().ok()?;
    whole
        .parse::<u64>()
        .ok()?
        .checked_mul(100)?
        .checked_add(cents)
}

/// The most chips a player may start with: a trillion. The chips of a whole field are summed
/// in 64 bits, and this leaves room for more than eighteen million buy-ins.
pub const MAX_STARTING_CHIPS: u64 = 1_000_000_000_000;

/// The highest minimum age a profile may set, in years: above it nobody could play.
pub const MAX_MIN_AGE: u32 = 120;

/// A rule profile.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Profile {
    pub name: String,
    pub title: String,
    pub system: System,
    pub game: GameKind,
    pub structure: Structure,
    pub starting_chips: u64,
    /// Chip denominations in play at the start, smallest first.
    pub chips: Vec<u64>,
    pub seats_per_table: u32,
    #[serde(default)]
    pub max_players: Option<u32>,
    pub min_age: u32,
    pub buy_ins: Vec<String>,
    pub absent_start_minutes: u32,
    pub levels: Levels,
    #[serde(default)]
    pub chip_race: Vec<ChipRace>,
    pub betting: Betting,
    #[serde(default)]
    pub irregularities: IrregularityRules,
    pub seating: Seating,
    pub balancing: Balancing,
    pub places: Places,
    pub clock: Clock,
    pub penalties: Penalties,
    /// The payout of the prize pool (NOB-16); none by default.
    #[serde(default)]
    pub payout: Payout,
    /// Deals at the final table (issue 39): none unless the house allows them.
    #[serde(default, skip_serializing_if = "Deals::is_default")]
    pub deals: Deals,
    /// Entries after the start (issue 39): late registration and re-entries; none by default
    /// (a freeze-out, as the seeds play).
    #[serde(default, skip_serializing_if = "Entries::is_default")]
    pub entries: Entries,
    /// Bounties (issue 39): a part of every buy-in on the player's head; none by default.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub bounty: Option<Bounty>,
    /// Issue 39: this chain is a Day 1 flight of an event: it ends with the players left
    /// bagging their chips for Day 2 (`end_flight`), not with a winner.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub flight: Option<Flight>,
    /// Issue 39: this chain is the Day 2 of an event played in flights: its players and its
    /// prize pool come from the flights it imports.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub day2: Option<Day2>,
}

/// A Day 1 flight (issue 39).
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Flight {
    /// The event the flight feeds (its Day 2 names the flights it imports).
    pub event: String,
    /// The flight's day as the house names it ("1A").
    pub day: String,
}

/// The Day 2 of an event played in flights (issue 39).
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Day2 {
    /// The event whose flights it imports (each flight's `flight.event`).
    pub event: String,
    /// A player who came through more than one flight plays the stack of his first flight or
    /// his best one; stacks are never added up.
    pub carry: Carry,
}

/// Which stack a player through several flights carries to Day 2.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum Carry {
    /// The stack of the first flight he came through (in the order Day 2 imports them).
    First,
    /// His largest stack.
    Best,
}

/// What kind of bounty a tournament plays.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum BountyKind {
    /// A fixed knock-out: the whole bounty to whoever knocks the player out.
    Knockout,
    /// Progressive (PKO): a share in cash to the eliminator, the rest onto his own head.
    Progressive,
    /// Mystery: the bounty money is put into envelopes when the profile's level starts; from
    /// then each eliminator draws one, the winner takes those left.
    Mystery,
}

/// The house's bounty format (issue 39).
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Bounty {
    pub kind: BountyKind,
    /// The part of each buy-in (and re-entry) that goes on the player's head, as the buy-ins
    /// are written (`"5.00"`); it is not in the prize pool.
    pub amount: String,
    /// PKO: the percent of a head paid in cash to the eliminator (the rest goes onto his own
    /// head); 50 unless set.
    #[serde(default = "half", skip_serializing_if = "is_half")]
    pub to_eliminator: u32,
    /// Mystery: the level (1-based) at whose start the envelopes are filled, one for every
    /// player still in; busts before it win no bounty.
    #[serde(default, skip_serializing_if = "is_zero")]
    pub from_level: u32,
    /// Mystery: the big envelopes, each a percent of the bounty money, largest first; the
    /// money left is shared evenly by the other envelopes (to the cent, the odd cents to the
    /// first of them).
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub envelopes: Vec<u32>,
}

fn is_zero(n: &u32) -> bool {
    *n == 0
}

/// Mystery envelopes for `players` players from `cents` of bounty money: the big ones'
/// percents first (rounded down to the cent), the rest shared evenly by the others; what the
/// rounding leaves goes to the first envelope that shares the rest, or the first of all when
/// every envelope is a big one.
pub fn fill_envelopes(cents: u64, big: &[u32], players: u32) -> Vec<u64> {
    let n = players as usize;
    if n == 0 {
        return Vec::new();
    }
    let mut out: Vec<u64> = big
        .iter()
        .take(n)
        .map(|&pct| (u128::from(cents) * u128::from(pct) / 100) as u64)
        .collect();
    let named = out.len();
    let left = cents - out.iter().sum::<u64>();
    match left.checked_div((n - named) as u64) {
        Some(each) => {
            out.extend(std::iter::repeat_n(each, n - named));
            out[named] += left % (n - named) as u64;
        }
        None => out[0] += left,
    }
    out
}

fn half() -> u32 {
    50
}

fn is_half(n: &u32) -> bool {
    *n == 50
}

impl Bounty {
    /// The bounty on a new entry's head, in cents.
    pub fn cents(&self) -> u64 {
        buy_in_cents(&self.amount).unwrap_or(0)
    }
}

/// Entries after the start: the house's choice of format (issue 39). The club's tournament
/// rules play "im Freeze-Out Modus" (TR-0b): none under them.
#[derive(Debug, Clone, Default, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Entries {
    /// Late registration and re-entry stay open until the end of this level (1-based); 0:
    /// entries close with the start.
    #[serde(default)]
    pub late_until_level: u32,
    /// How often a player out may buy a new entry while entries are open (0: none).
    #[serde(default)]
    pub reentries: u32,
    /// How many rebuys a player may make (0: none); a double rebuy counts two.
    #[serde(default)]
    pub rebuys: u32,
    /// The rebuy period ends with this level (1-based).
    #[serde(default)]
    pub rebuy_until_level: u32,
    /// A player rebuys with this many chips or fewer (none: the starting stack).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub rebuy_at_or_below: Option<u64>,
    /// The chips a rebuy brings (none: the starting stack).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub rebuy_chips: Option<u64>,
    /// What a rebuy costs, as the buy-ins are written (none: the first buy-in).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub rebuy_price: Option<String>,
    /// Two rebuys at once are allowed (double the chips, double the price).
    #[serde(default)]
    pub double_rebuy: bool,
    /// The chips of the add-on, once for each player in the level after the rebuy period
    /// (its break included); 0: no add-on.
    #[serde(default)]
    pub addon_chips: u64,
    /// What the add-on costs (none: the first buy-in).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub addon_price: Option<String>,
}

impl Entries {
    /// The last level of the window in which players out are not yet placed: late
    /// registration and re-entry, or the rebuy period, whichever ends later.
    pub fn open_until_level(&self) -> u32 {
        let rebuys = if self.rebuys > 0 {
            self.rebuy_until_level
        } else {
            0
        };
        self.late_until_level.max(rebuys)
    }

    /// The chips a rebuy brings under `profile`.
    pub fn rebuy_stack(&self, starting: u64) -> u64 {
        self.rebuy_chips.unwrap_or(starting)
    }

    fn is_default(&self) -> bool {
        *self == Entries::default()
    }
}

/// The most re-entries a profile may allow a player.
pub const MAX_REENTRIES: u32 = 100;

/// Whether the house allows deals at the final table. The seeds' own rules do not: the
/// club's tournament rules disqualify "Absprachen unter Spielern" (TR-7), and the TDA
/// procedures defer to them where silent.
#[derive(Debug, Clone, Default, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Deals {
    #[serde(default)]
    pub allowed: bool,
}

impl Deals {
    fn is_default(&self) -> bool {
        *self == Deals::default()
    }
}

pub use BalancingRule as BalancingKind;

/// A profile file that cannot be read at all.
#[derive(Debug, Error)]
pub enum ProfileError {
    #[error("the profile is not valid TOML for a profile: {0}")]
    Toml(#[from] toml::de::Error),
}

/// Something wrong with a profile that reads: the field, what is wrong, and the rule.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Problem {
    pub field: String,
    pub message: String,
    pub rule: Option<Rule>,
}

impl std::fmt::Display for Problem {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self.rule {
            Some(r) => write!(f, "{}: {} ({r})", self.field, self.message),
            None => write!(f, "{}: {}", self.field, self.message),
        }
    }
}

impl Profile {
    pub fn from_toml(text: &str) -> Result<Profile, ProfileError> {
        Ok(toml::from_str(text)?)
    }

    /// Everything that is wrong with the profile; empty when it is sound.
    pub fn check(&self) -> Vec<Problem> {
        let mut out = Vec::new();
        let mut bad = |field: &str, message: String, rule: Option<Rule>| {
            out.push(Problem {
                field: field.to_string(),
                message,
                rule,
            });
        };
        if self.name.trim().is_empty() {
            bad("name", "a profile needs a name".into(), None);
        }
        if self.deals.allowed && matches!(self.system, System::TR | System::TDA) {
            bad(
                "deals.allowed",
                "the club's tournament rules disqualify agreements among players (\"Absprachen unter Spielern\"): no deals under them".into(),
                Some(Rule::Tr7),
            );
        }
        let entries = &self.entries;
        if *entries != Entries::default() && matches!(self.system, System::TR | System::TDA) {
            bad(
                "entries",
                "the club's tournaments are played as freeze-outs (\"im Freeze-Out Modus\"): no entries after the start under their rules".into(),
                Some(Rule::Tr0b),
            );
        }
        if self.flight.is_some() && self.day2.is_some() {
            bad(
                "day2",
                "a chain is a flight or the Day 2 it feeds, not both".into(),
                None,
            );
        }
        if self.flight.is_some()
            && (!self.payout.shares.is_empty()
                || !self.payout.by_entries.is_empty()
                || self.payout.standard.is_some()
                || self.payout.guarantee.is_some())
        {
            bad(
                "payout",
                "a flight pays no prizes: the event's payout and its guarantee are Day 2's (leave the flight's payout empty, its fee stays)".into(),
                None,
            );
        }
        if self.day2.is_some() && *entries != Entries::default() {
            bad(
                "entries",
                "Day 2 takes its players from the flights: entries, re-entries and rebuys are made in the flights".into(),
                None,
            );
        }
        if let Some(b) = &self.bounty {
            if buy_in_cents(&b.amount).is_none_or(|c| c == 0) {
                bad(
                    "bounty.amount",
                    format!(
                        "an amount above 0 in euros and cents, as the buy-ins are written (\"5.00\"); got {:?}",
                        b.amount
                    ),
                    None,
                );
            }
            let levels = self.levels.schedule.len() as u32;
            if b.kind == BountyKind::Mystery {
                let closed = self.entries.open_until_level();
                if b.from_level <= closed || b.from_level > levels {
                    bad(
                        "bounty.from_level",
                        format!(
                            "the envelopes are filled when the money is known: a level after entries and rebuys close, {} to {levels}; got {}",
                            closed + 1,
                            b.from_level
                        ),
                        None,
                    );
                }
                if b.envelopes.contains(&0)
                    || b.envelopes.iter().map(|&p| u64::from(p)).sum::<u64>() > 100
                {
                    bad(
                        "bounty.envelopes",
                        format!(
                            "the big envelopes are percents of the bounty money above 0, together at most 100; got {:?}",
                            b.envelopes
                        ),
                        None,
                    );
                }
            } else if b.from_level != 0 || !b.envelopes.is_empty() {
                bad(
                    "bounty.envelopes",
                    "envelopes and the level they are filled at belong to a mystery bounty (kind = \"mystery\")".into(),
                    None,
                );
            }
            if !(1..=100).contains(&b.to_eliminator) {
                bad(
                    "bounty.to_eliminator",
                    format!(
                        "the eliminator's cash share of a progressive bounty, 1 to 100 percent; got {}",
                        b.to_eliminator
                    ),
                    None,
                );
            }
        }
        let levels = self.levels.schedule.len() as u32;
        if entries.late_until_level > levels {
            bad(
                "entries.late_until_level",
                format!(
                    "entries close at the end of a level of the schedule, 1 to {levels} (0: at the start); got {}",
                    entries.late_until_level
                ),
                None,
            );
        }
        if entries.rebuys > MAX_REENTRIES || (entries.rebuys > 0) != (entries.rebuy_until_level > 0)
        {
            bad(
                "entries.rebuys",
                format!(
                    "0 to {MAX_REENTRIES} rebuys a player, with the level the rebuy period ends with (entries.rebuy_until_level, 1 to {levels}); got {} rebuys until level {}",
                    entries.rebuys, entries.rebuy_until_level
                ),
                None,
            );
        }
        if entries.rebuy_until_level > levels {
            bad(
                "entries.rebuy_until_level",
                format!(
                    "the rebuy period ends with a level of the schedule, 1 to {levels}; got {}",
                    entries.rebuy_until_level
                ),
                None,
            );
        }
        if entries.addon_chips > 0 && entries.rebuys == 0 {
            bad(
                "entries.addon_chips",
                "the add-on is made at the end of the rebuy period: the profile needs rebuys (entries.rebuys) for it".into(),
                None,
            );
        }
        for (field, chips) in [
            ("entries.rebuy_chips", entries.rebuy_chips.unwrap_or(1)),
            ("entries.addon_chips", entries.addon_chips.max(1)),
        ] {
            if chips > MAX_STARTING_CHIPS {
                bad(
                    field,
                    format!("at most {MAX_STARTING_CHIPS} chips; got {chips}"),
                    None,
                );
            }
        }
        for (field, price) in [
            ("entries.rebuy_price", &entries.rebuy_price),
            ("entries.addon_price", &entries.addon_price),
        ] {
            if let Some(a) = price
                && buy_in_cents(a).is_none()
            {
                bad(
                    field,
                    format!(
                        "an amount in euros and cents, as the buy-ins are written (\"2.00\"); got {a:?}"
                    ),
                    None,
                );
            }
        }
        if entries.reentries > MAX_REENTRIES
            || (entries.reentries > 0 && entries.late_until_level == 0)
        {
            bad(
                "entries.reentries",
                format!(
                    "0 to {MAX_REENTRIES} re-entries a player, and only while entries are open after the start (entries.late_until_level 1 or more); got {}",
                    entries.reentries
                ),
                None,
            );
        }
        let adds_up = |shares: &[u32]| {
            !shares.contains(&0) && shares.iter().map(|&s| u64::from(s)).sum::<u64>() == 100
        };
        if let Some(pct) = self.payout.standard
            && (!(1..=MAX_STANDARD_PERCENT).contains(&pct)
                || !self.payout.shares.is_empty()
                || !self.payout.by_entries.is_empty())
        {
            bad(
                "payout.standard",
                format!(
                    "the standard payout pays 1 to {MAX_STANDARD_PERCENT} percent of the entries, instead of shares or tables by entries (leave those out); got {pct} %"
                ),
                None,
            );
        }
        let shares = &self.payout.shares;
        if !shares.is_empty() && !adds_up(shares) {
            bad(
                "payout.shares",
                format!(
                    "the shares of the prize pool are percents above 0 that add up to 100; got {shares:?}"
                ),
                None,
            );
        }
        let mut smaller = 1;
        for (i, t) in self.payout.by_entries.iter().enumerate() {
            let at = format!("payout.by_entries[{i}]");
            if t.entries <= smaller {
                bad(
                    &at,
                    format!(
                        "the tables go by field size, from the smallest up: each for at least {} entries (more than the one before); got {}",
                        smaller + 1,
                        t.entries
                    ),
                    None,
                );
            }
            if !adds_up(&t.shares) || t.shares.len() > t.entries as usize {
                bad(
                    &at,
                    format!(
                        "a table's shares are percents above 0 that add up to 100, for at most as many places as its {} entries; got {:?}",
                        t.entries, t.shares
                    ),
                    None,
                );
            }
            smaller = smaller.max(t.entries);
        }
        for (field, amount) in [
            ("payout.fee", &self.payout.fee),
            ("payout.guarantee", &self.payout.guarantee),
        ] {
            if let Some(a) = amount
                && buy_in_cents(a).is_none()
            {
                bad(
                    field,
                    format!(
                        "an amount in euros and cents, as the buy-ins are written (\"2.00\"); got {a:?}"
                    ),
                    None,
                );
            }
        }
        if !(1..=MAX_PAYOUT_UNIT).contains(&self.payout.unit) {
            bad(
                "payout.unit",
                format!(
                    "prizes are rounded to a unit of 1 to {MAX_PAYOUT_UNIT} cents; got {}",
                    self.payout.unit
                ),
                None,
            );
        }
        if self.min_age > MAX_MIN_AGE {
            bad(
                "min_age",
                format!("must be 0 to {MAX_MIN_AGE} (years); is {}", self.min_age),
                Some(Rule::Tr0a),
            );
        }
        if let Some(m) = self.max_players.filter(|&m| m < 2) {
            bad(
                "max_players",
                format!("a tournament needs at least 2 players; is {m}"),
                None,
            );
        }
        if !(2..=10).contains(&self.seats_per_table) {
            bad(
                "seats_per_table",
                format!("must be 2 to 10; is {}", self.seats_per_table),
                None,
            );
        }
        // Chips.
        if self.chips.is_empty() {
            bad(
                "chips",
                "at least one denomination is needed".into(),
                Some(Rule::Tr15),
            );
        }
        if self.chips.contains(&0) || self.chips.windows(2).any(|w| w[0] >= w[1]) {
            bad(
                "chips",
                format!(
                    "denominations must be positive and rise; are {:?}",
                    self.chips
                ),
                Some(Rule::Tr15),
            );
        }
        let smallest = self.chips.first().copied().unwrap_or(1).max(1);
        if self.starting_chips > MAX_STARTING_CHIPS {
            bad(
                "starting_chips",
                format!(
                    "at most {MAX_STARTING_CHIPS}, so that the chips of a field of millions are \
                     counted exactly in 64 bits; is {}",
                    self.starting_chips
                ),
                Some(Rule::Tr13),
            );
        } else if self.starting_chips == 0 || !self.starting_chips.is_multiple_of(smallest) {
            bad(
                "starting_chips",
                format!(
                    "{} cannot be paid out in chips of {smallest} and up",
                    self.starting_chips
                ),
                Some(Rule::Tr13),
            );
        }
        // Levels.
        let schedule = &self.levels.schedule;
        if schedule.is_empty() {
            bad(
                "levels.schedule",
                "at least one level is needed".into(),
                Some(Rule::Tr5),
            );
        }
        // Stud: fixed limit with a bring-in below the small bet; the flop games: blinds.
        let stud = self.game.stud().is_some();
        if stud != (self.structure == Structure::FixedLimit) {
            bad(
                "structure",
                format!(
                    "{} is played {}; the profile says {:?}",
                    self.game.name(),
                    if stud {
                        "fixed limit (`fixed_limit`)"
                    } else {
                        "no limit or pot limit"
                    },
                    self.structure
                ),
                stud.then_some(Rule::TdaRp10),
            );
        }
        if stud && self.seats_per_table > floorbook_hand::MAX_STUD_PLAYERS as u32 {
            bad(
                "seats_per_table",
                format!(
                    "a stud table seats at most {} (seven cards each and the burns from one deck); is {}",
                    floorbook_hand::MAX_STUD_PLAYERS,
                    self.seats_per_table
                ),
                Some(Rule::TdaRp10),
            );
        }
        for (i, l) in schedule.iter().enumerate() {
            let n = i + 1;
            if stud && (l.bring_in == 0 || l.bring_in >= l.small) {
                bad(
                    "levels.schedule",
                    format!(
                        "level {n}: a stud level is [small bet, big bet, ante, bring-in] with a bring-in of 1 to {} (below the small bet {}); got {}",
                        l.small.saturating_sub(1),
                        l.small,
                        l.bring_in
                    ),
                    Some(Rule::TdaRp10),
                );
            }
            if !stud && l.bring_in != 0 {
                bad(
                    "levels.schedule",
                    format!(
                        "level {n}: a bring-in ({}) is stud's; {} has blinds",
                        l.bring_in,
                        self.game.name()
                    ),
                    None,
                );
            }
            if l.small == 0 || l.small > l.big {
                bad(
                    "levels.schedule",
                    format!(
                        "level {n}: the small blind {} must be at least 1 and at most the big blind {}",
                        l.small, l.big
                    ),
                    Some(Rule::Tr5),
                );
            }
            if i > 0 && l.big <= schedule[i - 1].big {
                bad(
                    "levels.schedule",
                    format!(
                        "level {n}: the big blind {} does not rise above level {}'s {}",
                        l.big,
                        n - 1,
                        schedule[i - 1].big
                    ),
                    Some(Rule::Tr5),
                );
            }
        }
        let levels = self.levels.schedule.len() as u32;
        for (i, [after, minutes]) in self.levels.breaks.iter().enumerate() {
            if *after == 0 || *after >= levels || *minutes == 0 {
                bad(
                    &format!("levels.breaks[{i}]"),
                    format!(
                        "a break is [after level 1 to {}, minutes of at least 1]; got [{after}, {minutes}]",
                        levels.saturating_sub(1)
                    ),
                    Some(Rule::Tr5),
                );
            }
        }
        if self.levels.lengths.len() > self.levels.schedule.len()
            || self.levels.lengths.iter().any(|m| *m > MAX_LEVEL_MINUTES)
        {
            bad(
                "levels.lengths",
                format!(
                    "minutes by level: at most one per level ({levels}), each 0 (the default `minutes`) to {MAX_LEVEL_MINUTES}; got {:?}",
                    self.levels.lengths
                ),
                Some(Rule::Tr5),
            );
        }
        if !self.levels.lengths.is_empty() && self.levels.advance == Advance::Orbits {
            bad(
                "levels.lengths",
                "levels by orbits have no minutes".into(),
                Some(Rule::Nob9),
            );
        }
        if !self.levels.breaks.is_empty() && self.levels.advance == Advance::Orbits {
            bad(
                "levels.breaks",
                "breaks stop a level clock; levels by orbits have none".into(),
                Some(Rule::Nob9),
            );
        }
        match self.levels.advance {
            Advance::Time | Advance::Button if self.levels.minutes.unwrap_or(0) == 0 => {
                bad(
                    "levels.minutes",
                    "levels by time need their minutes".into(),
                    Some(Rule::Tr5),
                );
            }
            Advance::Orbits => {
                let o = &self.levels.orbits;
                if o.is_empty() || o.iter().any(|[_, orbits]| *orbits == 0) {
                    bad(
                        "levels.orbits",
                        "levels by orbits need [players, orbits] pairs with orbits of at least 1"
                            .into(),
                        Some(Rule::Nob9),
                    );
                } else if o.windows(2).any(|w| w[0][0] <= w[1][0])
                    || o.last().is_some_and(|[p, _]| *p > 1)
                {
                    bad(
                        "levels.orbits",
                        "player thresholds must fall and end at 1".into(),
                        Some(Rule::Nob9),
                    );
                }
            }
            _ => {}
        }
        // Chip races: the raced chips are the smallest in play, and every blind and ante can
        // be paid with the chips that remain.
        let mut in_play: Vec<u64> = self.chips.clone();
        let mut races: Vec<&ChipRace> = self.chip_race.iter().collect();
        races.sort_by_key(|r| r.after_level);
        if races
            .windows(2)
            .any(|w| w[0].after_level == w[1].after_level)
        {
            bad(
                "chip_race",
                "two chip races after the same level".into(),
                Some(Rule::Tr15),
            );
        }
        let mut race_iter = races.into_iter().peekable();
        for (i, l) in schedule.iter().enumerate() {
            let n = i + 1;
            let unit = in_play.first().copied().unwrap_or(1).max(1);
            for (what, amount) in [
                ("small blind", l.small),
                ("big blind", l.big),
                ("ante", l.ante),
                ("bring-in", l.bring_in),
            ] {
                if !amount.is_multiple_of(unit) {
                    bad(
                        "levels.schedule",
                        format!(
                            "level {n}: the {what} {amount} cannot be paid with chips of {unit} and up"
                        ),
                        Some(Rule::Tr15),
                    );
                }
            }
            while let Some(race) = race_iter.next_if(|r| r.after_level == n) {
                for d in &race.denominations {
                    let Some(pos) = in_play.iter().position(|c| c == d) else {
                        bad(
                            "chip_race",
                            format!("after level {n}: {d} is not a chip in play"),
                            Some(Rule::Tr15),
                        );
                        continue;
                    };
                    if pos != 0 {
                        bad(
                            "chip_race",
                            format!(
                                "after level {n}: {d} is raced while the smaller {} stays in play",
                                in_play[0]
                            ),
                            Some(Rule::Tr15),
                        );
                    }
                    in_play.remove(pos);
                }
                if in_play.is_empty() {
                    bad(
                        "chip_race",
                        format!("after level {n}: no chips would remain"),
                        Some(Rule::Tr15),
                    );
                }
            }
        }
        for race in race_iter {
            bad(
                "chip_race",
                format!(
                    "after level {}: there is no such level (the schedule has {})",
                    race.after_level,
                    schedule.len()
                ),
                Some(Rule::Tr15),
            );
        }
        // Contradictions.
        if self.betting.raise_cap == Some(0) {
            bad(
                "betting.raise_cap",
                "a cap of 0 would forbid every bet".into(),
                Some(Rule::Nob12),
            );
        }
        if (self.balancing.rule == BalancingRule::Nob7 || self.seating.tables == TableCount::Nob7)
            && self.seats_per_table > 8
        {
            bad(
                "seats_per_table",
                format!(
                    "NOB-7 plays at most 8 to a table; the profile seats {}",
                    self.seats_per_table
                ),
                Some(Rule::Nob7),
            );
        }
        if (self.balancing.rule == BalancingRule::Nob7) != (self.seating.tables == TableCount::Nob7)
        {
            bad(
                "balancing.rule",
                "NOB-7 seating and NOB-7 balancing go together".into(),
                Some(Rule::Nob7),
            );
        }
        if self.seating.tables == TableCount::Plo1 {
            if self.seats_per_table < 9 {
                bad(
                    "seats_per_table",
                    "PLO-1 puts up to 9 players on one table".into(),
                    Some(Rule::Plo1),
                );
            }
            if self.max_players.is_none_or(|m| m > 27) {
                bad(
                    "max_players",
                    "PLO-1 takes at most 27 players (3 tables)".into(),
                    Some(Rule::Plo1),
                );
            }
        }
        if self.levels.advance != Advance::Orbits
            && (self.levels.cap.is_some() || !self.levels.orbits.is_empty())
        {
            bad(
                "levels",
                "orbits and the blind cap belong to levels by orbits (NOB-9)".into(),
                Some(Rule::Nob9),
            );
        }
        if self.structure == Structure::PotLimit && self.betting.chip_reading == ChipReading::Tr23 {
            bad(
                "betting.chip_reading",
                "TR-23's full-value oversized chip contradicts pot limit; use gcb4 with PLO-9's declared amounts".into(),
                Some(Rule::Plo8),
            );
        }
        if self.clock.seconds == 0 {
            bad(
                "clock.seconds",
                "a clock call needs some seconds".into(),
                Some(Rule::Tr19),
            );
        }
        out
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_builtin_profile_is_sound() {
        for name in builtin_names() {
            let (_, p) = builtin(name).expect("exists");
            let p = p.unwrap_or_else(|e| panic!("{name}: {e}"));
            assert_eq!(p.name, name);
            assert_eq!(p.check(), vec![], "{name}");
        }
    }

    #[test]
    fn tr_13_and_tr_14_structures_are_as_the_seed_says() {
        let (_, top) = builtin("top18").expect("top18");
        let top = top.expect("reads");
        assert_eq!(top.starting_chips, 1500);
        assert_eq!(top.levels.schedule.len(), 14);
        assert_eq!(
            top.levels.schedule[13],
            Level {
                bring_in: 0,
                small: 2500,
                big: 5000,
                ante: 0
            }
        );
        let (_, deep) = builtin("deepstack").expect("deepstack");
        let deep = deep.expect("reads");
        assert_eq!(deep.starting_chips, 15000);
        assert_eq!(deep.levels.schedule.len(), 18);
        assert_eq!(
            deep.chip_race
                .iter()
                .map(|r| r.after_level)
                .collect::<Vec<_>>(),
            vec![3, 6]
        );
    }

    fn edited(name: &str, from: &str, to: &str) -> Vec<String> {
        let (text, _) = builtin(name).expect("exists");
        assert!(text.contains(from), "{from}");
        let p = Profile::from_toml(&text.replacen(from, to, 1)).expect("still reads");
        p.check().iter().map(ToString::to_string).collect()
    }

    #[test]
    fn levels_out_of_order_are_named() {
        let problems = edited("top18", "[30, 60], [40, 80]", "[30, 60], [20, 40]");
        assert_eq!(
            problems,
            vec![
                "levels.schedule: level 4: the big blind 40 does not rise above level 3's 60 (TR-5)"
            ]
        );
    }

    #[test]
    fn blinds_that_the_remaining_chips_cannot_pay_are_named() {
        // After the race of the 10s and 50s, a blind of 150 cannot be paid in 100s.
        let problems = edited("top18", "[100, 200], [200, 400]", "[150, 200], [200, 400]");
        assert_eq!(
            problems,
            vec![
                "levels.schedule: level 6: the small blind 150 cannot be paid with chips of 100 and up (TR-15)"
            ]
        );
    }

    #[test]
    fn racing_a_chip_while_a_smaller_one_stays_is_named() {
        let problems = edited("top18", "denominations = [10, 50]", "denominations = [50]");
        assert!(
            problems
                .iter()
                .any(|p| p.contains("50 is raced while the smaller 10 stays in play")),
            "{problems:?}"
        );
    }

    #[test]
    fn starting_chips_past_a_trillion_are_named() {
        let problems = edited(
            "nob",
            "starting_chips = 100 ",
            "starting_chips = 9999999999999999999 ",
        );
        assert_eq!(
            problems,
            vec![
                "starting_chips: at most 1000000000000, so that the chips of a field of millions are counted exactly in 64 bits; is 9999999999999999999 (TR-13)"
            ]
        );
        assert_eq!(
            edited(
                "nob",
                "starting_chips = 100 ",
                "starting_chips = 1000000000000 "
            ),
            Vec::<String>::new()
        );
    }

    #[test]
    fn a_field_of_fewer_than_two_is_named() {
        assert_eq!(
            edited("plo27", "max_players = 27 ", "max_players = 1 "),
            vec!["max_players: a tournament needs at least 2 players; is 1"]
        );
    }

    #[test]
    fn a_minimum_age_nobody_reaches_is_named() {
        assert_eq!(
            edited("top18", "min_age = 18 ", "min_age = 4294967295 "),
            vec!["min_age: must be 0 to 120 (years); is 4294967295 (TR-0a)"]
        );
    }

    #[test]
    fn contradictions_are_named() {
        let problems = edited("nob", "seats_per_table = 8", "seats_per_table = 9");
        assert_eq!(
            problems,
            vec!["seats_per_table: NOB-7 plays at most 8 to a table; the profile seats 9 (NOB-7)"]
        );
        let problems = edited(
            "plo27",
            "chip_reading = \"gcb4\"",
            "chip_reading = \"tr23\"",
        );
        assert_eq!(problems.len(), 1, "{problems:?}");
        assert!(problems[0].contains("PLO-8"));
    }

    #[test]
    fn unknown_fields_and_values_are_errors() {
        let (text, _) = builtin("top18").expect("exists");
        let err =
            Profile::from_toml(&text.replacen("odd_chip =", "odd_chips =", 1)).expect_err("typo");
        assert!(err.to_string().contains("odd_chips"), "{err}");
        let err = Profile::from_toml(&text.replacen("\"left_of_button\"", "\"to_the_dealer\"", 1))
            .expect_err("bad value");
        assert!(err.to_string().contains("to_the_dealer"), "{err}");
    }
}
