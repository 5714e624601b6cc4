//! Every hand of the PokerKit-generated corpus (`tests/phh/corpus.jsonl`, made by
//! `tests/phh/generate.py`) replays to PokerKit's own finishing stacks, or is rejected where
//! PokerKit rejects it.

use floorbook_phh::{parse_phh, replay, replay_any};

#[test]
fn replay_matches_pokerkit_on_the_generated_corpus() {
    check_corpus("corpus.jsonl", 2000);
}

/// Seven to ten short stacks that shove often (`generate.py 1000 99 multiway`): many-way
/// all-ins and the side pots they build, the hardest part of a replay to get exactly right.
/// PokerKit counts 3 pots or more in 501 of its hands, and up to 7 (six side pots).
#[test]
fn replay_matches_pokerkit_on_multiway_all_ins() {
    check_corpus("multiway.jsonl", 1000);
}

/// Straddles, double and triple straddles, and antes that differ from player to player, trimmed
/// or not (`generate.py 2000 31 straddles`). A short stack whose ante is trimmed keeps the
/// chips given back out of his blind, as PokerKit posts it: the first version of this corpus
/// found that (`gen-31-349-truncate`, `gen-31-396`).
#[test]
fn replay_matches_pokerkit_with_straddles_and_uneven_antes() {
    check_corpus("straddles.jsonl", 2000);
}

/// Hands as PokerKit writes PHH (`HandHistory.dumps`: literal strings, `0.0` amounts), the shape
/// of most files in the wild (`tests/phh/dump.py`).
#[test]
fn replay_matches_pokerkit_on_hands_as_pokerkit_writes_them() {
    check_corpus("dumped.jsonl", 500);
}

/// One betting action of each hand damaged (`tests/phh/mutate.py`: raises one chip short or
/// over, halved, doubled or zero, folds made checks, calls made raises): refused exactly where
/// PokerKit refuses. A refused raise names its rule, and a refused amount the allowed range.
#[test]
fn illegal_actions_are_refused_where_pokerkit_refuses_them_with_the_rule() {
    check_corpus("illegal.jsonl", 2000);
    let mut amounts = 0;
    for case in cases("illegal.jsonl") {
        let Ok(hand) = parse_phh(case["phh"].as_str().expect("phh")) else {
            continue;
        };
        let Err(e) = replay(&hand) else { continue };
        let e = e.to_string();
        if e.contains("raise to") || e.contains("cannot bet or raise") {
            let rule = ["(TR-", "(PLO-", "(NOB-", "(GCB-"]
                .iter()
                .any(|r| e.contains(r));
            assert!(rule, "no rule named: {e}");
        }
        if e.contains("raise to") {
            assert!(e.contains("the allowed range is"), "{e}");
            amounts += 1;
        }
    }
    assert!(amounts > 500, "{amounts}");
}

/// Stacks nobody recorded (`inf`, as the PHH standard and the dataset's online hands write
/// them): played as deeper than every amount of the hand, and unknown at the end, as PokerKit
/// plays them as infinite (`tests/phh/unknown.py`).
#[test]
fn replay_matches_pokerkit_with_unknown_stacks() {
    check_corpus("unknown.jsonl", 1_600);
}

/// Seven-card stud, stud hi-lo and Razz (`tests/phh/generate_stud.py`): bring-ins and
/// completions, fixed-limit caps, all-ins on the ante, hi-lo splits, community cards for eight
/// players, and damaged histories repaired as PokerKit repairs them.
#[test]
fn replay_matches_pokerkit_on_stud() {
    check_corpus("stud.jsonl", 1_500);
}

/// Real stud hands: the televised seven card stud, Razz and stud eight or better hands of the
/// 2023 WSOP that PokerKit's test suite plays (`tests/phh/real_stud.py`).
#[test]
fn replay_matches_pokerkit_on_real_stud_hands() {
    check_corpus("real_stud.jsonl", 30);
}

/// Real hands from PokerKit's own test suite (televised hands), with PokerKit's results.
#[test]
fn replay_matches_pokerkit_on_real_hands() {
    check_corpus("real.jsonl", 2);
}

/// The cases of a corpus in `tests/phh/`: {name, phh, finishing_stacks or error}.
fn cases(file: &str) -> Vec<serde_json::Value> {
    let path = format!("{}/../../tests/phh/{file}", env!("CARGO_MANIFEST_DIR"));
    let text = std::fs::read_to_string(&path).expect("corpus");
    text.lines()
        .map(|l| serde_json::from_str(l).expect("json line"))
        .collect()
}

