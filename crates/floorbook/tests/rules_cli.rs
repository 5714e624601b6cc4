//! `floorbook rules`: the catalogue ships with the build and agrees, rule for rule, with the
//! copy in `docs/RULES.md` that the docs link (a clone has no `../shared`).

mod common;
use common::{floorbook, ok_json};

#[test]
fn every_rule_of_the_shipped_catalogue_is_listed_with_its_reading() {
    let text = std::fs::read_to_string(
        std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("../../docs/RULES.md"),
    )
    .expect("docs/RULES.md");
    // "- TR-17 balancing: …": the ID, then the reading.
    let doc: Vec<(String, String)> = text
        .lines()
        .filter_map(|l| l.strip_prefix("- "))
        .filter_map(|l| l.split_once(' '))
        .filter(|(id, _)| id.contains('-') && id.chars().next().is_some_and(char::is_uppercase))
        .map(|(id, rest)| (id.to_string(), rest.trim().to_string()))
        .collect();
    assert!(doc.len() >= 80, "{} rules in docs/RULES.md", doc.len());
    let listed = ok_json(&floorbook(&["rules", "--json"]));
    let listed = listed.as_array().expect("a list");
    assert_eq!(listed.len(), doc.len());
    for ((id, reading), rule) in doc.iter().zip(listed) {
        assert_eq!(rule["id"], id.as_str());
        assert_eq!(rule["text"], reading.as_str(), "{id}");
    }
    // One rule by its ID, in any case; a word; an unknown ID is an error naming the form.
    let one = ok_json(&floorbook(&["rules", "tda-39b", "--json"]));
    assert_eq!(one[0]["id"], "TDA-39B");
    assert!(
        one[0]["document"]
            .as_str()
            .is_some_and(|d| d.contains("TDA"))
    );
    let race = ok_json(&floorbook(&["rules", "--search", "chip race", "--json"]));
    let ids: Vec<&str> = race
        .as_array()
        .expect("list")
        .iter()
        .filter_map(|r| r["id"].as_str())
        .collect();
    assert!(ids.contains(&"TR-15"), "{ids:?}");
    let none = floorbook(&["rules", "XX-1"]);
    assert_eq!(none.status.code(), Some(2));
    assert!(String::from_utf8_lossy(&none.stderr).contains("IDs look like TR-17"));
}

/// The seed's own words come with a rule (the German text is the spec): one rule shows them,
/// and a German word finds its rule.
#[test]
fn a_rule_shows_the_seeds_own_words() {
    let out = floorbook(&["rules", "GCB-9"]);
    let text = String::from_utf8_lossy(&out.stdout).to_string();
    assert!(
        text.contains("Es gibt keine telefonischen Annahmen"),
        "{text}"
    );
    assert!(text.contains("seed 002"), "{text}");
    let found = ok_json(&floorbook(&["rules", "--search", "übernächster", "--json"]));
    let ids: Vec<&str> = found
        .as_array()
        .expect("a list")
        .iter()
        .filter_map(|r| r["id"].as_str())
        .collect();
    assert_eq!(ids, ["TR-17"]);
    let tr17 = ok_json(&floorbook(&["rules", "TR-17", "--json"]));
    assert!(
        tr17[0]["seed"]
            .as_str()
            .is_some_and(|s| s.contains("rechts vom Dealer an den nächsten freien Platz")),
        "{tr17}"
    );
}

