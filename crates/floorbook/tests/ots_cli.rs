//! `floorbook standings --ots` (issue 38 item 7): a tournament as an Open Tournament Summary
//! (spec 1.1.5), held to the specification's fields and types (a schema written from its pages,
//! `tests/golden/independent/ots-1.1.5.schema.json`) and to the night as the floor ran it:
//! every entrant once, each place once, the prizes of the house's payout summing to the pool,
//! the same figures the standings print, and those still playing marked so.

mod common;

use chrono::{DateTime, TimeZone, Utc};
use common::{floorbook, ok_json};
use floorbook_e2e::schemas::{CheckedDesk, independent_problem};
use floorbook_log::ChainId;
use floorbook_service::desk::{Desk, Incoming};
use floorbook_service::subjects::Channel;
use floorbook_service::wire::{Reply, Request, WireCommand};
use floorbook_store_embedded::{EmbeddedStore, OpenMode};
use serde_json::Value;

fn at() -> DateTime<Utc> {
    Utc.with_ymd_and_hms(2026, 12, 4, 19, 30, 0)
        .single()
        .expect("a time")
}

async fn one(desk: &mut Desk<EmbeddedStore>, channel: Channel, command: WireCommand) -> Reply {
    let r = answer(desk, channel, command).await;
    assert!(r.ok, "{r:?}");
    r
}

/// The desk's answer to one command, accepted or refused, checked against the published
/// reply schema.
async fn answer(desk: &mut Desk<EmbeddedStore>, channel: Channel, command: WireCommand) -> Reply {
    answer_later(desk, channel, command, 0).await
}

/// A top18 evening with the house's payout of 50, 30 and 20 percent: `buy_ins` registered in
/// order, the draw in order, then `busts` players out from the last registered down.
async fn evening(store: &EmbeddedStore, chain: &str, buy_ins: &[&str], busts: usize) {
    let mut desk = evening_desk(store, chain, buy_ins).await;
    bust(&mut desk, buy_ins.len() as u32, busts).await;
}

/// Busts `count` players, from player `last` down, to player 1.
async fn bust(desk: &mut Desk<EmbeddedStore>, last: u32, count: usize) {
    for p in (last + 1 - count as u32..=last).rev() {
        one(
            desk,
            Channel::Floor,
            WireCommand::BustPlayer {
                player: p,
                winner: 1,
                reason: "counted out".into(),
            },
        )
        .await;
    }
}

/// The desk of a top18 evening (payout 50/30/20) with `buy_ins` registered and started.
async fn evening_desk(store: &EmbeddedStore, chain: &str, buy_ins: &[&str]) -> Desk<EmbeddedStore> {
    let (top18, _) = floorbook_tournament::builtin("top18").expect("top18");
    let toml = format!("{top18}\n[payout]\nshares = [50, 30, 20]\n");
    let mut desk = opened(store, chain, toml).await;
    register(&mut desk, 1, buy_ins).await;
    start(&mut desk, buy_ins.len() as u32).await;
    desk
}

/// A desk on `chain`, opened by the director under the profile `toml`.
async fn opened(store: &EmbeddedStore, chain: &str, toml: String) -> Desk<EmbeddedStore> {
    let chain = ChainId::new(chain).expect("chain");
    let mut desk = Desk::open(store.clone(), chain, None, 500)
        .await
        .expect("desk");
    one(
        &mut desk,
        Channel::Director,
        WireCommand::Open {
            profile: None,
            profile_toml: Some(toml),
        },
    )
    .await;
    desk
}

/// Players from `first` on ("Spieler N", aged 30) registered with `buy_ins`, in order.
async fn register(desk: &mut Desk<EmbeddedStore>, first: u32, buy_ins: &[&str]) {
    for (p, buy_in) in (first..).zip(buy_ins) {
        one(
            desk,
            Channel::Floor,
            WireCommand::Register {
                player: p,
                name: format!("Spieler {p}"),
                buy_in: buy_in.to_string(),
                age: 30,
                table: None,
                draw: None,
            },
        )
        .await;
    }
}

