//! `floorbook phh replay` and `floorbook phh export` as a user runs them: one JSON line per
//! file, in the order given (the files are replayed on every core), PokerKit's numbers.

use std::path::{Path, PathBuf};
use std::process::Command;

fn floorbook(args: &[&str]) -> std::process::Output {
    Command::new(env!("CARGO_BIN_EXE_floorbook"))
        .args(args)
        .output()
        .expect("floorbook runs")
}

/// The corpus hands, one file each, with PokerKit's finishing stacks (None: PokerKit rejects
/// the hand).
fn corpus_files(dir: &Path) -> Vec<(PathBuf, Option<Vec<f64>>)> {
    let path = concat!(env!("CARGO_MANIFEST_DIR"), "/../../tests/phh/corpus.jsonl");
    let text = std::fs::read_to_string(path).expect("corpus");
    text.lines()
        .enumerate()
        .map(|(i, line)| {
            let case: serde_json::Value = serde_json::from_str(line).expect("json line");
            let file = dir.join(format!("hand-{i:05}.phh"));
            std::fs::write(&file, case["phh"].as_str().expect("phh")).expect("write hand");
            (file, case.get("finishing_stacks").map(numbers))
        })
        .collect()
}

fn numbers(v: &serde_json::Value) -> Vec<f64> {
    v.as_array()
        .expect("an array of stacks")
        .iter()
        .map(|x| match x {
            serde_json::Value::String(s) => s.parse().expect("a number"),
            other => other.as_f64().expect("a number"),
        })
        .collect()
}

