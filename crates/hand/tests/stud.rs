//! Seven-card stud at a live table: the bring-in, the order of action, fixed-limit betting and
//! the TDA's stud procedures (TDA-RP-10 A–H, RP-5 D), each from the seed's own words.

use floorbook_cards::Card;
use floorbook_hand::{
    Chips, HandCommand, HandEvent, IrregularityKind, Phase, Pos, Rejection, ShowOrMuck, Street,
    StudGame, Turns,
};
use floorbook_hand::{Hand, HandRules, HandSetup};
use floorbook_rules::Rule;

fn card(s: &str) -> Card {
    s.parse().expect("card")
}

fn hand_with(game: StudGame, stacks: &[u64], ante: u64, absent: &[bool]) -> Hand {
    let rules = HandRules::fixed_limit_stud(game, Chips(5), Chips(10), Chips(20));
    let setup = HandSetup {
        stacks: stacks.iter().map(|&s| Chips(s)).collect(),
        antes: vec![Chips(ante); stacks.len()],
        blinds: Vec::new(),
        carried: Chips::ZERO,
        dead_blinds: Vec::new(),
        first_to_act: None,
        absent: absent.to_vec(),
    };
    Hand::new(rules, setup).expect("hand")
}

fn hand(game: StudGame, stacks: &[u64]) -> Hand {
    hand_with(game, stacks, 1, &[])
}

/// Deals third street: each entry is a player's two down cards and his up card, `??` unknown.
fn third(h: &mut Hand, deal: &[&str]) {
    for (p, cards) in deal.iter().enumerate() {
        let cs: Vec<Option<Card>> = cards
            .split_whitespace()
            .map(|c| (c != "??").then(|| card(c)))
            .collect();
        h.deal_hole(Pos(p), &cs).expect("deal third street");
    }
}

/// One card to each live player, in seat order.
fn street(h: &mut Hand, cards: &[&str]) {
    let mut it = cards.iter();
    for p in 0..h.players() {
        if h.cards_due(Pos(p)).0 > 0 {
            let c = it.next().expect("a card for every player");
            let c = (*c != "??").then(|| card(c));
            h.deal_hole(Pos(p), &[c]).expect("deal");
        }
    }
}

fn first_to_act(h: &Hand) -> Vec<(Street, usize, bool, Vec<Rule>)> {
    h.events()
        .iter()
        .filter_map(|e| match e {
            HandEvent::FirstToAct {
                street,
                pos,
                bring_in,
                rules,
                ..
            } => Some((*street, pos.0, *bring_in, rules.iter().collect())),
            _ => None,
        })
        .collect()
}

fn irregularities(h: &Hand) -> Vec<(IrregularityKind, String)> {
    h.events()
        .iter()
        .filter_map(|e| match e {
            HandEvent::Irregularity { kind, remedy, .. } => Some((*kind, remedy.clone())),
            _ => None,
        })
        .collect()
}

#[test]
fn the_lowest_up_card_by_suit_brings_it_in() {
    let mut h = hand(StudGame::High, &[100, 100, 100]);
    // Two deuces showing: the club is the lowest suit.
    third(&mut h, &["As Ks 2d", "Ah Kh 2c", "Ad Kd 9s"]);
    assert_eq!(h.actor(), Some(Pos(1)));
    let legal = h.legal().expect("legal");
    assert_eq!(legal.bring_in, Some(Chips(5)));
    // No check or call before the bring-in: what he puts in first is the bring-in (or a
    // completion).
    assert_eq!(legal.call, Chips(5), "no check or call before the bring-in");
    assert!(!legal.fold, "the bring-in cannot be folded");
    assert_eq!(
        legal.raise_to,
        Some((Chips(10), Chips(10))),
        "or he completes to the small bet"
    );
    assert_eq!(
        first_to_act(&h)[0],
        (Street::Third, 1, true, vec![Rule::TdaRp10])
    );
    // Refused, naming the rule and what he may do; nothing changes.
    let before = h.clone();
    let err = h.fold(Pos(1)).expect_err("the bring-in must be posted");
    assert!(matches!(err, Rejection::BringInDue { .. }));
    assert!(err.to_string().contains("5") && err.to_string().contains("complet"));
    assert!(matches!(
        h.check_or_call(Pos(1)),
        Err(Rejection::BringInDue { .. })
    ));
    assert_eq!(h, before);
    h.post_bring_in(Pos(1)).expect("bring in");
    assert_eq!(h.actor(), Some(Pos(2)));
    let legal = h.legal().expect("legal");
    assert_eq!((legal.bring_in, legal.call), (None, Chips(5)));
}