/// The start: the `players` registered drawn in order, the button on seat 1.
async fn start(desk: &mut Desk<EmbeddedStore>, players: u32) {
    one(
        desk,
        Channel::Director,
        WireCommand::Start {
            draw: (0..players).collect(),
            button_seats: Some(vec![1]),
            at: Some(0),
            tables: None,
        },
    )
    .await;
}

/// Each entrant's prize in the summary of `chain`, in its order (places first).
fn summary_prizes(doc: &Value) -> Vec<f64> {
    doc["ots"]["tournament_finishes_and_winnings"]
        .as_array()
        .expect("finishes")
        .iter()
        .map(|f| f["prize"].as_f64().expect("prize"))
        .collect()
}

/// The prizes `floorbook standings --json` prints for `chain`, by place.
fn standings_prizes(data: &str, chain: &str) -> Vec<(u64, String)> {
    let standings = ok_json(&floorbook(&[
        "standings",
        "--data",
        data,
        "--chain",
        chain,
        "--json",
    ]));
    standings["standings"]
        .as_array()
        .expect("list")
        .iter()
        .filter_map(|s| Some((s["place"].as_u64()?, s["prize"].as_str()?.to_string())))
        .collect()
}

fn summary(data: &str, chain: &str) -> Value {
    let doc = ok_json(&floorbook(&[
        "standings",
        "--data",
        data,
        "--chain",
        chain,
        "--ots",
        "--currency",
        "EUR",
    ]));
    if let Some(problem) = independent_problem("ots-1.1.5", &doc) {
        panic!("{problem}\n{doc:#}");
    }
    doc
}

