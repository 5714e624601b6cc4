//! The `floorbook eval` binary as a user runs it: output, exit codes, never a panic.

use std::io::Write;
use std::process::{Command, Output, Stdio};

fn floorbook(args: &[&str], stdin: &str) -> Output {
    let mut child = Command::new(env!("CARGO_BIN_EXE_floorbook"))
        .args(args)
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .expect("start floorbook");
    child
        .stdin
        .take()
        .expect("stdin")
        .write_all(stdin.as_bytes())
        .expect("write stdin");
    child.wait_with_output().expect("floorbook runs")
}

fn json(out: &Output) -> serde_json::Value {
    serde_json::from_slice(&out.stdout).expect("one JSON object")
}

#[test]
fn eval_prints_the_issue_example() {
    let out = floorbook(
        &[
            "eval",
            "--json",
            "--hole",
            "Ah Kh",
            "--board",
            "Qh Jh Th 2c 3d",
        ],
        "",
    );
    assert!(
        out.status.success(),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
    let v = json(&out);
    assert_eq!(v["category"], "straight_flush");
    assert_eq!(v["best"], serde_json::json!(["Ah", "Kh", "Qh", "Jh", "Th"]));
    assert_eq!(v["en"], "Royal Flush");
    assert_eq!(v["de"], "Royal Flush");
    assert!(v["strength"].as_u64().expect("strength") > 0);
}

#[test]
fn eval_omaha_uses_two_hole_cards() {
    let out = floorbook(
        &[
            "eval",
            "--json",
            "--omaha",
            "--hole",
            "Kc Kd 2s 3h",
            "--board",
            "9h 9c 9d 4s 7c",
        ],
        "",
    );
    assert!(out.status.success());
    let v = json(&out);
    assert_eq!(v["category"], "full_house");
    assert_eq!(v["de"], "Full House, Neunen über Königen");
}

#[test]
fn eval_reads_out_the_hand_for_a_person() {
    let out = floorbook(
        &[
            "eval",
            "--omaha",
            "--hole",
            "Kc Kd 2s 3h",
            "--board",
            "9h 9c 9d 4s 7c",
        ],
        "",
    );
    assert!(out.status.success());
    assert_eq!(
        String::from_utf8_lossy(&out.stdout),
        "Full House, Nines over Kings — 9h 9c 9d Kc Kd (Full House, Neunen über Königen)\n"
    );
}

#[test]
fn bad_input_names_the_problem_and_exits_non_zero() {
    for (args, needle) in [
        (
            ["--hole", "Ah Ah", "--board", "2c 3c 4c"],
            "Ah appears twice",
        ),
        (
            ["--hole", "Ah Kh Qh", "--board", "2c 3c 4c"],
            "exactly 2 hole cards",
        ),
        (
            ["--hole", "Ah 1h", "--board", "2c 3c 4c"],
            "unknown card \"1h\"",
        ),
        (["--hole", "Ah Kh", "--board", "2c"], "3 to 5 board cards"),
    ] {
        let mut all = vec!["eval"];
        all.extend(args);
        let out = floorbook(&all, "");
        let stderr = String::from_utf8_lossy(&out.stderr);
        assert_eq!(out.status.code(), Some(2), "{all:?}: {stderr}");
        assert!(stderr.contains(needle), "{all:?}: {stderr}");
        assert!(!stderr.contains("panicked"), "{stderr}");
        assert!(out.stdout.is_empty());
    }
}

#[test]
fn batch_reads_stdin_line_by_line() {
    let out = floorbook(
        &["eval", "--batch"],
        "Ah Kh | Qh Jh Th 2c 3d\ngarbage\n2c 2d | 2h 2s Ac\n",
    );
    assert!(out.status.success());
    let lines: Vec<serde_json::Value> = String::from_utf8(out.stdout)
        .expect("utf-8")
        .lines()
        .map(|l| serde_json::from_str(l).expect("json"))
        .collect();
    assert_eq!(lines.len(), 3);
    assert_eq!(lines[0]["category"], "straight_flush");
    assert!(lines[1]["error"].is_string());
    assert_eq!(lines[2]["category"], "four_of_a_kind");
}

#[test]
fn profiles_list_show_and_check() {
    let list = floorbook(&["profiles", "list"], "");
    let text = String::from_utf8_lossy(&list.stdout).to_string();
    for name in ["top18", "deepstack", "plo27", "nob"] {
        assert!(text.contains(name), "{text}");
    }
    let show = floorbook(&["profiles", "show", "nob"], "");
    let nob = String::from_utf8(show.stdout).expect("utf-8");
    assert!(nob.contains("starting_chips = 100"));
    let dir = std::env::temp_dir().join(format!("floorbook-profile-{}", std::process::id()));
    std::fs::create_dir_all(&dir).expect("dir");
    let good = dir.join("nob.toml");
    std::fs::write(&good, &nob).expect("write");
    let ok = floorbook(&["profiles", "check", good.to_str().expect("utf-8")], "");
    assert!(
        ok.status.success(),
        "{}",
        String::from_utf8_lossy(&ok.stdout)
    );
    let bad = dir.join("bad.toml");
    std::fs::write(&bad, nob.replace("[5, 10], [7, 15]", "[5, 10], [7, 9]")).expect("write");
    let out = floorbook(&["profiles", "check", bad.to_str().expect("utf-8")], "");
    let text = String::from_utf8_lossy(&out.stdout).to_string();
    assert_eq!(out.status.code(), Some(1), "{text}");
    assert!(
        text.contains("level 4: the big blind 9 does not rise above level 3's 10 (TR-5)"),
        "{text}"
    );
    let missing = floorbook(&["profiles", "show", "nope"], "");
    assert_eq!(missing.status.code(), Some(2));
    assert!(String::from_utf8_lossy(&missing.stderr).contains("top18"));
}

/// Issue 21 (part): a stud hand read for high, for hi-lo with the eight-or-better low, and for
/// Razz, in words; no qualifying low says the high hand takes the pot.
#[test]
fn eval_reads_a_stud_hand_high_low_and_razz() {
    let run = |args: &[&str]| {
        let out = floorbook(args, "");
        assert!(
            out.status.success(),
            "{}",
            String::from_utf8_lossy(&out.stderr)
        );
        String::from_utf8_lossy(&out.stdout).into_owned()
    };
    let hand = "8s 7s 6d 4c 2h Kd Kh";
    assert_eq!(
        run(&["eval", "--stud", hand]),
        "Pair, Kings, kickers Eight, Seven, Six — Kd Kh 8s 7s 6d (Paar, Könige, Beikarten Acht, Sieben, Sechs)\n"
    );
    assert_eq!(
        run(&["eval", "--stud", hand, "--game", "hi-lo"]),
        "high: Pair, Kings, kickers Eight, Seven, Six — Kd Kh 8s 7s 6d (Paar, Könige, Beikarten Acht, Sieben, Sechs)\nlow:  8-7-6-4-2 low — 8s 7s 6d 4c 2h (8-7-6-4-2 Low)\n"
    );
    assert!(
        run(&["eval", "--stud", "9s Ts Jd Qc 5h Kd Kh", "--game", "hi-lo"]).contains("low:  none")
    );
    let razz: serde_json::Value = serde_json::from_str(&run(&[
        "eval",
        "--stud",
        "Kc Kd Qh Qs Jc Jd 9h",
        "--game",
        "razz",
        "--json",
    ]))
    .expect("json");
    assert_eq!(razz["kind"], "one_pair");
    assert_eq!(razz["en"], "Pair, Jacks (J-J-K-Q-9)");
    let out = floorbook(&["eval", "--stud", "As 2s 3d"], "");
    assert_eq!(out.status.code(), Some(2));
    assert!(String::from_utf8_lossy(&out.stderr).contains("5 to 7 cards; got 3"));
}