#[test]
fn razz_the_highest_up_card_brings_it_in_and_the_best_low_leads() {
    let mut h = hand(StudGame::Razz, &[100, 100, 100]);
    // Kings showing: in Razz the highest card brings it in, spades over hearts.
    third(&mut h, &["2s 3s Kh", "2h 3h Ks", "2d 3d 4c"]);
    assert_eq!(h.actor(), Some(Pos(1)));
    h.post_bring_in(Pos(1)).expect("bring in");
    h.check_or_call(Pos(2)).expect("call");
    h.check_or_call(Pos(0)).expect("call");
    // Fourth street: 4-5 is the best low showing, ahead of K-A and K-Q.
    street(&mut h, &["Ac", "Qd", "5h"]);
    assert_eq!(h.actor(), Some(Pos(2)));
}

#[test]
fn fixed_limit_completion_raises_and_the_cap() {
    let mut h = hand(StudGame::High, &[500, 500, 500]);
    third(&mut h, &["As Ks 2d", "Ah Kh 9c", "Ad Kd 9s"]);
    h.post_bring_in(Pos(0)).expect("bring in");
    // A completion is to the small bet exactly.
    let err = h
        .bet_or_raise_to(Pos(1), Chips(15))
        .expect_err("fixed limit");
    assert!(
        matches!(err, Rejection::FixedLimit { to: Chips(10), .. }),
        "{err}"
    );
    h.bet_or_raise_to(Pos(1), Chips(10)).expect("complete");
    h.bet_or_raise_to(Pos(2), Chips(20)).expect("raise");
    h.bet_or_raise_to(Pos(0), Chips(30)).expect("re-raise");
    h.bet_or_raise_to(Pos(1), Chips(40)).expect("cap");
    // The completion and three raises: capped.
    let err = h.bet_or_raise_to(Pos(2), Chips(50)).expect_err("capped");
    assert!(err.to_string().contains("capped"), "{err}");
    assert_eq!(h.legal().expect("legal").raise_to, None);
    h.check_or_call(Pos(2)).expect("call");
    h.check_or_call(Pos(0)).expect("call");
    assert_eq!(h.street(), Street::Fourth);
}

#[test]
fn tda_rp_10_d_tied_hands_showing_the_high_card_by_suit_starts() {
    let mut h = hand(StudGame::High, &[100, 100, 100]);
    third(&mut h, &["2s 3s 4d", "2h 3h Ks", "2d 3d Kh"]);
    h.post_bring_in(Pos(0)).expect("bring in");
    h.check_or_call(Pos(1)).expect("call");
    h.check_or_call(Pos(2)).expect("call");
    // K-7 against K-7: the king of spades is the high card by suit.
    street(&mut h, &["5c", "7c", "7d"]);
    assert_eq!(h.actor(), Some(Pos(1)));
    let ftas = first_to_act(&h);
    assert_eq!(ftas[1], (Street::Fourth, 1, false, vec![Rule::TdaRp10]));
}