#[tokio::test]
async fn a_finished_evening_is_summarised_place_by_place_with_the_pool_paid_out() {
    let dir = tempfile::tempdir().expect("dir");
    let data = dir.path().to_str().expect("utf-8").to_string();
    {
        let store = EmbeddedStore::open(dir.path(), OpenMode::ReadWrite).expect("store");
        evening(&store, "friday", &["15.00"; 7], 6).await;
        // Two players left, and one paid less (TR-0b lets him choose).
        evening(
            &store,
            "saturday",
            &["15.00", "15.00", "12.00", "15.00", "15.00"],
            3,
        )
        .await;
    }
    let doc = summary(&data, "friday");
    let ots = &doc["ots"];
    assert_eq!(ots["spec_version"], "1.1.5");
    assert_eq!(ots["tournament_number"], "friday");
    assert_eq!(ots["player_count"], 7);
    assert_eq!(ots["currency"], "EUR");
    assert_eq!(ots["buyin_amount"], 15);
    assert_eq!(ots["fee_amount"], 0);
    assert_eq!(ots["initial_stack"], 1500);
    assert_eq!(ots["type"], "STT", "one table");
    assert_eq!(ots["start_date_utc"], "2026-12-04T19:30:00Z");
    assert_eq!(ots["end_date_utc"], "2026-12-04T19:30:00Z");
    // Seven buy-ins of 15.00: 105.00; 50/30/20 is 52.50, 31.50 and 21.00.
    assert_eq!(ots["prize_pool"], 105);
    let finishes = ots["tournament_finishes_and_winnings"]
        .as_array()
        .expect("finishes");
    let by_place: Vec<(u64, &str, f64)> = finishes
        .iter()
        .map(|f| {
            assert_eq!(f["still_playing"], false, "{f}");
            (
                f["finish_position"].as_u64().expect("place"),
                f["player_name"].as_str().expect("name"),
                f["prize"].as_f64().expect("prize"),
            )
        })
        .collect();
    assert_eq!(
        by_place,
        [
            (1, "Spieler 1", 52.5),
            (2, "Spieler 2", 31.5),
            (3, "Spieler 3", 21.0),
            (4, "Spieler 4", 0.0),
            (5, "Spieler 5", 0.0),
            (6, "Spieler 6", 0.0),
            (7, "Spieler 7", 0.0),
        ]
    );
    // The standings print the same prizes.
    let standings = ok_json(&floorbook(&[
        "standings",
        "--data",
        &data,
        "--chain",
        "friday",
        "--json",
    ]));
    for s in standings["standings"].as_array().expect("list") {
        let place = s["place"].as_u64().expect("place");
        let prize = s["prize"]
            .as_str()
            .map_or(0.0, |p| p.parse::<f64>().expect("a sum"));
        let (_, _, ots_prize) = by_place[place as usize - 1];
        assert!(
            (prize - ots_prize).abs() < 0.001,
            "place {place}: standings {prize}, summary {ots_prize}"
        );
    }

    // Saturday: three out, two still playing; the buy-ins differ, so OTS's one buy-in is left
    // out, and the pool is what they paid.
    let doc = summary(&data, "saturday");
    let ots = &doc["ots"];
    assert_eq!(ots["player_count"], 5);
    assert!(ots.get("buyin_amount").is_none(), "{ots}");
    assert!(ots.get("end_date_utc").is_none(), "not over: {ots}");
    assert_eq!(ots["prize_pool"], 72);
    let finishes = ots["tournament_finishes_and_winnings"]
        .as_array()
        .expect("finishes");
    let playing: Vec<&str> = finishes
        .iter()
        .filter(|f| f["still_playing"] == true)
        .map(|f| {
            assert!(
                f.get("finish_position").is_none() && f.get("prize").is_none(),
                "{f}"
            );
            f["player_name"].as_str().expect("name")
        })
        .collect();
    assert_eq!(playing, ["Spieler 1", "Spieler 2"]);
    let places: Vec<u64> = finishes
        .iter()
        .filter_map(|f| f["finish_position"].as_u64())
        .collect();
    assert_eq!(places, [3, 4, 5]);
    // Third place is paid once the place is final: 20 % of 72.00.
    assert_eq!(finishes[2]["prize"], 14.4);

    // The schema holds: a field the specification does not list, or a place as text, fails.
    let mut odd = doc.clone();
    odd["ots"]["bounty_hunter"] = true.into();
    assert!(independent_problem("ots-1.1.5", &odd).is_some());
    let mut odd = doc.clone();
    odd["ots"]["tournament_finishes_and_winnings"][2]["finish_position"] = "3".into();
    assert!(independent_problem("ots-1.1.5", &odd).is_some());

    // A currency that is no code is refused with the form it takes.
    let bad = floorbook(&[
        "standings",
        "--data",
        &data,
        "--chain",
        "friday",
        "--ots",
        "--currency",
        "€",
    ]);
    assert!(!bad.status.success());
    assert!(String::from_utf8_lossy(&bad.stderr).contains("three capital letters"));
}

fn payout(shares: &[u32]) -> WireCommand {
    WireCommand::EditPayout {
        shares: shares.to_vec(),
    }
}

