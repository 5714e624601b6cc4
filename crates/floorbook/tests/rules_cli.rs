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