#[test]
fn tda_rp_10_e_the_low_card_all_in_with_the_ante_betting_starts_left_of_him() {
    // Position 1 has only his ante and holds the deuce.
    let mut h = hand(StudGame::High, &[100, 1, 100, 100]);
    third(&mut h, &["As Ks 9d", "Ah Kh 2c", "Ad Kd 9s", "Ac Kc 8h"]);
    let ftas = first_to_act(&h);
    assert_eq!(ftas[0].1, 1, "the deuce is the low card");
    assert!(!ftas[0].2, "but he cannot bring it in");
    // Left of him: position 2 must bring it in or fold.
    assert_eq!(h.actor(), Some(Pos(2)));
    let legal = h.legal().expect("legal");
    assert!(legal.fold && legal.bring_in == Some(Chips(5)));
    h.fold(Pos(2)).expect("he may fold");
    assert_eq!(h.legal().expect("legal").bring_in, Some(Chips(5)));
    h.post_bring_in(Pos(3)).expect("the next brings it in");
}

#[test]
fn tda_rp_10_f_a_pair_on_fourth_street_does_not_double_the_bet() {
    let mut h = hand(StudGame::High, &[200, 200]);
    third(&mut h, &["2s 3s 4d", "2h 3h Ks"]);
    h.post_bring_in(Pos(0)).expect("bring in");
    h.check_or_call(Pos(1)).expect("call");
    street(&mut h, &["5c", "Kd"]);
    // Kings showing: still the small bet.
    assert_eq!(h.actor(), Some(Pos(1)));
    assert_eq!(
        h.legal().expect("legal").raise_to,
        Some((Chips(10), Chips(10)))
    );
    assert!(first_to_act(&h)[1].3.contains(&Rule::TdaRp10));
    let err = h
        .bet_or_raise_to(Pos(1), Chips(20))
        .expect_err("no double bet");
    assert!(matches!(err, Rejection::FixedLimit { to: Chips(10), .. }));
}

#[test]
fn tda_rp_10_a_an_exposed_down_card_becomes_the_up_card() {
    let mut h = hand(StudGame::High, &[100, 100, 100]);
    h.deal_hole(Pos(0), &[Some(card("As")), Some(card("Ks"))])
        .expect("two down");
    // The dealer turned position 1's first card up: a deuce, so he brings it in.
    h.deal_hole(Pos(1), &[Some(card("2h"))])
        .expect("first down");
    HandCommand::DownCardExposed {
        pos: Pos(1),
        card: card("2h"),
    }
    .apply(&mut h)
    .expect("remedy");
    h.deal_hole(Pos(1), &[None, Some(card("Qd"))])
        .expect("the rest face down, the third card too");
    assert_eq!(h.face_up(Pos(1)), &[true, false, false]);
    h.deal_hole(Pos(0), &[Some(card("9c"))]).expect("up");
    h.deal_hole(Pos(2), &[None, None, Some(card("8d"))])
        .expect("deal");
    assert_eq!(h.actor(), Some(Pos(1)), "he may be the bring-in");
    let (kind, remedy) = &irregularities(&h)[0];
    assert_eq!(*kind, IrregularityKind::StudDownCardExposed);
    assert!(remedy.contains("face down"));
    // Once his up card is out, the floor decides instead.
    let mut late = hand(StudGame::High, &[100, 100]);
    late.deal_hole(Pos(0), &[None, None, Some(card("9c"))])
        .expect("deal");
    let err = late
        .down_card_exposed(Pos(0), card("Ah"))
        .expect_err("too late");
    assert!(err.to_string().contains("TR-26"), "{err}");
}

/// Plays three players to seventh street, checking throughout.
fn to_seventh(stacks: &[u64]) -> Hand {
    let mut h = hand(StudGame::High, stacks);
    third(&mut h, &["2s 3s 4d", "2h 3h Ks", "2d 3d Qh"]);
    h.post_bring_in(Pos(0)).expect("bring in");
    h.check_or_call(Pos(1)).expect("call");
    h.check_or_call(Pos(2)).expect("call");
    for cards in [["5c", "7c", "8d"], ["6c", "9c", "Td"], ["7h", "Jc", "4s"]] {
        street(&mut h, &cards);
        while let Some(actor) = h.actor() {
            h.check_or_call(actor).expect("check");
        }
    }
    assert_eq!(h.street(), Street::Seventh);
    h
}