fn check_corpus(file: &str, at_least: usize) {
    let mut failures = Vec::new();
    let mut checked = 0;
    for case in cases(file) {
        let name = case["name"].as_str().expect("name");
        let phh = case["phh"].as_str().expect("phh");
        let ours = parse_phh(phh)
            .map_err(|e| e.to_string())
            .and_then(|h| replay_any(&h).map_err(|e| e.to_string()));
        checked += 1;
        match (&ours, case.get("finishing_stacks")) {
            (Ok(r), Some(expected)) => {
                // None: a stack nobody knows (`inf`), as PokerKit finishes it.
                let expected: Vec<Option<f64>> = expected
                    .as_array()
                    .expect("stacks")
                    .iter()
                    .map(|v| match v {
                        serde_json::Value::Null => None,
                        serde_json::Value::String(s) => Some(s.parse().expect("number")),
                        other => Some(other.as_f64().expect("number")),
                    })
                    .collect();
                let ours: Vec<Option<f64>> = r
                    .finishing_stacks()
                    .iter()
                    .enumerate()
                    .map(|(i, &s)| {
                        (!r.unknown().get(i).copied().unwrap_or(false))
                            .then(|| s as f64 / r.scale() as f64)
                    })
                    .collect();
                let close = ours.len() == expected.len()
                    && ours.iter().zip(&expected).all(|(a, b)| match (a, b) {
                        (Some(a), Some(b)) => (a - b).abs() <= 1e-6 * b.abs().max(1.0),
                        (None, None) => true,
                        _ => false,
                    });
                if !close {
                    failures.push(format!(
                        "{name}: ours {:?}, PokerKit {expected:?}",
                        r.finishing_stacks()
                    ));
                }
            }
            (Err(e), Some(_)) => failures.push(format!("{name}: we rejected it: {e}")),
            (Ok(r), None) => failures.push(format!(
                "{name}: PokerKit rejects it ({}), we gave {:?}",
                case["error"],
                r.finishing_stacks()
            )),
            (Err(_), None) => {}
        }
    }
    assert!(checked >= at_least, "corpus too small: {checked}");
    assert!(
        failures.is_empty(),
        "{} of {checked} hands differ from PokerKit:\n{}",
        failures.len(),
        failures
            .iter()
            .take(15)
            .cloned()
            .collect::<Vec<_>>()
            .join("\n")
    );
}

/// Export then replay gives the same finishing stacks and the same export again, for every
/// hand of every corpus that replays (repaired gaps come out as explicit actions; unknown
/// stacks stay `inf`, not the deep stack the replay played them with).
#[test]
fn export_round_trips() {
    for (file, least) in [
        ("corpus.jsonl", 1900),
        ("unknown.jsonl", 1300),
        ("multiway.jsonl", 950),
        ("straddles.jsonl", 1900),
        ("dumped.jsonl", 550),
        ("illegal.jsonl", 750),
        ("real.jsonl", 1),
        ("stud.jsonl", 1250),
        ("real_stud.jsonl", 30),
    ] {
        let mut checked = 0;
        for case in cases(file) {
            let Ok(hand) = parse_phh(case["phh"].as_str().expect("phh")) else {
                continue;
            };
            let Ok(first) = replay_any(&hand) else {
                continue;
            };
            let exported = first.export();
            let again =
                replay_any(&parse_phh(&exported).expect("export parses")).expect("export replays");
            assert_eq!(
                again.finishing_stacks_as_written(),
                first.finishing_stacks_as_written(),
                "{}\n{exported}",
                case["name"]
            );
            assert_eq!(again.unknown(), first.unknown(), "{}", case["name"]);
            assert_eq!(again.events(), first.events(), "{}", case["name"]);
            assert_eq!(again.export(), exported);
            checked += 1;
        }
        assert!(checked > least, "{file}: {checked}");
    }
}

