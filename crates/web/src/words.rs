//! The pages' words in English and German, from Project Fluent message files
//! (`crates/web/locales/<lang>/*.ftl`, compiled in), and the page's language: `?lang=` (kept
//! in a cookie), else the cookie, else the browser's `Accept-Language` (German where it asks
//! for German first), else English.

use std::borrow::Cow;
use std::collections::HashMap;

use axum::http::HeaderMap;
use floorbook_service::commands::{Declaration, Lang};
use fluent_templates::fluent_bundle::FluentValue;
use fluent_templates::{LanguageIdentifier, Loader};

fluent_templates::static_loader! {
    static LOCALES = {
        locales: "./locales",
        fallback_language: "en",
        // No Unicode isolation marks around arguments: names and numbers read as typed.
        customise: |bundle| bundle.set_use_isolating(false),
    };
}

fn id(lang: Lang) -> LanguageIdentifier {
    let tag = lang.tag();
    tag.parse().unwrap_or_default()
}

/// The message `key` in `lang`.
pub fn t(lang: Lang, key: &str) -> String {
    LOCALES.lookup(&id(lang), key)
}

/// The message `key` in `lang`, or `default` where no file has it (a field's name, say).
pub fn t_or(lang: Lang, key: &str, default: &str) -> String {
    LOCALES
        .try_lookup_complete(&id(lang), key, None)
        .unwrap_or_else(|| default.to_string())
}

/// The message `key` in `lang`, with its arguments.
pub fn ta(lang: Lang, key: &str, args: &[(&'static str, FluentValue<'_>)]) -> String {
    let args: HashMap<Cow<'static, str>, FluentValue<'_>> = args
        .iter()
        .map(|(k, v)| (Cow::Borrowed(*k), v.clone()))
        .collect();
    LOCALES.lookup_with_args(&id(lang), key, &args)
}

/// A refusal as the service sends it (`code` and `args`) in words: the message
/// `refused-<code>` with its values; a nested refusal (a hand's inside a tournament's) by its
/// own code. None when no message words that code: the service's English message stands.
pub fn refusal(lang: Lang, reason: &serde_json::Value) -> Option<String> {
    use serde_json::Value;
    let code = reason.get("code")?.as_str()?;
    let args = reason.get("args");
    // The tournament's "not possible now" carries its reason in English words: each is worded
    // apart, found by a slug of those words.
    if code == "not_now"
        && let Some(Value::String(why)) = args
    {
        return LOCALES.try_lookup(&id(lang), &format!("refused-not_now-{}", slug(why)));
    }
    if let Some(inner) = args.filter(|a| a.get("code").is_some()) {
        return refusal(lang, inner);
    }
    let value = |v: &Value| -> Option<FluentValue<'static>> {
        match v {
            Value::Number(n) => n.as_f64().map(FluentValue::from),
            Value::String(s) => Some(FluentValue::from(s.clone())),
            Value::Bool(b) => Some(FluentValue::from(b.to_string())),
            // Nothing given (no limit, nobody called): a message selects on `none`.
            Value::Null => Some(FluentValue::from("none")),
            // A reason inside the refusal (why a correction or a draw is refused): its own words.
            Value::Object(o) if o.contains_key("code") => refusal(lang, v).map(FluentValue::from),
            Value::Array(items) => Some(FluentValue::from(
                items
                    .iter()
                    .map(|i| i.as_str().map_or_else(|| i.to_string(), str::to_string))
                    .collect::<Vec<_>>()
                    .join(", "),
            )),
            _ => None,
        }
    };
    let mut map: HashMap<Cow<'static, str>, FluentValue<'static>> = HashMap::new();
    match args {
        Some(Value::Object(o)) => {
            for (k, v) in o {
                // A command by its help in the page's language, not its wire name.
                let help = (k == "command")
                    .then(|| v.as_str().and_then(Declaration::named))
                    .flatten()
                    .map(|d| FluentValue::from(d.help.get(lang)));
                if let Some(v) = help.or_else(|| value(v)) {
                    map.insert(Cow::Owned(k.clone()), v);
                }
            }
        }
        // A tuple's values: `value`, `value2`, …
        Some(Value::Array(items)) => {
            for (i, v) in items.iter().enumerate() {
                let k = if i == 0 {
                    "value".to_string()
                } else {
                    format!("value{}", i + 1)
                };
                if let Some(v) = value(v) {
                    map.insert(Cow::Owned(k), v);
                }
            }
        }
        Some(v) => {
            if let Some(v) = value(v) {
                map.insert(Cow::Borrowed("value"), v);
            }
        }
        None => {}
    }
    LOCALES.try_lookup_with_args(&id(lang), &format!("refused-{code}"), &map)
}

