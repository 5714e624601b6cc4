//! The league decides as every domain does (issue 34): a command gives its events or a refusal
//! that changes nothing, and the events folded give the league the command described.

use floorbook_league::{
    Formula, Imported, League, LeagueCommand, LeagueError, LeagueEvent, Reentries, Season, Ties,
};

fn season() -> Season {
    Season {
        formula: Formula::Table {
            points: vec![10.0, 6.0, 3.0],
        },
        best: None,
        ties: Ties::Best,
        aging: None,
        reentries: Reentries::default(),
        per_bounty_euro: None,
        per_prize_euro: None,
    }
}

fn result(player: &str, place: u32) -> Imported {
    serde_json::from_value(
        serde_json::json!({"player": player, "place": place, "buy_in": 20.0, "spend": 20.0}),
    )
    .expect("a result")
}

/// Decides and folds, as the ledger records.
fn run(l: &mut League, c: &LeagueCommand) -> Result<Vec<LeagueEvent>, LeagueError> {
    let events = l.decide(c)?;
    for e in &events {
        l.apply(e).expect("a decided event folds");
    }
    Ok(events)
}

fn attach(chain: &str, results: Vec<Imported>) -> LeagueCommand {
    LeagueCommand::Attach {
        chain: chain.into(),
        seq: 9,
        head: "ab".into(),
        entrants: 3,
        results,
        signed: None,
        receipt: None,
    }
}

#[test]
fn a_season_is_decided_command_by_command_and_refusals_change_nothing() {
    let mut l = League::default();
    // Nothing before the league is created.
    assert_eq!(
        l.decide(&attach("t-1", vec![result("Ann", 1)])),
        Err(LeagueError::NotCreated)
    );
    let created = run(
        &mut l,
        &LeagueCommand::Create {
            name: "club".into(),
            season: "2026".into(),
            rules: season(),
        },
    )
    .expect("created");
    assert!(matches!(created.as_slice(), [LeagueEvent::Created { name, .. }] if name == "club"));
    run(
        &mut l,
        &attach(
            "t-1",
            vec![result("Ann", 1), result("Bob", 2), result("Cid", 3)],
        ),
    )
    .expect("attached");
    let before = l.clone();
    let refusals = [
        (
            LeagueCommand::Create {
                name: "club".into(),
                season: "2027".into(),
                rules: season(),
            },
            LeagueError::CreatedTwice,
        ),
        (
            attach("t-1", vec![result("Ann", 1)]),
            LeagueError::AttachedTwice("t-1".into()),
        ),
        (
            attach("t-2", vec![result("Ann", 4)]),
            LeagueError::Place {
                place: 4,
                entrants: 3,
            },
        ),
        (
            LeagueCommand::Correct {
                chain: "t-1".into(),
                player: "Bob".into(),
                place: 1,
                reason: "  ".into(),
            },
            LeagueError::NoReason,
        ),
        (
            LeagueCommand::Correct {
                chain: "t-9".into(),
                player: "Bob".into(),
                place: 1,
                reason: "typo".into(),
            },
            LeagueError::NotAttached("t-9".into()),
        ),
        (
            LeagueCommand::Correct {
                chain: "t-1".into(),
                player: "Dan".into(),
                place: 1,
                reason: "typo".into(),
            },
            LeagueError::NoResult {
                chain: "t-1".into(),
                player: "Dan".into(),
            },
        ),
        (
            LeagueCommand::Correct {
                chain: "t-1".into(),
                player: "Bob".into(),
                place: 0,
                reason: "typo".into(),
            },
            LeagueError::Place {
                place: 0,
                entrants: 3,
            },
        ),
    ];
    for (command, why) in refusals {
        assert_eq!(run(&mut l, &command), Err(why), "{command:?}");
        assert_eq!(l, before, "a refused {command:?} changed the league");
    }
    let corrected = run(
        &mut l,
        &LeagueCommand::Correct {
            chain: "t-1".into(),
            player: "Bob".into(),
            place: 3,
            reason: "the floor's slip said 3".into(),
        },
    )
    .expect("corrected");
    assert_eq!(corrected.len(), 1);
    let bob = l.results["t-1"].iter().find(|r| r.is("Bob")).expect("Bob");
    assert_eq!(bob.place, 3);
    assert_eq!(l.corrections.len(), 1);
}
