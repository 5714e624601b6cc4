//! Writing an engine hand back as PHH.

use std::fmt::Write as _;

use floorbook_cards::Card;
use floorbook_hand::{GameKind, Hand, HandEvent, Structure};

/// The PHH text of `hand`: its set-up and every action, in order. Heads-up, the antes and
/// blinds are written reversed (PHH's convention), so that a replay reads them back as they
/// were. `scale` is the file unit (1 for whole chips, 100 for cents).
pub fn export(hand: &Hand, scale: u64) -> String {
    let setup = hand.setup();
    let rules = hand.rules();
    let n = hand.players();
    let amount = |c: u64| -> String {
        if scale <= 1 {
            c.to_string()
        } else {
            let digits = scale.ilog10() as usize;
            format!("{}.{:0digits$}", c / scale, c % scale)
        }
    };
    let list = |v: &[floorbook_hand::Chips]| -> String {
        let mut items: Vec<String> = v.iter().map(|c| amount(c.0)).collect();
        if n == 2 {
            items.reverse();
        }
        format!("[{}]", items.join(", "))
    };
    let variant = match (rules.game, rules.structure) {
        (GameKind::Omaha, _) | (_, Structure::PotLimit) => "PO",
        _ => "NT",
    };
    let mut out = String::new();
    let _ = writeln!(out, "variant = \"{variant}\"");
    let _ = writeln!(out, "ante_trimming_status = {}", rules.ante_trimming);
    let _ = writeln!(out, "antes = {}", list(&setup.antes));
    let _ = writeln!(out, "blinds_or_straddles = {}", list(&setup.blinds));
    let _ = writeln!(out, "min_bet = {}", amount(rules.min_bet.0));
    let stacks: Vec<String> = setup.stacks.iter().map(|c| amount(c.0)).collect();
    let _ = writeln!(out, "starting_stacks = [{}]", stacks.join(", "));
    let cards = |cs: &[Option<Card>]| -> String {
        cs.iter()
            .map(|c| c.map_or_else(|| "??".to_string(), |c| c.to_string()))
            .collect()
    };
    let mut actions = Vec::new();
    for e in hand.events() {
        let a = match e {
            // What follows the settlement (TR-3.7's voluntary show) has no PHH notation.
            HandEvent::Settled { .. } => break,
            HandEvent::HoleDealt { pos, cards: cs } => format!("d dh p{} {}", pos.0 + 1, cards(cs)),
            HandEvent::BoardDealt { cards: cs, .. } => {
                let known: Vec<Option<Card>> = cs.iter().map(|&c| Some(c)).collect();
                format!("d db {}", cards(&known))
            }
            HandEvent::Folded { pos } => format!("p{} f", pos.0 + 1),
            HandEvent::Checked { pos } | HandEvent::Called { pos, .. } => {
                format!("p{} cc", pos.0 + 1)
            }
            HandEvent::BetOrRaised { pos, to, .. } => {
                format!("p{} cbr {}", pos.0 + 1, amount(to.0))
            }
            HandEvent::Mucked { pos, .. } => format!("p{} sm", pos.0 + 1),
            HandEvent::Shown { pos, cards: cs } if cs.iter().any(Option::is_some) => {
                format!("p{} sm {}", pos.0 + 1, cards(cs))
            }
            _ => continue,
        };
        actions.push(format!("{a:?}"));
    }
    let _ = writeln!(out, "actions = [{}]", actions.join(", "));
    out
}