/// NOB-16: the director sets the payout while no place it pays is decided; a payout that does
/// not add up, or one that would change a decided place's prize, is refused with the rule and
/// writes nothing; the floor may not; the summary and `explain` follow the payout recorded.
#[tokio::test]
async fn the_director_sets_the_payout_until_a_paid_place_is_decided() {
    let dir = tempfile::tempdir().expect("dir");
    let data = dir.path().to_str().expect("utf-8").to_string();
    let seq;
    {
        let store = EmbeddedStore::open(dir.path(), OpenMode::ReadWrite).expect("store");
        let mut desk = evening_desk(&store, "sunday", &["15.00"; 7]).await;
        let refused = |r: &Reply, code: &str| {
            let e = r.error.as_ref().expect("refused");
            assert_eq!(
                e.reason.as_ref().and_then(|v| v["code"].as_str()),
                Some(code),
                "{e:?}"
            );
            assert_eq!(
                e.rules.iter().map(|r| r.id.as_str()).collect::<Vec<_>>(),
                ["NOB-16"]
            );
        };
        let head = desk.head().expect("head").seq;
        // Not adding up, a place paid nothing, more places than any field: refused, nothing
        // written.
        for bad in [vec![50, 30], vec![100, 0], vec![1; 1001]] {
            let r = answer(&mut desk, Channel::Director, payout(&bad)).await;
            refused(&r, "payout_shares");
            assert!(
                r.error
                    .expect("refused")
                    .message
                    .contains("1 to 1000 places")
            );
        }
        assert_eq!(
            desk.head().expect("head").seq,
            head,
            "a refusal by the rules writes nothing"
        );
        // The floor has no say in the payout (his attempt is kept as a refusal).
        let r = answer(&mut desk, Channel::Floor, payout(&[100])).await;
        assert!(!r.ok, "{r:?}");
        assert!(
            r.error.expect("refused").message.contains("director"),
            "the role that may"
        );
        // Four of seven out: places 7 to 4 are decided. Paying three places stays open.
        bust(&mut desk, 7, 4).await;
        let r = one(&mut desk, Channel::Director, payout(&[60, 30, 10])).await;
        assert_eq!(r.events, ["CommandEntered", "PayoutEdited"]);
        seq = r.seq.expect("recorded");
        // Paying a fourth would pay a place decided already: refused, naming it.
        let r = answer(&mut desk, Channel::Director, payout(&[40, 30, 20, 10])).await;
        refused(&r, "payout_decided");
        assert!(
            r.error
                .expect("refused")
                .message
                .contains("place 4 is decided")
        );
        // Fifth place out: the third place is decided, and the payout in force pays it.
        bust(&mut desk, 3, 1).await;
        let r = answer(&mut desk, Channel::Director, payout(&[70, 30])).await;
        refused(&r, "payout_decided");
        // The last bust ends it: no payout is set after the end.
        bust(&mut desk, 2, 1).await;
        let r = answer(&mut desk, Channel::Director, payout(&[100])).await;
        assert!(!r.ok, "{r:?}");
    }
    // The summary pays by the payout recorded: 60/30/10 of 105.00.
    let doc = summary(&data, "sunday");
    let prizes = summary_prizes(&doc);
    assert_eq!(prizes, [63.0, 31.5, 10.5, 0.0, 0.0, 0.0, 0.0]);
    // The standings pay by it too (not by the payout the chain was opened with).
    assert_eq!(
        standings_prizes(&data, "sunday"),
        [(1, "63.00"), (2, "31.50"), (3, "10.50")].map(|(p, s)| (p, s.to_string()))
    );
    // `explain` re-derives the payout's decision and names its rule.
    let e = ok_json(&floorbook(&[
        "explain",
        "--data",
        &data,
        "--chain",
        "sunday",
        &seq.to_string(),
        "--json",
    ]));
    assert_eq!(e["agrees"], true, "{e}");
    assert!(e.to_string().contains("NOB-16"), "{e}");
}

