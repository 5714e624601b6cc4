//! Golden seasons and the formulas' numbers, checked by hand (and with Python's `math`).

use floorbook_league::{
    EventResult, Finish, Formula, FormulaError, League, LeagueError, LeagueEvent, MAX_POINTS,
    Season, SeasonError, Ties, format_points, standings,
};
use proptest::prelude::*;

fn finish(n: u32, f: u32, b: f64, e: f64) -> Finish {
    Finish { n, f, b, e }
}

#[test]
fn the_formulas_give_the_numbers_worked_by_hand() {
    // 10·√100/√1·(1+log10(10.25)) = 201.07
    assert_eq!(
        Formula::SqrtEntrants.points(finish(100, 1, 10.0, 10.0)),
        Ok(20107)
    );
    // 10·√27/√3·(1+log10(15.25)) = 65.50
    assert_eq!(
        Formula::SqrtEntrants.points(finish(27, 3, 15.0, 15.0)),
        Ok(6550)
    );
    // √(100·10²/10)/(1+1) = 15.81
    assert_eq!(
        Formula::SpendAdjusted.points(finish(100, 1, 10.0, 10.0)),
        Ok(1581)
    );
    // √(30·15²/30)/(4+1) = 3.00
    assert_eq!(
        Formula::SpendAdjusted.points(finish(30, 4, 15.0, 30.0)),
        Ok(300)
    );
    // ln(101)/2 = 2.31; ln(28)/1 = 3.33
    assert_eq!(
        Formula::LogEntrants.points(finish(100, 2, 0.0, 0.0)),
        Ok(231)
    );
    assert_eq!(
        Formula::LogEntrants.points(finish(27, 1, 0.0, 0.0)),
        Ok(333)
    );
    let table = Formula::Table {
        points: vec![10.0, 7.0, 5.0],
    };
    assert_eq!(table.points(finish(9, 2, 0.0, 0.0)), Ok(700));
    assert_eq!(table.points(finish(9, 4, 0.0, 0.0)), Ok(0));
    assert_eq!(format_points(20107), "201.07");
}

#[test]
fn out_of_range_finishes_are_refused_with_the_range() {
    let e = Formula::LogEntrants.points(finish(9, 10, 0.0, 0.0));
    assert_eq!(e, Err(FormulaError::Place { f: 10, n: 9 }));
    assert!(e.expect_err("refused").to_string().contains("1 to 9"));
    assert_eq!(
        Formula::LogEntrants.points(finish(9, 0, 0.0, 0.0)),
        Err(FormulaError::Place { f: 0, n: 9 })
    );
    assert_eq!(
        Formula::SpendAdjusted.points(finish(9, 1, 10.0, 0.0)),
        Err(FormulaError::Spend(0.0))
    );
    assert_eq!(
        Formula::SqrtEntrants.points(finish(9, 1, -1.0, 1.0)),
        Err(FormulaError::BuyIn(-1.0))
    );
}

#[test]
fn a_finish_worth_more_than_a_season_counts_is_refused_not_rounded() {
    // A buy-in so large the formula's value is past what a season counts, or infinite.
    let e = Formula::SpendAdjusted.points(finish(9, 1, 1e200, 1.0));
    assert_eq!(e, Err(FormulaError::TooMany(f64::INFINITY)));
    // A logarithm of a huge buy-in is still a modest number.
    assert_eq!(
        Formula::SqrtEntrants.points(finish(9, 1, 1e300, 1.0)),
        Ok(903_000)
    );
    let most = Formula::Table {
        points: vec![MAX_POINTS],
    };
    assert_eq!(most.points(finish(9, 1, 0.0, 0.0)), Ok(100_000_000_000_000));
    let past = Formula::Table {
        points: vec![1.0, MAX_POINTS * 2.0],
    };
    let e = past.points(finish(9, 2, 0.0, 0.0));
    assert_eq!(e, Err(FormulaError::Table(1)));
    assert!(
        e.expect_err("refused")
            .to_string()
            .contains("from 0 to 1000000000000")
    );
}

