//! Damaged PHH files: whatever the bytes, reading and replaying never panic, and the fast
//! reader of PHH's flat TOML reads exactly what the general TOML parser reads.

use floorbook_phh::{parse_phh, parse_phh_with_toml, replay};
use proptest::prelude::*;

/// Generated hands, some as PokerKit writes them, and the real ones (comments, arrays over several lines, extra fields).
fn corpus() -> Vec<String> {
    let mut hands = Vec::new();
    for (file, take) in [
        ("corpus.jsonl", 200),
        ("dumped.jsonl", 100),
        ("real.jsonl", usize::MAX),
    ] {
        let path = format!("{}/../../tests/phh/{file}", env!("CARGO_MANIFEST_DIR"));
        let text = std::fs::read_to_string(path).expect("corpus");
        hands.extend(text.lines().take(take).map(|l| {
            let v: serde_json::Value = serde_json::from_str(l).expect("json line");
            v["phh"].as_str().expect("phh").to_string()
        }));
    }
    // The real hands as often as the generated ones.
    let real = hands.split_off(300);
    let weight = 300 / real.len().max(1);
    for _ in 0..weight {
        hands.extend(real.iter().cloned());
    }
    hands
}

/// Pieces that make a damaged file interesting: PHH's own syntax and its edge cases.
const PIECES: &[&str] = &[
    "\"",
    "[",
    "]",
    ",",
    "=",
    "#",
    "\n",
    "\\",
    ".",
    "-",
    "0",
    "9",
    "_",
    "+",
    "e5",
    "1.5",
    "0.25",
    " cbr ",
    " cc",
    " f",
    " sm ",
    " sm -",
    "d dh p1 ",
    "d db ",
    "p0",
    "p11",
    "p99999",
    "??",
    "AcAd",
    "Zz",
    "true",
    "false",
    "inf",
    "inf]",
    "infinity",
    "[inf, 100]",
    "nan",
    "'x'",
    "[[",
    "{a = 1}",
    "1979-05-27",
    "00:00:09",
    "12:30:00.5",
    "2009-07-01T00:00:09Z",
    "2009-02-30",
    "24:00:00",
    ":",
    "time = 21:04:09\n",
    "é",
    "\r\n",
    "\t",
    "18446744073709551616",
    "99999999999999999999.5",
    "'",
    "'''",
    "\"\"\"",
    "+5",
    "1_000",
    "0x1F",
    "-0.0",
    "99999999999999999.25",
    "[1]\n",
    "\u{e9}",
    "\\u0041",
];

/// The keys that decide the chips, and values of every shape for them: a damage may give one
/// of these keys one of these values (or a second line), so that each reader meets every
/// field in every shape (a list for a number, a number for a list, an empty list, …).
const KEYS: &[&str] = &[
    "variant",
    "ante_trimming_status",
    "antes",
    "blinds_or_straddles",
    "min_bet",
    "starting_stacks",
    "actions",
];
const VALUES: &[&str] = &[
    "[]",
    "0",
    "0.5",
    "1.000",
    "[0.5]",
    "[1, 2.25, 3]",
    "[0, 0.125]",
    "\"NT\"",
    "'PO'",
    "\"x\"",
    "true",
    "false",
    "[true]",
    "[\"p1 f\"]",
    "['d dh p1 AcAd', 'p2 cbr 0.5']",
    "[[1]]",
    "[inf, 100, inf]",
    "inf",
];

#[derive(Debug, Clone)]
enum Damage {
    Insert(usize, usize),
    Delete(usize, usize),
    Truncate(usize),
    /// Key `.0` gets value `.1` (its line rewritten, or a line added where it has none).
    Field(usize, usize),
}

fn damage() -> impl Strategy<Value = Damage> {
    prop_oneof![
        (any::<usize>(), 0..PIECES.len()).prop_map(|(at, p)| Damage::Insert(at, p)),
        (any::<usize>(), 1usize..12).prop_map(|(at, n)| Damage::Delete(at, n)),
        any::<usize>().prop_map(Damage::Truncate),
        (0..KEYS.len(), 0..VALUES.len()).prop_map(|(k, v)| Damage::Field(k, v)),
    ]
}

fn apply(text: &str, damages: &[Damage]) -> String {
    let mut bytes = text.as_bytes().to_vec();
    for d in damages {
        let len = bytes.len().max(1);
        match *d {
            Damage::Insert(at, p) => {
                let at = at % len;
                bytes.splice(at..at.min(bytes.len()), PIECES[p].bytes());
            }
            Damage::Delete(at, n) => {
                let at = at % len;
                let end = (at + n).min(bytes.len());
                bytes.drain(at.min(end)..end);
            }
            Damage::Truncate(at) => bytes.truncate(at % len),
            Damage::Field(k, v) => {
                let text = String::from_utf8_lossy(&bytes).into_owned();
                let line = format!("{} = {}", KEYS[k], VALUES[v]);
                let mut lines: Vec<String> = text.lines().map(str::to_string).collect();
                match lines.iter().position(|l| l.starts_with(KEYS[k])) {
                    Some(i) => lines[i] = line,
                    None => lines.push(line),
                }
                bytes = (lines.join("\n") + "\n").into_bytes();
            }
        }
    }
    // PHH files are text: a cut through a multi-byte character is not a PHH file.
    String::from_utf8_lossy(&bytes).into_owned()
}