#[test]
fn tda_rp_10_b_a_seventh_street_card_exposed_is_replaced_while_betting_is_possible() {
    let mut h = to_seventh(&[100, 100, 100]);
    h.deal_hole(Pos(0), &[Some(card("Ac"))]).expect("deal");
    h.seventh_card_exposed(Pos(0), card("Ac")).expect("remedy");
    assert_eq!(h.cards_due(Pos(0)).0, 1, "a replacement is due");
    assert_eq!(h.hole_cards(Pos(0)).len(), 6);
    // The exposed ace cannot come again.
    let err = h
        .deal_hole(Pos(0), &[Some(card("Ac"))])
        .expect_err("out of play");
    assert!(matches!(err, Rejection::CardInPlay { .. }));
    h.deal_hole(Pos(0), &[None])
        .expect("replacement, face down");
    street(&mut h, &["??", "??"]);
    assert_eq!(h.phase(), Phase::Betting);
    assert!(irregularities(&h)[0].1.contains("replaced"));
}

#[test]
fn tda_rp_10_b_with_no_betting_possible_the_exposed_card_stays_up() {
    let mut h = hand(StudGame::High, &[10, 100]);
    third(&mut h, &["2s 3s 4d", "2h 3h Ks"]);
    h.bet_or_raise_to(Pos(0), Chips(9))
        .expect("complete all in");
    h.check_or_call(Pos(1)).expect("call");
    assert!(h.phase() == Phase::Showdown);
    h.show_or_muck(
        Pos(0),
        ShowOrMuck::Show(["2s", "3s", "4d"].iter().map(|c| Some(card(c))).collect()),
    )
    .expect("show");
    h.show_or_muck(
        Pos(1),
        ShowOrMuck::Show(["2h", "3h", "Ks"].iter().map(|c| Some(card(c))).collect()),
    )
    .expect("show");
    for cards in [["5c", "7c"], ["6c", "9c"], ["7h", "Jc"]] {
        street(&mut h, &cards);
    }
    h.deal_hole(Pos(1), &[Some(card("Ad"))]).expect("deal");
    h.seventh_card_exposed(Pos(1), card("Ad")).expect("remedy");
    assert_eq!(h.face_up(Pos(1)).last(), Some(&true));
    assert!(irregularities(&h)[0].1.contains("stays"));
}

#[test]
fn tda_rp_10_c_an_absent_player_s_cards_are_dealt_and_folded() {
    // Position 1 is away at the deal; his deuce would have brought it in.
    let mut h = hand_with(StudGame::High, &[100, 100, 100], 1, &[false, true, false]);
    third(&mut h, &["As Ks 9d", "?? ?? 2c", "Ad Kd 8s"]);
    assert!(!h.is_active(Pos(1)));
    assert!(h.events().iter().any(|e| matches!(
        e,
        HandEvent::HandDeclaredDead { pos: Pos(1), rules } if rules.contains(Rule::TdaRp10)
    )));
    // The bring-in is the low card among the live hands; his ante stays in the pot.
    assert_eq!(h.actor(), Some(Pos(2)));
    h.post_bring_in(Pos(2)).expect("bring in");
    h.check_or_call(Pos(0)).expect("call");
    // No card on fourth street for a hand no longer in play.
    assert_eq!(h.cards_due(Pos(1)).0, 0);
    assert_eq!(h.cards_due(Pos(0)).0, 1);
}