/// The fast reader of PHH's flat TOML gives exactly what the general TOML parser gives, on
/// every file we have (and falls back to it for anything else).
#[test]
fn the_fast_reader_agrees_with_the_toml_parser() {
    let root = concat!(env!("CARGO_MANIFEST_DIR"), "/../../tests");
    let mut texts: Vec<String> = Vec::new();
    for file in [
        "corpus.jsonl",
        "multiway.jsonl",
        "straddles.jsonl",
        "dumped.jsonl",
        "illegal.jsonl",
        "real.jsonl",
    ] {
        for case in cases(file) {
            texts.push(case["phh"].as_str().expect("phh").to_string());
        }
    }
    for entry in std::fs::read_dir(format!("{root}/hands")).expect("golden hands") {
        texts.push(std::fs::read_to_string(entry.expect("entry").path()).expect("read"));
    }
    // Shapes the fast reader must hand over to the general parser, or read identically.
    texts.push("variant = 'NT'\nantes = 0\nblinds_or_straddles = [1, 2]\nmin_bet = 2\nstarting_stacks = [10, 10]\n".into());
    texts.push("variant = \"NT\"\n[extra]\nx = 1\nantes = 0\nblinds_or_straddles = [1, 2]\nmin_bet = 2\nstarting_stacks = [10, 10]\n".into());
    texts.push("variant = \"NT\" # c\nantes = [0, 0,] # c\nblinds_or_straddles = [\n 1, # sb\n 2,\n]\nmin_bet = 2.0\nstarting_stacks = [10.5, 1_000]\nactions = [\"d dh p1 \\\"AcAd\\\"\"]\n".into());
    for t in &texts {
        let fast = parse_phh(t).map_err(|e| e.to_string());
        let slow = floorbook_phh::parse_phh_with_toml(t).map_err(|e| e.to_string());
        assert_eq!(fast, slow, "{t}");
    }
    assert!(texts.len() > 2000);
}

/// Amounts are exact, as PokerKit's `Decimal`s are: a stack of 16 digits and two decimal places
/// keeps every digit (a float would not), written the same however TOML spells the number.
/// PokerKit 0.7.7 gives [9999999999999998.25, 99.125] for both files. (Amounts past 2^64 units
/// of the file's finest decimal place are refused as amounts.)
#[test]
fn amounts_are_exact_as_pokerkit_reads_them() {
    let hand = |stack: &str| {
        format!(
            "variant = \"NT\"\nante_trimming_status = false\nantes = [0, 0]\n\
             blinds_or_straddles = [0.5, 1]\nmin_bet = 1\nstarting_stacks = [{stack}, 100.125]\n\
             actions = [\"d dh p1 AcAd\", \"d dh p2 KcKd\", \"p2 cc\", \"p1 cc\"]\n"
        )
    };
    for stack in ["9999999999999999.25", "+9_999_999_999_999_999.25"] {
        let text = hand(stack);
        let r = replay(&parse_phh(&text).expect("parses")).expect("replays");
        let json = serde_json::to_string(&r.finishing_stacks_as_written()).expect("json");
        assert_eq!(json, "[9999999999999998.25,99.125]", "{stack}");
    }
}

/// Shapes PokerKit reads leniently, with its results (PokerKit 0.7.7): arrays shorter than the
/// players are filled up with zeros and longer ones cut, one number stands for every player,
/// more than a table's ten players are seated, and a file without `actions` is refused.
#[test]
fn lenient_shapes_read_as_pokerkit_reads_them() {
    let hand = |antes: &str, blinds: &str, stacks: &str, actions: Option<&str>| {
        let mut t = format!(
            "variant = \"NT\"\nantes = {antes}\nblinds_or_straddles = {blinds}\nmin_bet = 2\n\
             starting_stacks = {stacks}\n"
        );
        if let Some(a) = actions {
            t.push_str(&format!("actions = {a}\n"));
        }
        parse_phh(&t)
            .map_err(|e| e.to_string())
            .and_then(|h| replay(&h).map_err(|e| e.to_string()))
            .map(|r| r.finishing_stacks)
    };
    let three =
        Some(r#"["d dh p1 AcAd", "d dh p2 KcKd", "d dh p3 QcQd", "p3 cbr 10", "p1 f", "p2 f"]"#);
    let hundreds = |n: usize| format!("[{}]", vec!["100"; n].join(", "));
    // (antes, blinds, PokerKit's finishing stacks) for three players.
    for (antes, blinds, expected) in [
        ("[0, 0, 0]", "[1, 2]", [99, 98, 103]),
        ("[1]", "[1, 2, 0]", [98, 98, 104]),
        ("1", "[1, 2, 0]", [98, 97, 105]),
        ("[0, 0, 0]", "[1, 2, 0, 5]", [99, 98, 103]),
    ] {
        assert_eq!(
            hand(antes, blinds, &hundreds(3), three),
            Ok(expected.to_vec()),
            "antes {antes}, blinds {blinds}"
        );
    }
    let mut eleven = vec![100; 11];
    eleven[0] = 99;
    eleven[1] = 98;
    assert_eq!(hand("0", "[1, 2]", &hundreds(11), Some("[]")), Ok(eleven));
    assert_eq!(
        hand("0", "[1, 2]", &hundreds(24), Some("[]")),
        Err("the hand cannot start: a hand needs 2 to 23 players (the deck holds their hole cards and a board); got 24".into())
    );
    assert_eq!(
        hand("0", "[1, 2, 0]", &hundreds(3), None),
        Err("the field actions is missing".into())
    );
}
