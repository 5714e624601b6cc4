//! Writing an engine hand back as PHH.

use std::fmt::Write as _;

use floorbook_cards::Card;
use floorbook_hand::{GameKind, Hand, HandEvent, Structure};

/// The PHH text of `hand`: its set-up and every action, in order. Heads-up, the antes and
/// blinds are written reversed (PHH's convention), so that a replay reads them back as they
/// were. `scale` is the file unit (1 for whole chips, 100 for cents).
pub fn export(hand: &Hand, scale: u64) -> String {
    export_with_unknown(hand, scale, &[])
}

/// As [`export`], with the stacks of the players marked in `unknown` written `inf` (PHH's
/// unknown stack), as the file they were replayed from had them: the deep stack the replay
/// gave them is no part of the record.
pub fn export_with_unknown(hand: &Hand, scale: u64, unknown: &[bool]) -> String {
    let setup = hand.setup();
    let rules = hand.rules();
    let n = hand.players();
    let amount = |c: u64| amount_text(c, scale);
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
    let stacks: Vec<String> = setup
        .stacks
        .iter()
        .enumerate()
        .map(|(i, c)| match unknown.get(i) {
            Some(true) => "inf".to_string(),
            _ => amount(c.0),
        })
        .collect();
    let _ = writeln!(out, "starting_stacks = [{}]", stacks.join(", "));
    let cards = cards_text;
    let mut actions = Vec::new();
    let mut settled = false;
    for e in hand.events() {
        let a = match e {
            HandEvent::Settled { .. } => {
                settled = true;
                continue;
            }
            // After the settlement only the uncalled winner's voluntary show (TR-3.7) follows.
            // PHH writes it when it is the whole hand, as PokerKit reads it; a part of the
            // hand, which a live table allows, has no notation PokerKit accepts.
            HandEvent::Shown { pos, cards: cs }
                if settled && cs.len() == hand.hole_cards(*pos).len() =>
            {
                format!("p{} sm {}", pos.0 + 1, cards(cs))
            }
            _ if settled => continue,
            HandEvent::HoleDealt { pos, cards: cs } => format!("d dh p{} {}", pos.0 + 1, cards(cs)),
            HandEvent::BoardDealt {
                cards: cs, unseen, ..
            } => {
                // Cards not entered are written unknown (`??`), as PHH writes unseen cards.
                let mut known: Vec<Option<Card>> = cs.iter().map(|&c| Some(c)).collect();
                known.extend(std::iter::repeat_n(None, usize::from(*unseen)));
                format!("d db {}", cards(&known))
            }
            other => match action_line(other, scale) {
                Some(a) => a,
                None => continue,
            },
        };
        actions.push(format!("{a:?}"));
    }
    let _ = writeln!(out, "actions = [{}]", actions.join(", "));
    out
}

/// An amount in the file's unit (`scale` 1 for whole chips, 100 for cents), every digit.
pub(crate) fn amount_text(c: u64, scale: u64) -> String {
    if scale <= 1 {
        c.to_string()
    } else {
        let digits = scale.ilog10() as usize;
        format!("{}.{:0digits$}", c / scale, c % scale)
    }
}

/// Cards as PHH writes them, unknown ones as `??`.
pub(crate) fn cards_text(cs: &[Option<Card>]) -> String {
    cs.iter()
        .map(|c| c.map_or_else(|| "??".to_string(), |c| c.to_string()))
        .collect()
}

/// The PHH action of a player's step that every game writes alike (fold, check or call, bet
/// or raise, muck, show); None for any other event.
pub(crate) fn action_line(e: &HandEvent, scale: u64) -> Option<String> {
    Some(match e {
        HandEvent::Folded { pos } => format!("p{} f", pos.0 + 1),
        HandEvent::Checked { pos } | HandEvent::Called { pos, .. } => {
            format!("p{} cc", pos.0 + 1)
        }
        HandEvent::BetOrRaised { pos, to, .. } => {
            format!("p{} cbr {}", pos.0 + 1, amount_text(to.0, scale))
        }
        HandEvent::Mucked { pos, .. } => format!("p{} sm", pos.0 + 1),
        HandEvent::Shown { pos, cards: cs } if cs.iter().any(Option::is_some) => {
            format!("p{} sm {}", pos.0 + 1, cards_text(cs))
        }
        _ => return None,
    })
}

#[cfg(test)]
mod tests {
    use floorbook_cards::Card;
    use floorbook_hand::{Chips, Hand, HandRules, HandSetup, Pos, Turns};

    fn card(s: &str) -> Card {
        s.parse().expect("card")
    }

    /// Position 1 wins when the others fold, then shows `shown` of his Ah Kd (TR-3.7).
    fn fold_win_then_show(shown: &[&str]) -> String {
        let setup = HandSetup {
            absent: Vec::new(),
            stacks: vec![Chips(100); 3],
            antes: vec![Chips::ZERO; 3],
            blinds: vec![Chips(1), Chips(2), Chips::ZERO],
            carried: Chips::ZERO,
            dead_blinds: Vec::new(),
            first_to_act: None,
        };
        let mut h = Hand::new(HandRules::no_limit_holdem(Chips(2)), setup).expect("hand");
        for (p, cards) in [["2c", "3d"], ["Ah", "Kd"], ["7s", "8s"]]
            .iter()
            .enumerate()
        {
            let cs: Vec<_> = cards.iter().map(|c| Some(card(c))).collect();
            h.deal_hole(Pos(p), &cs).expect("deal");
        }
        h.fold(Pos(2)).expect("fold");
        h.fold(Pos(0)).expect("fold");
        let cards = shown.iter().map(|c| card(c)).collect();
        h.winner_shows(Pos(1), cards).expect("show");
        super::export(&h, 1)
    }

    #[test]
    fn tr_3_7_the_uncalled_winner_s_whole_show_is_written_a_part_is_not() {
        let whole = fold_win_then_show(&["Ah", "Kd"]);
        assert!(whole.contains(r#""p1 f", "p2 sm AhKd"]"#), "{whole}");
        // A live table lets him show one card; PHH has no notation PokerKit accepts for it.
        let part = fold_win_then_show(&["Ah"]);
        assert!(part.contains(r#""p1 f"]"#), "{part}");
    }
}