#[test]
fn a_season_total_past_64_bits_is_refused_not_wrapped() {
    // Ninety-three thousand wins at the most a result scores: past i64 in hundredths.
    let season = Season {
        formula: Formula::Table {
            points: vec![MAX_POINTS],
        },
        best: None,
        ties: Ties::Best,
        aging: None,
        reentries: Default::default(),
        per_bounty_euro: None,
        per_prize_euro: None,
    };
    let many: Vec<EventResult> = (0..93_000).map(|i| result(i, "ann", 1, 1)).collect();
    assert_eq!(standings(&season, &many), Err(FormulaError::Total));
    assert!(standings(&season, &many[..90_000]).is_ok());
}

#[test]
fn counting_rules_that_cannot_work_are_refused_when_the_league_is_created() {
    let create = |rules: Season| {
        let mut l = League::default();
        let r = l.apply(&LeagueEvent::Created {
            name: "l".into(),
            season: "2026".into(),
            rules,
        });
        (r, l)
    };
    let base = table_season(Some(3), Ties::Average);
    for (rules, expected) in [
        (
            Season {
                best: Some(0),
                ..base.clone()
            },
            SeasonError::BestZero,
        ),
        (
            Season {
                aging: Some(1.5),
                ..base.clone()
            },
            SeasonError::Aging(1.5),
        ),
        (
            Season {
                aging: Some(0.0),
                ..base.clone()
            },
            SeasonError::Aging(0.0),
        ),
        (
            Season {
                formula: Formula::Table {
                    points: vec![10.0, 1e300],
                },
                ..base.clone()
            },
            SeasonError::Formula(FormulaError::Table(1)),
        ),
    ] {
        let (r, l) = create(rules);
        let err = r.expect_err("refused");
        assert!(
            matches!(&err, LeagueError::Rules(e) if *e == expected),
            "{err}"
        );
        assert_eq!(l, League::default(), "nothing was applied");
    }
    let err = create(Season {
        aging: Some(f64::NAN),
        ..base.clone()
    })
    .0
    .expect_err("NaN");
    let why = std::error::Error::source(&err).map(ToString::to_string);
    assert!(
        why.as_deref()
            .is_some_and(|w| w.contains("above 0 and at most 1")),
        "{err}: {why:?}"
    );
    assert!(
        create(Season {
            aging: Some(0.9),
            ..base
        })
        .0
        .is_ok()
    );
}

fn result(event: usize, player: &str, place: u32, entrants: u32) -> EventResult {
    EventResult {
        event: format!("t-{event}"),
        index: event,
        player: player.into(),
        place,
        entrants,
        buy_in: 10.0,
        spend: 10.0,
        bounties: 0.0,
        prize: 0.0,
    }
}

fn table_season(best: Option<usize>, ties: Ties) -> Season {
    Season {
        formula: Formula::Table {
            points: vec![10.0, 6.0, 3.0, 1.0],
        },
        best,
        ties,
        aging: None,
        reentries: Default::default(),
        per_bounty_euro: None,
        per_prize_euro: None,
    }
}