#[test]
fn tda_rp_10_h_a_short_stub_reuses_the_burns_or_turns_a_community_card() {
    // Eight players to seventh street: 8 × 6 dealt and 3 burns leave one card.
    let mut h = hand(StudGame::High, &[100; 8]);
    let deck: Vec<Card> = Card::all().collect();
    let mut next = deck.into_iter();
    for p in 0..8 {
        let cs: Vec<Option<Card>> = (0..3).map(|_| next.next()).collect();
        h.deal_hole(Pos(p), &cs).expect("deal");
    }
    while h.street() != Street::Seventh {
        while let Some(actor) = h.actor() {
            match h.legal().expect("legal").bring_in {
                Some(_) => h.post_bring_in(actor).expect("bring in"),
                None => h.check_or_call(actor).expect("call"),
            }
        }
        if h.street() == Street::Seventh {
            break;
        }
        for p in 0..8 {
            let c = next.next();
            h.deal_hole(Pos(p), &[c]).expect("deal");
        }
    }
    assert!(h.board_due() == 1, "the stub cannot give eight cards");
    let (kind, remedy) = irregularities(&h).pop().expect("recorded");
    assert_eq!(kind, IrregularityKind::ShortStub);
    assert!(remedy.starts_with("H C"), "{remedy}");
    let c = next.next().expect("a card");
    h.deal_board(&[c]).expect("community card");
    assert_eq!(h.board(), &[c]);
    // H D: the sixth street's first to act is first again.
    let ftas = first_to_act(&h);
    let (sixth, seventh) = (&ftas[ftas.len() - 2], &ftas[ftas.len() - 1]);
    assert_eq!(sixth.1, seventh.1);
    assert!(seventh.3.contains(&Rule::TdaRp10));
}

#[test]
fn tda_rp_5_d_premature_stud_cards_go_back_and_the_street_comes_without_a_burn() {
    let mut h = hand(StudGame::High, &[100, 100]);
    third(&mut h, &["2s 3s 4d", "2h 3h Ks"]);
    h.post_bring_in(Pos(0)).expect("bring in");
    h.premature_cards(vec![card("Ad"), card("Kc")], None)
        .expect("remedy");
    h.check_or_call(Pos(1)).expect("call");
    let burns = |h: &Hand| {
        h.events()
            .iter()
            .filter(|e| matches!(e, HandEvent::CardBurned { .. }))
            .count()
    };
    assert_eq!(burns(&h), 0, "fourth street comes without a burn");
    // The premature cards were reshuffled into the stub: they may come again.
    street(&mut h, &["Ad", "Kc"]);
    h.check_or_call(Pos(1)).expect("check");
    h.check_or_call(Pos(0)).expect("check");
    assert_eq!(burns(&h), 1, "fifth street has its burn");
}

#[test]
fn hi_lo_splits_the_pot_and_without_a_low_the_high_scoops() {
    let play = |lo_cards: &[&str; 4]| {
        let mut h = hand(StudGame::HiLo, &[100, 100]);
        third(&mut h, &["As 2s 3d", "Kh Kd Ks"]);
        h.post_bring_in(Pos(0)).expect("bring in");
        h.check_or_call(Pos(1)).expect("call");
        for (k, hi) in ["Kc", "9c", "9d", "9h"].iter().enumerate() {
            street(&mut h, &[lo_cards[k], hi]);
            while let Some(actor) = h.actor() {
                h.check_or_call(actor).expect("check");
            }
        }
        for p in [Pos(0), Pos(1)] {
            if h.showdown_next().is_some() {
                let cards: Vec<Option<Card>> = h.hole_cards(p).to_vec();
                h.show_or_muck(p, ShowOrMuck::Show(cards)).expect("show");
            }
        }
        assert_eq!(h.phase(), Phase::Settled);
        h.stacks().to_vec()
    };
    // A-2-3-4-5: a low; the pot of 12 (antes 2, bring-in 5 called) splits 6 and 6.
    assert_eq!(
        play(&["4c", "5c", "Td", "Jd"]),
        vec![Chips(100), Chips(100)]
    );
    // No five cards of eight or less: the kings take it all.
    assert_eq!(play(&["Qc", "Jc", "Td", "Jd"]), vec![Chips(94), Chips(106)]);
}