/// Issue 39: a payout that follows the field, rounded to whole euros. The clock's prizes change
/// as the field grows past a table's size; the summary and the standings pay by the table of
/// the final field. Worked by hand: 5 entries at 7.50 (37.50) pay one place; 7 (52.50) pay 65 %
/// and 35 %, 34.125 and 18.375 rounded down to 34.00 and 18.00, the 0.50 left to first.
#[tokio::test]
async fn a_payout_follows_the_field_and_pays_whole_euros() {
    let dir = tempfile::tempdir().expect("dir");
    let data = dir.path().to_str().expect("utf-8").to_string();
    {
        let store = EmbeddedStore::open(dir.path(), OpenMode::ReadWrite).expect("store");
        let (top18, _) = floorbook_tournament::builtin("top18").expect("top18");
        let toml = format!(
            "{top18}\n[payout]\nshares = [100]\nunit = 100\nremainder = \"largest_remainder\"\n\n[[payout.by_entries]]\nentries = 6\nshares = [65, 35]\n"
        );
        let mut desk = opened(&store, "field", toml).await;
        let prizes = |desk: &Desk<EmbeddedStore>| {
            desk.tournament()
                .expect("a tournament")
                .clock_view(0)
                .prizes_cents
        };
        register(&mut desk, 1, &["7.50"; 5]).await;
        assert_eq!(prizes(&desk), [3_750], "five entries: one place");
        register(&mut desk, 6, &["7.50"; 2]).await;
        assert_eq!(prizes(&desk), [3_450, 1_800], "seven entries: two places");
        start(&mut desk, 7).await;
        bust(&mut desk, 7, 6).await;
    }
    let doc = summary(&data, "field");
    assert_eq!(summary_prizes(&doc), [34.5, 18.0, 0.0, 0.0, 0.0, 0.0, 0.0]);
    assert_eq!(
        standings_prizes(&data, "field"),
        [(1, "34.50"), (2, "18.00")].map(|(p, s)| (p, s.to_string()))
    );
}

/// Issue 39: a buy-in of 22.00 pays 2.00 to the house and 20.00 to the pool, and the house's
/// guarantee of 150.00 adds what five entries (100.00) fall short of it: the clock shows the
/// pool with its overlay, and the summary writes the buy-in apart from the fee as OTS does.
/// Worked by hand: 70 % and 30 % of 150.00 are 105.00 and 45.00.
#[tokio::test]
async fn a_fee_and_a_guarantee_are_paid_apart_from_the_pool() {
    let dir = tempfile::tempdir().expect("dir");
    let data = dir.path().to_str().expect("utf-8").to_string();
    {
        let store = EmbeddedStore::open(dir.path(), OpenMode::ReadWrite).expect("store");
        let (top18, _) = floorbook_tournament::builtin("top18").expect("top18");
        let toml = format!(
            "{}\n[payout]\nshares = [70, 30]\nfee = \"2.00\"\nguarantee = \"150.00\"\n",
            top18.replace("\"15.00\"]", "\"15.00\", \"22.00\"]")
        );
        let mut desk = opened(&store, "guaranteed", toml).await;
        register(&mut desk, 1, &["22.00"; 5]).await;
        let clock = desk.tournament().expect("a tournament").clock_view(0);
        assert_eq!(
            (
                clock.prize_pool_cents,
                clock.fees_cents,
                clock.overlay_cents
            ),
            (Some(15_000), 1_000, 5_000)
        );
        assert_eq!(clock.prizes_cents, [10_500, 4_500]);
        start(&mut desk, 5).await;
        bust(&mut desk, 5, 4).await;
    }
    let doc = summary(&data, "guaranteed");
    let ots = &doc["ots"];
    assert_eq!(
        (&ots["buyin_amount"], &ots["fee_amount"], &ots["prize_pool"]),
        (&20.into(), &2.into(), &150.into())
    );
    let prizes = summary_prizes(&doc);
    assert_eq!(prizes, [105.0, 45.0, 0.0, 0.0, 0.0]);
}

/// The desk's answer to one command taken in `minutes` after [`at`], checked against the
/// published reply schema.
async fn answer_later(
    desk: &mut Desk<EmbeddedStore>,
    channel: Channel,
    command: WireCommand,
    minutes: i64,
) -> Reply {
    let d = desk
        .checked(vec![Incoming {
            channel,
            request: Request {
                actor: "mara".into(),
                id: None,
                after: None,
                seen: None,
                command,
            },
            at: at() + chrono::Duration::minutes(minutes),
        }])
        .await;
    d.replies.into_iter().next().expect("one reply")
}