/// A number as an argument.
pub fn n(v: impl Into<f64>) -> FluentValue<'static> {
    FluentValue::from(v.into())
}

/// Words as a message id: lower case, every run of other characters one `-`.
fn slug(words: &str) -> String {
    let mut out = String::with_capacity(words.len());
    for c in words.chars() {
        if c.is_ascii_alphanumeric() {
            out.push(c.to_ascii_lowercase());
        } else if !out.ends_with('-') {
            out.push('-');
        }
    }
    out.trim_matches('-').to_string()
}

/// Text as an argument.
pub fn s(v: impl Into<String>) -> FluentValue<'static> {
    FluentValue::from(v.into())
}

/// The language a request asks for: `?lang=`, the `lang` cookie, `Accept-Language`.
pub fn language(asked: Option<&str>, headers: &HeaderMap) -> Lang {
    if let Some(l) = asked.and_then(Lang::from_tag) {
        return l;
    }
    let cookie = headers
        .get_all(axum::http::header::COOKIE)
        .iter()
        .filter_map(|v| v.to_str().ok())
        .flat_map(|v| v.split(';'))
        .find_map(|c| c.trim().strip_prefix("lang="))
        .and_then(Lang::from_tag);
    if let Some(l) = cookie {
        return l;
    }
    accepted(
        headers
            .get(axum::http::header::ACCEPT_LANGUAGE)
            .and_then(|v| v.to_str().ok())
            .unwrap_or(""),
    )
}

/// The first of our languages by the browser's preference (`de-CH, en;q=0.8` → German).
fn accepted(header: &str) -> Lang {
    let mut best: Option<(f32, usize, Lang)> = None;
    for (i, part) in header.split(',').enumerate() {
        let mut bits = part.split(';');
        let Some(lang) = bits.next().and_then(Lang::from_tag) else {
            continue;
        };
        let q = bits
            .find_map(|b| b.trim().strip_prefix("q="))
            .and_then(|q| q.parse::<f32>().ok())
            .unwrap_or(1.0);
        let better = match best {
            None => true,
            Some((bq, bi, _)) => q > bq || (q == bq && i < bi),
        };
        if q > 0.0 && better {
            best = Some((q, i, lang));
        }
    }
    best.map_or(Lang::En, |(_, _, l)| l)
}