#[test]
fn a_flop_game_procedure_is_refused_at_a_stud_table_naming_both() {
    let mut h = hand(StudGame::High, &[100, 100]);
    let before = h.clone();
    let err = HandCommand::FlopWithoutBurn {
        burn_pick: 0,
        next: None,
    }
    .apply(&mut h)
    .expect_err("not stud");
    assert!(err.to_string().contains("stud"), "{err}");
    assert_eq!(h, before);
}

#[test]
fn tr_21_an_action_out_of_turn_is_held_and_binding_at_a_stud_table() {
    use floorbook_hand::OutOfTurn;
    let mut h = hand(StudGame::High, &[500, 500, 500]);
    third(&mut h, &["As Ks 2d", "Ah Kh 9c", "Ad Kd 9s"]);
    // Position 2 calls before position 1 has acted on the bring-in: held.
    h.act_out_of_turn(Pos(2), OutOfTurn::Call).expect("held");
    h.post_bring_in(Pos(0)).expect("bring in");
    // Position 1 completes; the held call stands (TR-21) and calls the completion.
    h.bet_or_raise_to(Pos(1), Chips(10)).expect("complete");
    assert!(h.events().iter().any(|e| matches!(
        e,
        HandEvent::OutOfTurnResolved { pos: Pos(2), applied: true, rules } if rules.contains(Rule::Tr21)
    )));
    assert_eq!(h.bets()[2], Chips(10), "the held call met the completion");
    assert_eq!(h.actor(), Some(Pos(0)));
    // A held check facing a bet is void.
    h.check_or_call(Pos(0)).expect("call");
    street(&mut h, &["5c", "Qc", "8s"]);
    let first = h.actor().expect("someone acts");
    let later = Pos((first.0 + 2) % 3);
    h.act_out_of_turn(later, OutOfTurn::Check).expect("held");
    h.bet_or_raise_to(first, Chips(10)).expect("bet");
    let middle = h.actor().expect("next");
    h.check_or_call(middle).expect("call");
    assert!(h.events().iter().any(|e| matches!(
        e,
        HandEvent::OutOfTurnResolved { pos, applied: false, .. } if *pos == later
    )));
    assert_eq!(h.actor(), Some(later), "his check was void: he acts now");
}

#[test]
fn tr_3_5_and_tr_3_7_cards_shown_after_a_stud_hand() {
    let mut h = hand(StudGame::High, &[100, 100, 100]);
    third(&mut h, &["As Ks 2d", "Ah ?? 9c", "Ad Kd 9s"]);
    h.post_bring_in(Pos(0)).expect("bring in");
    h.fold(Pos(1)).expect("fold");
    h.fold(Pos(2)).expect("fold");
    assert_eq!(h.phase(), Phase::Settled);
    // His unknown down card cannot be one in play elsewhere: the refusal names it.
    let before = h.clone();
    assert_eq!(
        h.shown_after_hand(Pos(1), vec![card("Ks")]),
        Err(Rejection::CardInPlay { card: card("Ks") })
    );
    assert_eq!(h, before);
    // The folded player shows his unknown down card: it becomes known (TR-3.5).
    h.shown_after_hand(Pos(1), vec![card("Qc")]).expect("shown");
    assert_eq!(h.hole_cards(Pos(1))[1], Some(card("Qc")));
    // A card in play elsewhere is not his.
    let before = h.clone();
    let err = h
        .shown_after_hand(Pos(2), vec![card("As")])
        .expect_err("not his");
    assert!(matches!(err, Rejection::NotDealtCard { .. }), "{err}");
    assert_eq!(h, before);
    // The uncalled winner shows by choice (TR-3.7).
    h.shown_after_hand(Pos(0), vec![card("As")]).expect("shown");
    assert!(h.events().iter().any(|e| matches!(
        e,
        HandEvent::WinnerShowedByChoice { pos: Pos(0), shown: 1, rules } if rules.contains(Rule::Tr37)
    )));
    assert!(h.events().iter().any(|e| matches!(
        e,
        HandEvent::ShownAfterHand { pos: Pos(1), rules, .. } if rules.contains(Rule::Tr35)
    )));
}