/// Runs `floorbook` and reads its output, one JSON object per line.
fn json_lines(args: &[&str]) -> Vec<serde_json::Value> {
    let out = floorbook(args);
    assert!(
        out.status.success(),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
    lines_of(out)
}

/// The JSON lines a run printed, whatever its exit code.
fn lines_of(out: std::process::Output) -> Vec<serde_json::Value> {
    String::from_utf8(out.stdout)
        .expect("utf-8")
        .lines()
        .map(|l| serde_json::from_str(l).expect("one JSON object per line"))
        .collect()
}

/// The line's finishing stacks are PokerKit's.
fn assert_stacks(line: &serde_json::Value, expected: &[f64]) {
    let ours = numbers(&line["finishing_stacks"]);
    assert_eq!(ours.len(), expected.len(), "{line}");
    for (a, b) in ours.iter().zip(expected) {
        assert!(
            (a - b).abs() <= 1e-6 * b.abs().max(1.0),
            "{line} vs {expected:?}"
        );
    }
}

/// The line is an error that says `what`.
fn assert_error(line: &serde_json::Value, what: &str) {
    assert!(
        line["error"].as_str().is_some_and(|e| e.contains(what)),
        "{line}"
    );
}

#[test]
fn replay_prints_one_line_per_file_in_order_with_pokerkits_stacks() {
    let dir = tempfile::tempdir().expect("temp dir");
    let mut cases = corpus_files(dir.path());
    // A file that is not there and one that is not PHH, in the middle of the list.
    cases.insert(700, (dir.path().join("missing.phh"), None));
    let broken = dir.path().join("broken.phh");
    std::fs::write(&broken, "variant = \"NT\"\nthis is not toml").expect("write");
    cases.insert(1300, (broken, None));
    let mut args = vec!["phh".to_string(), "replay".to_string()];
    args.extend(cases.iter().map(|(f, _)| f.display().to_string()));
    let args: Vec<&str> = args.iter().map(String::as_str).collect();
    // A named file that is not there fails the run (exit 1), after every line is written.
    let out = floorbook(&args);
    assert_eq!(out.status.code(), Some(1));
    assert!(
        String::from_utf8_lossy(&out.stderr).contains(&format!(
            "1 of {} named files could not be read",
            cases.len()
        )),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
    let lines = lines_of(out);
    assert_eq!(lines.len(), cases.len());
    let mut replayed = 0;
    for ((file, expected), line) in cases.iter().zip(&lines) {
        assert_eq!(line["file"], file.display().to_string(), "order");
        match expected {
            Some(expected) => {
                assert_stacks(line, expected);
                replayed += 1;
            }
            None => assert!(line["error"].is_string(), "{line}"),
        }
    }
    assert!(replayed > 1900, "{replayed}");
    assert_error(&lines[700], "No such file");
    assert_error(&lines[1300], "not a PHH file");
}

#[test]
fn export_writes_a_hand_that_replays_to_the_same_stacks() {
    let dir = tempfile::tempdir().expect("temp dir");
    let golden = concat!(
        env!("CARGO_MANIFEST_DIR"),
        "/../../tests/hands/tr_16_the_odd_chip_goes_to_the_first_winner_left_of_the_button.phh"
    );
    let out = floorbook(&["phh", "export", golden]);
    assert!(
        out.status.success(),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
    let exported = dir.path().join("exported.phh");
    std::fs::write(&exported, &out.stdout).expect("write export");
    let lines = json_lines(&["phh", "replay", golden, &exported.display().to_string()]);
    assert_eq!(lines.len(), 2);
    assert!(lines[0]["finishing_stacks"].is_array(), "{}", lines[0]);
    assert_eq!(lines[0]["finishing_stacks"], lines[1]["finishing_stacks"]);
}

#[test]
fn export_of_a_hand_that_breaks_a_rule_fails_and_names_it() {
    let illegal = concat!(
        env!("CARGO_MANIFEST_DIR"),
        "/../../tests/hands/tr_8_a_short_all_in_does_not_reopen_the_betting.phh"
    );
    let out = floorbook(&["phh", "export", illegal]);
    assert!(!out.status.success());
    assert!(out.stdout.is_empty());
    let err = String::from_utf8_lossy(&out.stderr);
    assert!(err.contains("action 11") && err.contains("(TR-8)"), "{err}");
}

/// A `.phhs` file, as PokerKit's `HandHistory.dumps_all` writes one (`[1]`, `[2]`, … each a
/// hand): one line per hand in the order of the file, with PokerKit's stacks.
#[test]
fn a_phhs_file_gives_one_line_per_hand_in_file_order() {
    let path = concat!(env!("CARGO_MANIFEST_DIR"), "/../../tests/phh/corpus.jsonl");
    let text = std::fs::read_to_string(path).expect("corpus");
    let cases: Vec<serde_json::Value> = text
        .lines()
        .take(300)
        .map(|l| serde_json::from_str(l).expect("json line"))
        .collect();
    let mut phhs = String::from("title = \"not a hand\"\n\n");
    let sections: Vec<String> = cases
        .iter()
        .enumerate()
        .map(|(i, case)| format!("[{}]\n{}", i + 1, case["phh"].as_str().expect("phh")))
        .collect();
    phhs.push_str(&sections.join("\n\n"));
    let dir = tempfile::tempdir().expect("temp dir");
    let file = dir.path().join("hands.phhs");
    std::fs::write(&file, phhs).expect("write");
    let lines = json_lines(&["phh", "replay", &file.display().to_string()]);
    assert_eq!(lines.len(), cases.len() + 1);
    assert_eq!(lines[0]["hand"], "title");
    assert_error(&lines[0], "not a table");
    for (i, (case, line)) in cases.iter().zip(&lines[1..]).enumerate() {
        assert_eq!(line["hand"], (i + 1).to_string(), "file order");
        match case.get("finishing_stacks") {
            Some(expected) => assert_stacks(line, &numbers(expected)),
            None => assert!(line["error"].is_string(), "{line}"),
        }
    }
}

/// A directory stands for every `.phh` and `.phhs` file below it, in path order (other files
/// are passed over); `--files-from` adds a list of paths, for lists too long for a command line.
#[test]
fn a_directory_and_a_file_list_name_the_hands() {
    let dir = tempfile::tempdir().expect("temp dir");
    let cases = corpus_files(dir.path());
    let nested = dir.path().join("deeper").join("still");
    std::fs::create_dir_all(&nested).expect("mkdir");
    let (first, _) = &cases[0];
    std::fs::copy(first, nested.join("a.phh")).expect("copy");
    std::fs::write(dir.path().join("notes.txt"), "not a hand").expect("write");
    let lines = json_lines(&["phh", "replay", &dir.path().display().to_string()]);
    // The corpus files (hand-00000.phh …) sort after deeper/still/a.phh.
    assert_eq!(lines.len(), cases.len() + 1);
    assert_eq!(lines[0]["file"], nested.join("a.phh").display().to_string());
    for ((file, expected), line) in cases.iter().zip(&lines[1..]) {
        assert_eq!(line["file"], file.display().to_string(), "path order");
        match expected {
            Some(expected) => assert_stacks(line, expected),
            None => assert!(line["error"].is_string(), "{line}"),
        }
    }
    assert!(lines.iter().all(|l| l["file"] != "notes.txt"));

    let list = dir.path().join("list.txt");
    let listed: Vec<String> = cases[..5]
        .iter()
        .map(|(f, _)| f.display().to_string())
        .collect();
    std::fs::write(&list, listed.join("\n") + "\n\n").expect("write list");
    let from_list = json_lines(&[
        "phh",
        "replay",
        &first.display().to_string(),
        "--files-from",
        &list.display().to_string(),
    ]);
    let files: Vec<&str> = from_list
        .iter()
        .map(|l| l["file"].as_str().expect("file"))
        .collect();
    let mut expected = vec![first.display().to_string()];
    expected.extend(listed);
    assert_eq!(files, expected);

    let nothing = floorbook(&["phh", "replay"]);
    assert!(!nothing.status.success());
    assert!(String::from_utf8_lossy(&nothing.stderr).contains("--files-from"));
}

/// Stud through the command line: the real televised stud, Razz and stud eight or better
/// hands (`tests/phh/real_stud.jsonl`) replay to PokerKit's stacks, and each exports to a file
/// that replays the same.
#[test]
fn stud_hands_replay_and_export_from_the_command_line() {
    let dir = tempfile::tempdir().expect("temp dir");
    let path = concat!(
        env!("CARGO_MANIFEST_DIR"),
        "/../../tests/phh/real_stud.jsonl"
    );
    let text = std::fs::read_to_string(path).expect("corpus");
    let mut files = Vec::new();
    let mut expected = Vec::new();
    for (i, line) in text.lines().enumerate() {
        let case: serde_json::Value = serde_json::from_str(line).expect("json line");
        let file = dir.path().join(format!("stud-{i:02}.phh"));
        std::fs::write(&file, case["phh"].as_str().expect("phh")).expect("write hand");
        files.push(file.display().to_string());
        expected.push(numbers(&case["finishing_stacks"]));
    }
    let mut args = vec!["phh", "replay"];
    args.extend(files.iter().map(String::as_str));
    let lines = json_lines(&args);
    assert_eq!(lines.len(), files.len());
    for (line, stacks) in lines.iter().zip(&expected) {
        assert_stacks(line, stacks);
    }
    let variants: std::collections::BTreeSet<&str> = text
        .lines()
        .filter_map(|l| {
            ["'F7S'", "'F7S/8'", "'FR'"]
                .into_iter()
                .find(|v| l.contains(v))
        })
        .collect();
    assert_eq!(variants.len(), 3, "stud, stud eight or better and Razz");
    for (file, stacks) in files.iter().zip(&expected) {
        let out = floorbook(&["phh", "export", file]);
        assert!(
            out.status.success(),
            "{}",
            String::from_utf8_lossy(&out.stderr)
        );
        let exported = dir.path().join("exported.phh");
        std::fs::write(&exported, &out.stdout).expect("write export");
        let again = json_lines(&["phh", "replay", &exported.display().to_string()]);
        assert_stacks(&again[0], stacks);
    }
}
