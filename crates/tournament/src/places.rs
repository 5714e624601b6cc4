//! Finishing places (TR-0b: the order of elimination), with players busted in the same hand
//! ordered by PLO-11 or shared by house policy.

use floorbook_rules::{Rule, RuleSet};
use serde::{Deserialize, Serialize};

use crate::SameHand;
use crate::seating::PlayerId;

/// A player busted in a hand: his stack when the hand began, and when (in the hand's order of
/// actions) he went all-in.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
pub struct Busted {
    pub player: PlayerId,
    pub starting_stack: u64,
    pub all_in_order: u32,
}

/// Places for the players busted in one hand, when `remaining` players are still in: the best
/// of them gets place `remaining + 1`. Returns (player, place) best first.
pub fn places_for_hand(
    busted: &[Busted],
    remaining: u32,
    policy: SameHand,
) -> (Vec<(PlayerId, u32)>, RuleSet) {
    let mut order: Vec<Busted> = busted.to_vec();
    // PLO-11: larger starting stack places higher; equal stacks: the later all-in higher.
    order.sort_by(|a, b| {
        b.starting_stack
            .cmp(&a.starting_stack)
            .then(b.all_in_order.cmp(&a.all_in_order))
            .then(a.player.cmp(&b.player))
    });
    let first = remaining + 1;
    match policy {
        SameHand::LargerStartingStack => (
            order
                .iter()
                .enumerate()
                .map(|(k, b)| (b.player, first + k as u32))
                .collect(),
            RuleSet::of(&[Rule::Plo11, Rule::Tr0b]),
        ),
        SameHand::Shared => (
            order.iter().map(|b| (b.player, first)).collect(),
            RuleSet::of(&[Rule::Tr0b]),
        ),
    }
}