#[test]
fn tr_11_at_a_stud_showdown_the_dealer_names_the_down_cards_or_the_whole_hand() {
    let mut h = to_seventh(&[100, 100, 100]);
    street(&mut h, &["Ac", "Ad", "As"]);
    while let Some(actor) = h.actor() {
        h.check_or_call(actor).expect("check");
    }
    let first = h.showdown_next().expect("a showdown");
    // A card he was not dealt is refused, naming it; nothing changes.
    let before = h.clone();
    let down: Vec<Option<Card>> = h
        .hole_cards(first)
        .iter()
        .zip(h.face_up(first))
        .filter(|(_, up)| !**up)
        .map(|(c, _)| *c)
        .collect();
    let mut wrong = down.clone();
    wrong[0] = Some(card("Kc"));
    let err = h
        .show_or_muck(first, ShowOrMuck::Show(wrong))
        .expect_err("not his");
    assert!(
        matches!(err, Rejection::NotDealtCard { card, .. } if card == card_kc()),
        "{err}"
    );
    assert_eq!(h, before);
    // His three down cards alone: the up cards are on the table.
    h.show_or_muck(first, ShowOrMuck::Show(down))
        .expect("shown");
    assert!(h.face_up(first).iter().all(|&u| u));
    // The next shows his whole hand.
    let next = h.showdown_next().expect("the next");
    let whole = h.hole_cards(next).to_vec();
    h.show_or_muck(next, ShowOrMuck::Show(whole))
        .expect("shown");
}

fn card_kc() -> Card {
    card("Kc")
}

#[test]
fn tr_26_the_floor_corrects_a_stud_players_recorded_cards() {
    let mut h = hand(StudGame::High, &[100, 100]);
    third(&mut h, &["?? ?? 4d", "2h 3h Ks"]);
    let cmd = HandCommand::CorrectHoleCards {
        pos: Pos(0),
        cards: vec![card("As"), card("Ad"), card("4d")],
        reason: "the terminal left his down cards out".into(),
    };
    cmd.apply(&mut h).expect("corrected");
    assert_eq!(
        h.hole_cards(Pos(0)),
        &[Some(card("As")), Some(card("Ad")), Some(card("4d"))]
    );
    assert_eq!(
        h.face_up(Pos(0)),
        &[false, false, true],
        "up and down as dealt"
    );
    // A card in play elsewhere cannot be his.
    let before = h.clone();
    let err = HandCommand::CorrectHoleCards {
        pos: Pos(1),
        cards: vec![card("As"), card("3h"), card("Ks")],
        reason: "x".into(),
    }
    .apply(&mut h)
    .expect_err("in play");
    assert!(matches!(err, Rejection::CardInPlay { .. }));
    assert_eq!(h, before);
}