/// Chips as the language writes them: 4,470 (English), 4.470 (German).
pub fn chips(n: u64, lang: Lang) -> String {
    let sep = match lang {
        Lang::En => ',',
        Lang::De => '.',
    };
    let digits = n.to_string();
    let mut out = String::with_capacity(digits.len() + digits.len() / 3);
    for (i, c) in digits.chars().enumerate() {
        if i > 0 && (digits.len() - i).is_multiple_of(3) {
            out.push(sep);
        }
        out.push(c);
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_browser_s_first_language_of_ours_is_taken() {
        assert_eq!(accepted("de-CH,de;q=0.9,en;q=0.8"), Lang::De);
        assert_eq!(accepted("fr-FR,en;q=0.7,de;q=0.5"), Lang::En);
        assert_eq!(accepted("en;q=0.4, de;q=0.6"), Lang::De);
        assert_eq!(accepted("fr"), Lang::En);
        assert_eq!(accepted(""), Lang::En);
    }

    #[test]
    fn a_message_reads_in_both_languages_with_its_arguments() {
        assert_eq!(ta(Lang::En, "table-title", &[("table", n(3))]), "Table 3");
        assert_eq!(ta(Lang::De, "table-title", &[("table", n(3))]), "Tisch 3");
    }

    /// A refusal the service sends as data reads in both languages with its values; a hand's
    /// refusal inside a tournament's reads as the hand's; a code no message words gives none
    /// (the service's English message stands).
    #[test]
    fn a_refusal_reads_in_both_languages() {
        use floorbook_hand::{Chips, Pos, Rejection};
        use floorbook_tournament::engine::TournamentError;
        let reason = |e: &TournamentError| serde_json::to_value(e).expect("a reason");
        let turn = reason(&TournamentError::Hand(Rejection::NotYourTurn {
            pos: Pos(2),
            actor: Pos(0),
        }));
        assert_eq!(
            refusal(Lang::De, &turn).as_deref(),
            Some("Position 0 ist am Zug, nicht Position 2 (TR-21).")
        );
        assert_eq!(
            refusal(Lang::En, &turn).as_deref(),
            Some("It is position 0's turn, not position 2's (TR-21).")
        );
        let raise = reason(&TournamentError::Hand(Rejection::RaiseBelowMinimum {
            min: Chips(40),
            max: Chips(1500),
            got: Chips(30),
            rule: floorbook_rules::Rule::Tr8,
        }));
        let de = refusal(Lang::De, &raise).expect("German");
        assert!(de.contains("erlaubt sind 40 bis 1500 (TR-8)"), "{de}");
        let phase = reason(&TournamentError::Hand(Rejection::WrongPhase {
            what: "deal",
            phase: floorbook_hand::Phase::Showdown,
        }));
        assert_eq!(
            refusal(Lang::De, &phase).as_deref(),
            Some("Jetzt nicht: die Hand ist im Showdown.")
        );
        let table = reason(&TournamentError::TableHeld(
            floorbook_tournament::seating::TableNo(3),
        ));
        assert!(refusal(Lang::De, &table).is_some_and(|w| w.starts_with("Tisch 3 ist")));
        let role = serde_json::json!({"code": "role", "args": {"sender": "dealer", "table": 1, "command": "set_stack", "at": "none", "needs": "floor"}});
        assert_eq!(
            refusal(Lang::De, &role).as_deref(),
            Some(
                "Der Dealer von Tisch 1 darf „Chipstand nach dem Zählen festsetzen“ nicht eingeben: das ist Sache des Floors oder der Turnierleitung."
            )
        );
        // A cash room's refusals, its own codes apart from the tournament's.
        let cash = |e: &floorbook_cash::CashError| serde_json::to_value(e).expect("a reason");
        let seat = cash(&floorbook_cash::CashError::SeatTaken { table: 2, seat: 5 });
        assert_eq!(
            refusal(Lang::De, &seat).as_deref(),
            Some("Platz 5 an Tisch 2 ist besetzt.")
        );
        let few = cash(&floorbook_cash::CashError::TooFewPlayers(1));
        assert!(refusal(Lang::En, &few).is_some_and(|w| w.contains("1 can play")));
        let unworded = reason(&TournamentError::NotNow("no hand in play"));
        assert_eq!(refusal(Lang::De, &unworded), None);
    }

    /// A refusal that carries its reason (why a correction, a no-show, a raise or a guest's
    /// move is refused) reads in the page's language throughout, the reason inside too.
    #[test]
    fn a_refusal_with_its_reason_inside_reads_in_both_languages() {
        use floorbook_hand::{Pos, RaiseBarred, Rejection};
        use floorbook_tournament::engine::{CorrectionRefused, NoShowRefused, TournamentError};
        let reason = |e: &TournamentError| serde_json::to_value(e).expect("a reason");
        let stands = reason(&TournamentError::Correction(
            CorrectionRefused::EntryNoLongerStands {
                entry: 7,
                command: "check_or_call",
                why: Box::new(TournamentError::Hand(Rejection::CannotRaise {
                    pos: Pos(3),
                    reason: RaiseBarred::RaisesCapped,
                    rule: floorbook_rules::Rule::Nob12,
                })),
            },
        ));
        let de = refusal(Lang::De, &stands).expect("German");
        assert!(
            de.starts_with("Nach der Korrektur steht Eingabe 7 („")
                && de.contains("Position 3 kann nicht setzen oder erhöhen: die Erhöhungen dieser Runde sind ausgeschöpft (NOB-12).")
                && de.ends_with("Die Turnierleitung entscheidet (TR-26)."),
            "{de}"
        );
        assert!(
            !de.contains("check_or_call"),
            "the command by its help: {de}"
        );
        let en = refusal(Lang::En, &stands).expect("English");
        assert!(en.contains("the raises of this round are capped"), "{en}");
        let early = reason(&TournamentError::NoShow {
            player: floorbook_tournament::seating::PlayerId(4),
            why: NoShowRefused::TooEarly { now: 300 },
            limit: 1800,
            rule: floorbook_rules::Rule::Tr6,
        });
        let de = refusal(Lang::De, &early).expect("German");
        assert!(
            de.contains("es ist erst 300 Sekunden nach dem Start (TR-6: nach 1800 Sekunden)"),
            "{de}"
        );
        let cash = |e: &floorbook_cash::CashError| serde_json::to_value(e).expect("a reason");
        let nobody = cash(&floorbook_cash::CashError::NotCalled {
            guest: 5,
            called: None,
        });
        assert_eq!(
            refusal(Lang::De, &nobody).as_deref(),
            Some("Gast 5 ist nicht zum Wechsel aufgerufen; aufgerufen ist niemand (GCB-10).")
        );
        let other = cash(&floorbook_cash::CashError::NotCalled {
            guest: 5,
            called: Some(2),
        });
        assert_eq!(
            refusal(Lang::En, &other).as_deref(),
            Some("Guest 5 is not called to move; guest 2 is (GCB-10).")
        );
        // The register's refusals at the floor's desk: a ban with and without its end.
        let barred = |until: serde_json::Value| serde_json::json!({"code": "member_barred", "args": {"member": "M-7", "reason": "Streit", "until": until}});
        assert_eq!(
            refusal(Lang::De, &barred(serde_json::Value::Null)).as_deref(),
            Some("Mitglied M-7 ist gesperrt: Streit (aufgehoben nur vom Floor, mit Begründung).")
        );
        assert_eq!(
            refusal(Lang::De, &barred("2027-01-31".into())).as_deref(),
            Some(
                "Mitglied M-7 ist gesperrt bis 2027-01-31: Streit (aufgehoben nur vom Floor, mit Begründung)."
            )
        );
    }

    /// Every "not possible now" the tournament gives is worded in both languages: the reasons
    /// are read from the engine's source, each `NotNow(…)`'s words.
    #[test]
    fn every_reason_for_not_now_is_worded() {
        let root = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("../tournament/src");
        let mut files = vec![root];
        let mut reasons = Vec::new();
        while let Some(path) = files.pop() {
            if path.is_dir() {
                files.extend(
                    std::fs::read_dir(&path)
                        .expect("dir")
                        .map(|e| e.expect("entry").path()),
                );
                continue;
            }
            let text = std::fs::read_to_string(&path).expect("source");
            for (at, _) in text.match_indices("NotNow(") {
                // The call's words: every string literal up to its closing parenthesis.
                let rest = &text[at + "NotNow(".len()..];
                let (mut depth, mut end, mut quoted) = (1, rest.len(), false);
                for (i, c) in rest.char_indices() {
                    match c {
                        '"' => quoted = !quoted,
                        '(' if !quoted => depth += 1,
                        ')' if !quoted => {
                            depth -= 1;
                            if depth == 0 {
                                end = i;
                                break;
                            }
                        }
                        _ => {}
                    }
                }
                reasons.extend(
                    rest[..end]
                        .split('"')
                        .skip(1)
                        .step_by(2)
                        .map(str::to_string),
                );
            }
        }
        assert!(reasons.len() >= 30, "{reasons:?}");
        for why in reasons {
            let reason = serde_json::json!({"code": "not_now", "args": why});
            let de = refusal(Lang::De, &reason);
            let en = refusal(Lang::En, &reason);
            assert!(
                de.as_deref()
                    .is_some_and(|w| w.starts_with("Das ist jetzt nicht möglich")),
                "no German for {why:?}"
            );
            assert!(
                en.as_deref().is_some_and(|w| w.contains(why.as_str())),
                "no English for {why:?}"
            );
        }
    }

    /// Every refusal the engines, the cash room and the member register give is worded in both
    /// languages: the codes are read from the error types' source (a variant's name, or its
    /// serde rename), each needs `refused-<code>`. Variants that carry another refusal are
    /// worded by it (its type is in the list too); "not possible now" by its words (above).
    #[test]
    fn every_refusal_is_worded() {
        let root = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("..");
        let types: [(&str, &[&str]); 7] = [
            (
                "tournament/src/engine/mod.rs",
                &[
                    "TournamentError",
                    "CorrectionRefused",
                    "LevelEditRefused",
                    "ReservationRefused",
                    "ButtonDrawRefused",
                    "NoShowRefused",
                ],
            ),
            ("tournament/src/seating.rs", &["SeatingError"]),
            ("tournament/src/deal.rs", &["DealError"]),
            ("tournament/src/chip_race.rs", &["RaceError"]),
            (
                "hand/src/hand.rs",
                &["Rejection", "RaiseBarred", "StudRemedyBarred"],
            ),
            ("cash/src/error.rs", &["CashError", "StraddleBarred"]),
            ("members/src/lib.rs", &["MemberError"]),
        ];
        // Worded by the refusal they carry.
        let carriers = [
            "not_now",
            "hand",
            "race",
            "deal_figures",
            "draw",
            "level_edit",
            "correction",
            "reservation",
            "straddle",
        ];
        let (de, en) = (message_keys("de"), message_keys("en"));
        let mut missing = Vec::new();
        let mut codes = 0;
        for (file, enums) in types {
            let text = std::fs::read_to_string(root.join(file)).expect("source");
            for name in enums {
                let start = text
                    .find(&format!("pub enum {name} {{"))
                    .unwrap_or_else(|| panic!("{name} in {file}"));
                let body = &text[start..];
                let body = &body[..body.find("\n}\n").expect("the enum's end")];
                let mut rename = None;
                for line in body.lines().skip(1) {
                    if let Some(r) = line.trim().strip_prefix("#[serde(rename = \"") {
                        rename = r.split('"').next().map(str::to_string);
                        continue;
                    }
                    let Some(variant) = line
                        .strip_prefix("    ")
                        .filter(|l| l.starts_with(|c: char| c.is_ascii_uppercase()))
                    else {
                        continue;
                    };
                    let ident: String = variant
                        .chars()
                        .take_while(|c| c.is_ascii_alphanumeric())
                        .collect();
                    let code = rename.take().unwrap_or_else(|| {
                        let mut s = String::new();
                        for (i, c) in ident.chars().enumerate() {
                            if c.is_ascii_uppercase() && i > 0 {
                                s.push('_');
                            }
                            s.push(c.to_ascii_lowercase());
                        }
                        s
                    });
                    codes += 1;
                    if carriers.contains(&code.as_str()) {
                        continue;
                    }
                    for (lang, keys) in [("de", &de), ("en", &en)] {
                        if !keys.contains(&format!("refused-{code}")) {
                            missing.push(format!("{lang} refused-{code} ({name})"));
                        }
                    }
                }
            }
        }
        // The service's own refusals, written as JSON where it refuses.
        let service = root.join("service/src");
        for f in std::fs::read_dir(service).expect("service") {
            let text = std::fs::read_to_string(f.expect("file").path()).expect("rs");
            for part in text.split("\"code\": \"").skip(1) {
                let code = part.split('"').next().unwrap_or("");
                codes += 1;
                for (lang, keys) in [("de", &de), ("en", &en)] {
                    if !keys.contains(&format!("refused-{code}")) {
                        missing.push(format!("{lang} refused-{code} (the service)"));
                    }
                }
            }
        }
        assert!(codes > 150, "{codes} codes read: the scan lost its way");
        assert!(missing.is_empty(), "not worded:\n{}", missing.join("\n"));
    }

    /// The messages a language's files define.
    fn message_keys(lang: &str) -> std::collections::BTreeSet<String> {
        let dir = std::path::Path::new(env!("CARGO_MANIFEST_DIR"))
            .join("locales")
            .join(lang);
        let mut out = std::collections::BTreeSet::new();
        for f in std::fs::read_dir(dir).expect("locales") {
            let text = std::fs::read_to_string(f.expect("file").path()).expect("ftl");
            for line in text.lines() {
                if let Some((k, _)) = line.split_once(" =")
                    && !k.starts_with(['#', ' ', '.', '-'])
                    && !k.is_empty()
                {
                    assert!(out.insert(k.to_string()), "{lang}: {k} is defined twice");
                }
            }
        }
        out
    }

    /// Every message exists in both languages, and every message the code asks for exists.
    #[test]
    fn every_message_is_in_both_languages() {
        let en = message_keys("en");
        let de = message_keys("de");
        assert_eq!(en, de, "the two languages name the same messages");
        let src = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("src");
        for f in std::fs::read_dir(src).expect("src") {
            let text = std::fs::read_to_string(f.expect("file").path()).expect("rs");
            for call in ["t(lang, \"", "ta(lang, \"", "tr(\"", "tra(\""] {
                for part in text.split(call).skip(1) {
                    let key = part.split('"').next().unwrap_or("");
                    assert!(
                        en.contains(key),
                        "the code asks for {key:?}, which no file has"
                    );
                }
            }
        }
    }
}