/// Issue 39: a rebuy evening, summarised. The PL Omaha profile with €20 buy-ins, rebuys at
/// €10 (a double allowed) until the end of level 1 and the add-on (5,000 chips for €5) in
/// level 2: the summary names what a rebuy and the add-on cost and who made how many, the pool
/// holds them, and the audit counts the money to the cent.
#[tokio::test]
async fn a_rebuy_evening_is_summarised_with_its_rebuys_and_add_ons() {
    let dir = tempfile::tempdir().expect("dir");
    let data = dir.path().to_str().expect("utf-8").to_string();
    {
        let store = EmbeddedStore::open(dir.path(), OpenMode::ReadWrite).expect("store");
        let (plo, _) = floorbook_tournament::builtin("plo27").expect("plo27");
        let toml = plo.replace("buy_ins = [\"0.00\"]", "buy_ins = [\"20.00\"]")
            + "\n[payout]\nshares = [70, 30]\n\n[entries]\nrebuys = 2\nrebuy_until_level = 1\n\
               rebuy_price = \"10.00\"\ndouble_rebuy = true\naddon_chips = 5000\n\
               addon_price = \"5.00\"\n";
        let mut desk = opened(&store, "rebuys", toml).await;
        register(&mut desk, 1, &["20.00"; 3]).await;
        start(&mut desk, 3).await;
        let rebuy = |player, double| WireCommand::TournamentRebuy { player, double };
        let r = answer_later(&mut desk, Channel::Floor, rebuy(1, true), 1).await;
        assert!(r.ok && r.events.iter().any(|e| e == "Rebought"), "{r:?}");
        // The add-on is in level 2; in level 2 a rebuy is over.
        let r = answer_later(
            &mut desk,
            Channel::Floor,
            WireCommand::AddOn { player: 2 },
            2,
        )
        .await;
        assert_eq!(
            r.error
                .as_ref()
                .and_then(|e| e.reason.as_ref())
                .map(|r| r["code"].clone()),
            Some(Value::from("add_on_not_now")),
            "{r:?}"
        );
        let r = answer_later(
            &mut desk,
            Channel::Floor,
            WireCommand::AddOn { player: 2 },
            16,
        )
        .await;
        assert!(r.ok && r.events.iter().any(|e| e == "AddedOn"), "{r:?}");
        let r = answer_later(&mut desk, Channel::Floor, rebuy(3, false), 17).await;
        assert!(!r.ok, "{r:?}");
        for p in [3, 2] {
            let bust = WireCommand::BustPlayer {
                player: p,
                winner: 1,
                reason: "all in against Spieler 1, not keyed in".into(),
            };
            let r = answer_later(&mut desk, Channel::Floor, bust, 20).await;
            assert!(r.ok, "{r:?}");
        }
    }
    let doc = summary(&data, "rebuys");
    let ots = &doc["ots"];
    assert_eq!(ots["rebuy_cost"], 10.0);
    assert_eq!(ots["addon_cost"], 5.0);
    // Three buy-ins of €20, two rebuys at €10, one add-on at €5.
    assert_eq!(ots["prize_pool"], 85.0);
    let made: Vec<(String, u64, u64)> = ots["tournament_rebuys"]
        .as_array()
        .expect("rebuys")
        .iter()
        .map(|r| {
            (
                r["player_name"].as_str().unwrap_or_default().to_string(),
                r["rebuys"].as_u64().unwrap_or(99),
                r["addons"].as_u64().unwrap_or(99),
            )
        })
        .collect();
    assert_eq!(
        made,
        [
            ("Spieler 1".to_string(), 2, 0),
            ("Spieler 2".to_string(), 0, 1)
        ]
    );
    assert_eq!(summary_prizes(&doc), [59.5, 25.5, 0.0]);
    let audit = ok_json(&floorbook(&[
        "audit", "--data", &data, "--chain", "rebuys", "--json",
    ]));
    let money = &audit["money"];
    assert_eq!(money["paid_in_cents"], 8_500, "{audit}");
    assert_eq!(money["pool_cents"], 8_500);
    assert_eq!(money["derived_pool_cents"], 8_500);
    assert_eq!(money["ok"], true);
}