/// TDA-RP-5 D with RP-10 H: a burn dealt before premature cards stays burned (RP-5 A to C)
/// and the street comes without another, so the stub is as long as without the mistake and
/// RP-10 H counts that burn. Seven players to seventh street need 7 + 2 cards; 7 × 6 dealt and
/// three burns leave 7: short, and the three earlier burns make it 10 (H A). Read as before (no
/// burn said, none counted), two premature streets left the stub two cards long, 9: no remedy
/// at all, where H A is due.
#[test]
fn tda_rp_5_d_a_burn_before_premature_cards_stays_burned_and_counts_for_the_stub() {
    let seventh = |burned: Option<bool>| {
        let mut h = hand(StudGame::High, &[100; 7]);
        let mut next = Card::all();
        for p in 0..7 {
            let cs: Vec<Option<Card>> = (0..3).map(|_| next.next()).collect();
            h.deal_hole(Pos(p), &cs).expect("deal");
        }
        let mut premature_on = vec![Street::Fourth, Street::Fifth];
        while h.street() != Street::Seventh {
            while let Some(actor) = h.actor() {
                if premature_on.first() == Some(&h.street()) {
                    premature_on.remove(0);
                    let c = next.next().expect("a card");
                    h.premature_cards(vec![c], burned).expect("remedy");
                }
                match h.legal().expect("legal").bring_in {
                    Some(_) => h.post_bring_in(actor).expect("bring in"),
                    None => h.check_or_call(actor).expect("call"),
                }
            }
            if h.street() == Street::Seventh {
                break;
            }
            for p in 0..7 {
                let c = next.next();
                h.deal_hole(Pos(p), &[c]).expect("deal");
            }
        }
        let burns = h
            .events()
            .iter()
            .filter(|e| matches!(e, HandEvent::CardBurned { .. }))
            .count();
        let remedy = irregularities(&h)
            .into_iter()
            .rfind(|(k, _)| *k == IrregularityKind::ShortStub)
            .map(|(_, remedy)| remedy);
        (burns, remedy)
    };
    let (burns, remedy) = seventh(Some(true));
    // Fourth and seventh street deal their burns; fifth's and sixth's lay before the
    // premature cards and stay burned.
    assert_eq!(burns, 2);
    assert!(
        remedy.as_deref().is_some_and(|r| r.starts_with("H A")),
        "{remedy:?}"
    );
    assert_eq!(
        seventh(None).1,
        None,
        "the reading before: the stub counted long"
    );
    // No burn before the premature cards: the streets come with their burns as usual.
    let (burns, remedy) = seventh(Some(false));
    assert_eq!(burns, 4);
    assert!(
        remedy.as_deref().is_some_and(|r| r.starts_with("H A")),
        "{remedy:?}"
    );
}

/// A hand in play is stored whole (the replay snapshots) and reads back as it was, whatever
/// the game; a stud hand stored when it named its cards `cards`, `up` and `due` reads too, and
/// so does one stored by stud's own engine of before (its rules, set-up and community card).
#[test]
fn a_stored_hand_reads_back_as_it_was_also_under_the_old_names() {
    let mut h = hand(StudGame::High, &[100, 100, 100]);
    third(&mut h, &["?? ?? 3c", "?? ?? Kd", "Ah 2h 9s"]);
    let stored = serde_json::to_value(&h).expect("stored");
    let read: Hand = serde_json::from_value(stored.clone()).expect("read back");
    assert_eq!(read, h);
    assert_eq!(read.hole_cards(Pos(2)).len(), 3);
    let mut before = stored.clone();
    before["rules"] = serde_json::json!({
        "game": "high", "bring_in": 5, "small_bet": 10, "big_bet": 20, "cap": 4,
        "odd_chip": "left_of_button", "chip_unit": 1, "ante_trimming": false,
        "last_live_hand": "wins_the_pot", "out_of_turn": "binding", "live": true
    });
    before["setup"] = serde_json::json!({
        "stacks": [100, 100, 100], "antes": [1, 1, 1], "carried": 0
    });
    before["board"] = serde_json::Value::Null;
    let read: Hand = serde_json::from_value(before).expect("stud's own form of before");
    assert_eq!(read, h);
    let serde_json::Value::Object(mut old) = stored else {
        panic!("a hand is stored as an object");
    };
    for (now, was) in [("hole", "cards"), ("face_up", "up"), ("hole_due", "due")] {
        let v = old.remove(now).expect("stored under its name");
        old.insert(was.to_string(), v);
    }
    let read: Hand = serde_json::from_value(serde_json::Value::Object(old)).expect("old names");
    assert_eq!(read, h);
    assert_eq!(read.hole_cards(Pos(2))[0], Some(card("Ah")));
}