/// Issue 23: one set of conventions. The store options and --json come before the
/// subcommand as well as after it (and from FLOORBOOK_DATA); completions and a man page are
/// generated from the same definitions the parser uses.
#[test]
fn global_options_completions_and_the_man_page() {
    let dir = tempfile::tempdir().expect("dir");
    let d = dir.path().to_str().expect("utf-8");
    ok_json(&floorbook(&[
        "simulate",
        "--profile",
        "nob",
        "--players",
        "6",
        "--data",
        d,
        "--json",
    ]));
    let after = ok_json(&floorbook(&["standings", "--data", d, "--json"]));
    let before = ok_json(&floorbook(&["--data", d, "--json", "standings"]));
    assert_eq!(before, after);
    assert_eq!(after["standings"].as_array().map(Vec::len), Some(6));
    let by_env = std::process::Command::new(env!("CARGO_BIN_EXE_floorbook"))
        .args(["standings", "--json"])
        .env("FLOORBOOK_DATA", d)
        .output()
        .expect("runs");
    assert_eq!(ok_json(&by_env), after);
    // The human standings name the registered player once ("Player 3", not "Player 3 (player 3)").
    let text = floorbook(&["standings", "--data", d]);
    let text = String::from_utf8_lossy(&text.stdout);
    assert!(!text.contains("(player "), "{text}");

    let bash = floorbook(&["completions", "bash"]);
    assert!(bash.status.success());
    let bash = String::from_utf8_lossy(&bash.stdout);
    assert!(
        bash.contains("complete -F") && bash.contains("simulate"),
        "{bash}"
    );
    let man = floorbook(&["man"]);
    assert!(man.status.success());
    let man = String::from_utf8_lossy(&man.stdout);
    assert!(
        man.contains(".TH floorbook") && man.contains("simulate"),
        "{man}"
    );
    let pages = dir.path().join("man");
    let out = floorbook(&["man", "--out", pages.to_str().expect("utf-8")]);
    assert!(
        out.status.success(),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
    assert!(pages.join("floorbook-simulate.1").is_file());
    assert!(pages.join("floorbook-league-standings.1").is_file());

    // A table is also CSV: a header and one row a player, in the standings' order.
    let csv = floorbook(&["standings", "--data", d, "--csv"]);
    assert!(csv.status.success());
    let csv = String::from_utf8_lossy(&csv.stdout);
    let lines: Vec<&str> = csv.lines().collect();
    assert_eq!(
        lines[0],
        "place,player,name,chips,status,eliminated_in_hand,prize"
    );
    assert_eq!(lines.len(), 7, "{csv}");
    assert!(lines[1].starts_with("1,"), "{csv}");
    // Machine output is --json on every command that prints a result.
    for args in [
        &["profiles", "list", "--json"][..],
        &["eval", "--hole", "Ah Kh", "--board", "Qh Jh Th", "--json"][..],
        &["rebuild", "--data", d, "--json"][..],
        &["audit", "--data", d, "--json"][..],
        &["verify", "--data", d, "--json"][..],
    ] {
        ok_json(&floorbook(args));
    }
}

/// `floorbook deal`: the figures of a final-table deal (issue 39), by ICM, chip chop and
/// save chop, in money that adds up to the prizes; a deal that cannot be is refused, saying
/// what is allowed.
#[test]
fn a_deal_prints_each_players_figure() {
    let args = [
        "--stacks",
        "100000,70000,50000,20000",
        "--prizes",
        "200,120,80,50",
    ];
    let run = |method: &str| {
        let mut all = vec!["deal", method];
        all.extend(args);
        let out = floorbook(&all);
        assert!(
            out.status.success(),
            "{}",
            String::from_utf8_lossy(&out.stderr)
        );
        String::from_utf8(out.stdout).expect("utf-8")
    };
    let icm = run("icm");
    assert!(icm.contains("Malmuth"), "{icm}");
    for (line, figure) in icm
        .lines()
        .skip(2)
        .zip(["140.84", "123.80", "108.96", "76.40", "450.00"])
    {
        assert!(
            line.trim_end().ends_with(figure),
            "{line} is not {figure}\n{icm}"
        );
    }
    let chop = run("chip-chop");
    assert!(chop.contains("187.50") && chop.contains("37.50"), "{chop}");
    let save = run("save-chop");
    assert!(save.contains("154.17") && save.contains("70.83"), "{save}");
    let out = floorbook(&[
        "deal", "icm", "--stacks", "100,0", "--prizes", "10,5", "--json",
    ]);
    assert!(!out.status.success());
    let said = String::from_utf8_lossy(&out.stderr);
    assert!(
        said.contains("player 2") && said.contains("holds none"),
        "{said}"
    );
    let out = floorbook(&["deal", "icm", "--stacks", "100,50", "--prizes", "ten"]);
    assert!(String::from_utf8_lossy(&out.stderr).contains("not an amount"));
    let out = floorbook(&[
        "deal", "icm", "--stacks", "3,1", "--prizes", "100,60", "--json",
    ]);
    let v: serde_json::Value = serde_json::from_slice(&out.stdout).expect("json");
    assert_eq!(v["players"][0]["figure"], "90.00", "{v}");
    assert_eq!(v["total_cents"], 16_000, "{v}");
}