#[test]
fn a_golden_season_with_best_n_counting_ties_and_shared_ranks() {
    // Three events of four players. Event 2 has a two-way tie for 2nd.
    let results = vec![
        result(0, "ann", 1, 4),
        result(0, "bob", 2, 4),
        result(0, "cat", 3, 4),
        result(0, "dan", 4, 4),
        result(1, "bob", 1, 4),
        result(1, "ann", 2, 4),
        result(1, "cat", 2, 4),
        result(1, "dan", 4, 4),
        result(2, "cat", 1, 4),
        result(2, "dan", 2, 4),
        result(2, "ann", 3, 4),
        result(2, "bob", 4, 4),
    ];
    // All results, ties averaged: event 1's 2nd and 3rd (6 + 3) / 2 = 4.50 each.
    let all = standings(&table_season(None, Ties::Average), &results).expect("standings");
    let pts: Vec<(&str, i64, u32)> = all
        .iter()
        .map(|s| (s.player.as_str(), s.points, s.rank))
        .collect();
    assert_eq!(
        pts,
        vec![
            ("ann", 1000 + 450 + 300, 1),
            ("cat", 300 + 450 + 1000, 1),
            ("bob", 600 + 1000 + 100, 3),
            ("dan", 100 + 100 + 600, 4),
        ]
    );
    // Best 2 of 3: each player's weakest result drops out, and says so.
    let best2 = standings(&table_season(Some(2), Ties::Average), &results).expect("standings");
    let bob = best2.iter().find(|s| s.player == "bob").expect("bob");
    assert_eq!(bob.points, 1600);
    assert_eq!(bob.results.iter().filter(|c| !c.counted).count(), 1);
    assert_eq!(
        bob.results.iter().find(|c| !c.counted).map(|c| c.place),
        Some(4)
    );
    // Ties by the best place: both tied players get 2nd place's 6 points.
    let best_tie = standings(&table_season(None, Ties::Best), &results).expect("standings");
    let ann = best_tie.iter().find(|s| s.player == "ann").expect("ann");
    let tied = ann.results.iter().find(|c| c.event == "t-1").expect("t-1");
    assert_eq!((tied.points, tied.tied), (600, 2));
    // Every point is explained: the formula and the numbers.
    assert!(
        ann.results
            .iter()
            .all(|c| c.formula.contains("fixed table"))
    );
    assert!(ann.results.iter().all(|c| c.finish.n == 4));
}

#[test]
fn aging_weighs_older_events_less() {
    let results = vec![result(0, "ann", 1, 4), result(1, "bob", 1, 4)];
    let mut season = table_season(None, Ties::Average);
    season.aging = Some(0.5);
    let s = standings(&season, &results).expect("standings");
    assert_eq!(s[0].player, "bob");
    assert_eq!(s[0].points, 1000);
    assert_eq!(s[1].points, 500);
}

#[test]
fn a_season_reads_from_toml() {
    let season: Season = toml::from_str(
        r#"
        best = 8
        ties = "best"
        [formula]
        kind = "sqrt_entrants"
        "#,
    )
    .expect("reads");
    assert_eq!(season.formula, Formula::SqrtEntrants);
    assert_eq!(season.best, Some(8));
    assert_eq!(season.ties, Ties::Best);
    assert!(toml::from_str::<Season>("bestt = 3\n[formula]\nkind = \"log_entrants\"").is_err());
}

proptest! {
    #[test]
    fn a_better_place_never_scores_less(n in 2u32..500, b in 0.0f64..1000.0, which in 0usize..3) {
        let formula = [Formula::SqrtEntrants, Formula::SpendAdjusted, Formula::LogEntrants][which].clone();
        let e = b.max(1.0);
        let mut last = i64::MAX;
        for f in 1..=n {
            let p = formula.points(Finish { n, f, b, e }).expect("in range");
            prop_assert!(p <= last, "place {} scores {} after {}", f, p, last);
            prop_assert!(p >= 0);
            last = p;
        }
    }

    #[test]
    fn standings_rank_every_player_once_by_points(places in proptest::collection::vec(1u32..6, 1..30)) {
        let results: Vec<EventResult> = places
            .iter()
            .enumerate()
            .map(|(i, &p)| result(i / 5, &format!("p{}", i % 5), p, 5))
            .collect();
        let s = standings(&table_season(Some(3), Ties::Average), &results).expect("standings");
        let mut players: Vec<&str> = s.iter().map(|x| x.player.as_str()).collect();
        players.sort_unstable();
        players.dedup();
        prop_assert_eq!(players.len(), s.len());
        for w in s.windows(2) {
            prop_assert!(w[0].points >= w[1].points);
            prop_assert!(w[0].rank <= w[1].rank);
        }
        for x in &s {
            prop_assert!(x.results.iter().filter(|c| c.counted).count() <= 3);
        }
    }
}