proptest! {
    #![proptest_config(ProptestConfig { cases: 2000, ..ProptestConfig::default() })]

    #[test]
    fn damaged_files_never_panic_and_both_readers_agree(
        which in 0usize..600,
        damages in proptest::collection::vec(damage(), 1..6),
    ) {
        let hands = CORPUS.with(|c| c.clone());
        let text = apply(&hands[which % hands.len()], &damages);
        let fast = parse_phh(&text);
        let slow = parse_phh_with_toml(&text);
        match (&fast, &slow) {
            (Ok(f), Ok(s)) => prop_assert_eq!(f, s, "{}", text),
            (Err(_), Err(_)) => {}
            (f, s) => prop_assert!(false, "fast {:?}, toml {:?}\n{}", f, s, text),
        }
        if let Ok(hand) = fast {
            // Replays or refuses with a reason; it must not panic.
            let _ = replay(&hand);
        }
    }
}

thread_local! {
    static CORPUS: Vec<String> = corpus();
}

/// A `.phhs` file of `hands`, as PokerKit's `dumps_all` writes one.
fn phhs(hands: &[String]) -> String {
    hands
        .iter()
        .enumerate()
        .map(|(i, h)| format!("[{}]\n{h}", i + 1))
        .collect::<Vec<_>>()
        .join("\n\n")
}

/// The fast and the general reading of a `.phhs` file, comparable.
fn both_phhs(text: &str) -> (Result<String, String>, Result<String, String>) {
    let show = |r: Result<Vec<floorbook_phh::PhhsHand<'_>>, floorbook_phh::PhhError>| {
        r.map(|hands| format!("{hands:?}"))
            .map_err(|e| e.to_string())
    };
    (
        show(floorbook_phh::parse_phhs(text)),
        show(floorbook_phh::parse_phhs_with_toml(text)),
    )
}

#[test]
fn a_phhs_file_reads_the_same_on_both_paths() {
    let hands = CORPUS.with(|c| c.clone());
    for chunk in hands.chunks(50) {
        let text = phhs(chunk);
        let (fast, slow) = both_phhs(&text);
        assert!(fast.is_ok(), "{fast:?}");
        assert_eq!(fast, slow);
    }
}

proptest! {
    #![proptest_config(ProptestConfig { cases: 500, ..ProptestConfig::default() })]

    #[test]
    fn damaged_phhs_files_read_the_same_on_both_paths(
        first in 0usize..590,
        damages in proptest::collection::vec(damage(), 1..6),
    ) {
        let hands = CORPUS.with(|c| c.clone());
        let text = apply(&phhs(&hands[first % hands.len()..][..4.min(hands.len() - first % hands.len())]), &damages);
        let (fast, slow) = both_phhs(&text);
        prop_assert_eq!(fast, slow, "{}", text);
    }
}

/// Amounts at the edges of 64 bits, and any other.
fn amount() -> impl Strategy<Value = u64> {
    prop_oneof![
        prop::sample::select(vec![
            0,
            1,
            2,
            u64::MAX / 4,
            u64::MAX / 4 + 1,
            u64::MAX / 2,
            u64::MAX / 2 + 1,
            u64::MAX - 1,
            u64::MAX,
        ]),
        any::<u64>(),
        0..1_000u64,
    ]
}

proptest! {
    #![proptest_config(ProptestConfig { cases: 3000, ..ProptestConfig::default() })]

    /// Stacks, blinds, antes, the minimum bet and bets anywhere in 64 bits: a hand never
    /// panics or wraps round. It is refused (chips in play past 64 bits, or an amount out of
    /// range, named), or it replays with every chip accounted for.
    #[test]
    fn amounts_anywhere_in_64_bits_never_panic_or_wrap(
        pot_limit in any::<bool>(),
        stacks in prop::collection::vec(amount(), 2..5),
        blinds in prop::collection::vec(amount(), 2),
        ante in amount(),
        min_bet in amount(),
        bets in prop::collection::vec(amount(), 3),
    ) {
        let n = stacks.len();
        let list = |v: &[u64]| v.iter().map(u64::to_string).collect::<Vec<_>>().join(", ");
        let mut actions: Vec<String> = (1..=n).map(|p| format!("d dh p{p} ????")).collect();
        // Bets and calls round the table, whoever's turn it is; refusals are fine.
        for (k, bet) in bets.iter().enumerate() {
            actions.push(format!("p{} cbr {bet}", (k + 2) % n + 1));
            actions.push(format!("p{} cc", (k + 3) % n + 1));
        }
        let text = format!(
            "variant = \"{}\"\nante_trimming_status = true\nantes = {ante}\n\
             blinds_or_straddles = [{}]\nmin_bet = {min_bet}\nstarting_stacks = [{}]\n\
             actions = [{}]\n",
            if pot_limit { "PO" } else { "NT" },
            list(&blinds),
            list(&stacks),
            actions.iter().map(|a| format!("\"{a}\"")).collect::<Vec<_>>().join(", "),
        );
        let before: u128 = stacks.iter().map(|&s| u128::from(s)).sum();
        let phh = parse_phh(&text);
        prop_assert!(phh.is_ok(), "{:?}", phh);
        match phh.map(|p| replay(&p)) {
            Ok(Ok(r)) => {
                prop_assert!(before <= u128::from(u64::MAX), "{}", text);
                let after: u128 = r.finishing_stacks.iter().map(|&s| u128::from(s)).sum();
                prop_assert_eq!(before, after, "{}", text);
            }
            // Past 64 bits, and nothing else wrong with the set-up: that is the refusal.
            Ok(Err(e))
                if before > u128::from(u64::MAX) && min_bet > 0 && !stacks.contains(&0) =>
            {
                prop_assert!(e.to_string().contains("more than the 18446744073709551615 chips"), "{}", e);
            }
            _ => {}
        }
    }
}
