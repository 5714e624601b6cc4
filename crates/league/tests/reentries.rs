//! Issue 39: a re-entry tournament in a league, worked by hand. Four players start; Bob goes
//! out in hand 5 and re-enters; in hand 9 Bob and Cid go out together (Cid had more chips:
//! he places higher) while entries are still open; entries close; Dan goes out in hand 12 and
//! Ann wins. Five entries: Ann 1, Dan 2, Cid 3, Bob's second entry 4 and his first 5.

use floorbook_league::{
    Formula, League, LeagueEvent, Reentries, Season, Ties, standings, tournament_results,
};
use floorbook_tournament::engine::TournamentEvent;
use serde_json::json;

fn events() -> Vec<TournamentEvent> {
    let mut list = Vec::new();
    for (p, name) in [(1, "Ann"), (2, "Bob"), (3, "Cid"), (4, "Dan")] {
        list.push(json!({"type": "registered", "player": p, "name": name, "buy_in": "20.00", "rules": []}));
    }
    list.extend([
        json!({"type": "started", "tables": 1, "players": 4, "rules": []}),
        json!({"type": "busted", "player": 2, "hand": 5, "rules": []}),
        json!({"type": "entered", "player": 2, "entry": 2, "buy_in": "20.00", "table": 1,
               "seat": 2, "draw": 0, "seats": 5, "stack": 100, "sits_out": false, "rules": []}),
        // One hand's busts are recorded best first: Cid, then Bob.
        json!({"type": "busted", "player": 3, "hand": 9, "rules": []}),
        json!({"type": "busted", "player": 2, "hand": 9, "rules": []}),
        json!({"type": "entries_closed", "level": 3, "entries": 5,
               "places": [[3, 3], [2, 4]], "rules": []}),
        json!({"type": "busted", "player": 4, "place": 2, "hand": 12, "rules": []}),
        json!({"type": "finished", "winner": 1}),
    ]);
    list.into_iter()
        .map(|v| serde_json::from_value(v).expect("an event"))
        .collect()
}

fn league(reentries: Reentries) -> League {
    let mut l = League::default();
    l.apply(&LeagueEvent::Created {
        name: "club".into(),
        season: "2026".into(),
        rules: Season {
            formula: Formula::Table {
                points: vec![10.0, 6.0, 3.0, 2.0, 1.0],
            },
            best: None,
            ties: Ties::Best,
            aging: None,
            reentries,
            per_bounty_euro: None,
            per_prize_euro: None,
        },
    })
    .expect("created");
    let (entrants, results) = tournament_results(&events()).expect("finished");
    l.apply(&LeagueEvent::Attached {
        chain: "t-1".into(),
        seq: 20,
        head: "00".into(),
        entrants,
        results,
        signed: None,
        receipt: None,
    })
    .expect("attached");
    l
}

fn points(l: &League) -> Vec<(String, i64, Vec<u32>)> {
    let rules = l.rules.clone().expect("rules");
    standings(&rules, &l.season_results())
        .expect("standings")
        .into_iter()
        .map(|s| {
            let places = s.results.iter().map(|c| c.place).collect();
            (s.player, s.points, places)
        })
        .collect()
}

#[test]
fn every_entry_is_ranked_among_the_entries() {
    let (entrants, results) = tournament_results(&events()).expect("finished");
    assert_eq!(entrants, 5, "the field is the entries");
    let by: Vec<(&str, u32, &[u32], f64)> = results
        .iter()
        .map(|r| (r.player.as_str(), r.place, r.earlier.as_slice(), r.spend))
        .collect();
    assert_eq!(
        by,
        [
            ("Ann", 1, &[][..], 20.0),
            ("Bob", 4, &[5][..], 40.0),
            ("Cid", 3, &[][..], 20.0),
            ("Dan", 2, &[][..], 20.0),
        ]
    );
}

#[test]
fn a_season_counts_the_best_the_first_or_every_entry() {
    let row = |name: &str, pts: i64, places: &[u32]| (name.to_string(), pts, places.to_vec());
    assert_eq!(
        points(&league(Reentries::Best)),
        [
            row("Ann", 1000, &[1]),
            row("Dan", 600, &[2]),
            row("Cid", 300, &[3]),
            row("Bob", 200, &[4]),
        ]
    );
    assert_eq!(
        points(&league(Reentries::First))
            .into_iter()
            .find(|r| r.0 == "Bob"),
        Some(row("Bob", 100, &[5]))
    );
    assert_eq!(
        points(&league(Reentries::All))
            .into_iter()
            .find(|r| r.0 == "Bob"),
        Some(row("Bob", 300, &[5, 4]))
    );
}

#[test]
fn a_freeze_out_keeps_the_tournament_s_own_places() {
    // Without the re-entry Bob is out in hand 5 for good: four entries, his place 4.
    let list: Vec<TournamentEvent> = events()
        .into_iter()
        .filter(|e| !matches!(e, TournamentEvent::Entered { .. }))
        .filter(|e| !matches!(e, TournamentEvent::Busted { hand: 9, player, .. } if player.0 == 2))
        .collect();
    let (entrants, results) = tournament_results(&list).expect("finished");
    assert_eq!(entrants, 4);
    assert!(results.iter().all(|r| r.earlier.is_empty()));
    // The tournament's own places, as the close gave them.
    let bob = results.iter().find(|r| r.player == "Bob").expect("Bob");
    assert_eq!(bob.place, 4);
}

#[test]
fn bounties_and_prize_money_score_where_the_season_says_so() {
    // Ann knocked Dan out for a 5.00 bounty and was paid 60.00 for first: with a point a euro
    // of bounties and half a point a euro of prize money, 10 + 5 + 30 = 45 points.
    let mut list = events();
    list.insert(
        list.len() - 1,
        serde_json::from_value(json!({"type": "bounty_won", "from": 4, "head": 500,
            "shares": [{"player": 1, "cash": 500}], "rules": []}))
        .expect("an event"),
    );
    list.push(
        serde_json::from_value(
            json!({"type": "prize_paid", "player": 1, "place": 1, "cents": 6000, "rules": []}),
        )
        .expect("an event"),
    );
    let (entrants, results) = tournament_results(&list).expect("finished");
    let ann = results.iter().find(|r| r.player == "Ann").expect("Ann");
    assert_eq!((ann.bounties, ann.prize), (5.0, 60.0));
    let rules = Season {
        formula: Formula::Table {
            points: vec![10.0, 6.0, 3.0, 2.0, 1.0],
        },
        best: None,
        ties: Ties::Best,
        aging: None,
        reentries: Reentries::Best,
        per_bounty_euro: Some(1.0),
        per_prize_euro: Some(0.5),
    };
    let mut l = League::default();
    l.apply(&LeagueEvent::Created {
        name: "club".into(),
        season: "2026".into(),
        rules: rules.clone(),
    })
    .expect("created");
    l.apply(&LeagueEvent::Attached {
        chain: "t-1".into(),
        seq: 22,
        head: "00".into(),
        entrants,
        results,
        signed: None,
        receipt: None,
    })
    .expect("attached");
    let table = standings(&rules, &l.season_results()).expect("standings");
    assert_eq!((table[0].player.as_str(), table[0].points), ("Ann", 4_500));
    assert_eq!(table[0].results[0].bounties, Some(5.0));
    // Points a euro out of range are refused when the league is created.
    let bad = Season {
        per_bounty_euro: Some(-1.0),
        ..rules
    };
    assert!(
        League::default()
            .apply(&LeagueEvent::Created {
                name: "club".into(),
                season: "2026".into(),
                rules: bad,
            })
            .is_err()
    );
}
