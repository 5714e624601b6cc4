//! No input panics the desk, and nothing but an accepted command or a recorded refusal moves
//! the chain: random commands (any numbers, cards good and bad, any sender) against a started
//! tournament, and against a cash room's day with a hand in play.

use chrono::{TimeZone, Utc};
use floorbook_e2e::schemas::CheckedDesk;
use floorbook_log::ChainId;
use floorbook_service::commands::{COMMANDS, When};
use floorbook_service::desk::{Desk, Incoming};
use floorbook_service::subjects::Channel;
use floorbook_service::wire::{ErrorKind, Reply, Request, WireCommand};
use floorbook_service::wire_words::command_schema;
use floorbook_store_embedded::{EmbeddedStore, OpenMode};
use proptest::prelude::*;
use serde_json::Value;

fn card() -> impl Strategy<Value = String> {
    prop_oneof![
        Just("Ah".to_string()),
        Just("Kd".to_string()),
        Just("7c".to_string()),
        Just("2s".to_string()),
        Just("Td".to_string()),
        Just("Zz".to_string()),
        Just(String::new()),
    ]
}

fn small() -> impl Strategy<Value = u32> {
    prop_oneof![0..12u32, Just(u32::MAX)]
}

fn amount() -> impl Strategy<Value = u64> {
    prop_oneof![0..5_000u64, Just(u64::MAX), Just(u64::MAX / 2)]
}

/// A number for an integer field named `name` of the schema's `format`: mostly small, with
/// the edges of the type.
fn integer(name: &str, format: &str) -> BoxedStrategy<Value> {
    match (name, format) {
        ("table", _) => prop_oneof![0..4u32, Just(u32::MAX)]
            .prop_map(Value::from)
            .boxed(),
        ("pos" | "burn_pick", _) => prop_oneof![0..11u64, Just(u64::MAX)]
            .prop_map(Value::from)
            .boxed(),
        ("seconds", _) => prop_oneof![-4_000i64..4_000, Just(i64::MIN), Just(i64::MAX)]
            .prop_map(Value::from)
            .boxed(),
        ("age", _) => (0..100u32).prop_map(Value::from).boxed(),
        ("minutes", _) => prop_oneof![0..60u32, Just(u32::MAX)]
            .prop_map(Value::from)
            .boxed(),
        (_, "uint32") => small().prop_map(Value::from).boxed(),
        _ => amount().prop_map(Value::from).boxed(),
    }
}

/// Text for a field named `name`: what a terminal sends there, and what it should not.
fn text(name: &str) -> BoxedStrategy<Value> {
    let pick = |v: &[&str]| {
        prop::sample::select(v.iter().map(|s| s.to_string()).collect::<Vec<_>>())
            .prop_map(Value::from)
            .boxed()
    };
    match name {
        "buy_in" => pick(&["15.00", "7.50", "x"]),
        "born" => pick(&["1990-02-03", "2031-01-01", "x"]),
        "member" => pick(&["M00001", "M99999", ""]),
        "game" => pick(&["nlh-2-5", "plo-5-5", "stud"]),
        "rule" => pick(&["TR-26", "XX"]),
        "profile" => pick(&["top18", "gcb", "nope"]),
        "profile_toml" => pick(&["x = 1", ""]),
        "name" | "ruling" | "note" | "contact" => "[A-Za-z ]{0,12}".prop_map(Value::from).boxed(),
        "reason" => prop_oneof![
            Just(String::new()),
            Just("count".to_string()),
            Just("x".repeat(600))
        ]
        .prop_map(Value::from)
        .boxed(),
        _ => card().prop_map(Value::from).boxed(),
    }
}

/// Any value `schema` allows for a field named `name` (`root` holds the definitions).
fn fitting(name: &str, schema: &Value, root: &Value) -> BoxedStrategy<Value> {
    if let Some(r) = schema["$ref"].as_str() {
        let target = r
            .trim_start_matches("#/")
            .split('/')
            .fold(root, |v, part| &v[part]);
        return fitting(name, target, root);
    }
    if let Some(c) = schema.get("const") {
        return Just(c.clone()).boxed();
    }
    if let Some(values) = schema["enum"].as_array() {
        return prop::sample::select(values.clone()).boxed();
    }
    for key in ["oneOf", "anyOf"] {
        if let Some(alts) = schema[key].as_array() {
            let alts: Vec<BoxedStrategy<Value>> =
                alts.iter().map(|a| fitting(name, a, root)).collect();
            return prop::strategy::Union::new(alts).boxed();
        }
    }
    let (ty, nullable) = match &schema["type"] {
        Value::Array(t) => (
            t.iter()
                .find(|t| *t != "null")
                .cloned()
                .unwrap_or(Value::Null),
            t.iter().any(|t| t == "null"),
        ),
        t => (t.clone(), false),
    };
    let plain = match ty.as_str() {
        Some("integer") => integer(name, schema["format"].as_str().unwrap_or("")),
        Some("boolean") => any::<bool>().prop_map(Value::from).boxed(),
        Some("string") => text(name),
        Some("array") => {
            let len = if name == "draw" { 0..12 } else { 0..5 };
            prop::collection::vec(fitting(name, &schema["items"], root), len)
                .prop_map(Value::from)
                .boxed()
        }
        Some("object") => object(schema, root),
        _ => Just(Value::Null).boxed(),
    };
    if nullable {
        prop_oneof![Just(Value::Null), plain].boxed()
    } else {
        plain
    }
}

/// An object with the schema's required fields and any of its optional ones.
fn object(schema: &Value, root: &Value) -> BoxedStrategy<Value> {
    let required: Vec<&str> = schema["required"]
        .as_array()
        .into_iter()
        .flatten()
        .filter_map(Value::as_str)
        .collect();
    let fields: Vec<BoxedStrategy<Option<(String, Value)>>> = schema["properties"]
        .as_object()
        .into_iter()
        .flatten()
        .map(|(k, v)| {
            let key = k.clone();
            let value = fitting(k, v, root).prop_map(move |v| Some((key.clone(), v)));
            if required.contains(&k.as_str()) {
                value.boxed()
            } else {
                prop_oneof![Just(None), value].boxed()
            }
        })
        .collect();
    fields
        .prop_map(move |kv| Value::Object(kv.into_iter().flatten().collect()))
        .boxed()
}

/// Any declared command, its fields drawn from its schema (issue 34: the fuzzer is derived
/// from the declarations, so a new command is fuzzed the day it is declared).
fn command() -> impl Strategy<Value = WireCommand> {
    let root = schemars::schema_for!(Request).to_value();
    let commands: Vec<BoxedStrategy<Value>> = COMMANDS
        .iter()
        .map(|d| {
            let schema = command_schema(d.name).expect("every declared command has a schema");
            object(schema, &root)
        })
        .collect();
    prop::strategy::Union::new(commands)
        .prop_filter_map("a value the wire's types cannot hold", |v| {
            serde_json::from_value::<WireCommand>(v).ok()
        })
}

fn channel() -> impl Strategy<Value = Channel> {
    prop_oneof![
        (1..4u32).prop_map(|table| Channel::Dealer { table }),
        Just(Channel::Floor),
        Just(Channel::Director),
    ]
}

fn incoming(channel: Channel, command: WireCommand) -> Incoming {
    Incoming {
        channel,
        request: Request {
            actor: "fuzz".into(),
            id: None,
            after: None,
            seen: None,
            command,
        },
        at: Utc
            .with_ymd_and_hms(2026, 11, 29, 20, 0, 0)
            .single()
            .expect("a time"),
    }
}

/// Sends one command and holds the outcome to the invariant: only an accepted command or a
/// recorded refusal moves the chain, and a refused or rejected one leaves the tournament
/// exactly as it was.
async fn send_and_check(desk: &mut Desk<EmbeddedStore>, channel: Channel, command: WireCommand) {
    let before = desk.head().map_or(0, |h| h.seq.0);
    let state = (
        serde_json::to_value(desk.tournament()).expect("state"),
        serde_json::to_value(desk.cash()).expect("state"),
    );
    let d = desk.checked(vec![incoming(channel, command.clone())]).await;
    assert!(!d.stale, "{command:?} left the desk needing a reload");
    let r = &d.replies[0];
    let after = desk.head().map_or(0, |h| h.seq.0);
    match r.error.as_ref().map(|e| e.kind) {
        None => assert!(after > before, "{command:?} accepted without events"),
        Some(ErrorKind::Forbidden) => assert_eq!(after, before + 1, "{command:?}"),
        Some(_) => assert_eq!(after, before, "{command:?}: {r:?}"),
    }
    if r.error.is_some() {
        let now = (
            serde_json::to_value(desk.tournament()).expect("state"),
            serde_json::to_value(desk.cash()).expect("state"),
        );
        assert!(now == state, "{command:?} ({r:?}) changed the state");
    }
}

proptest! {
    #![proptest_config(ProptestConfig { cases: 48, ..ProptestConfig::default() })]

    #[test]
    fn random_commands_never_panic_and_only_decisions_move_the_chain(
        commands in prop::collection::vec((channel(), command()), 1..40)
    ) {
        let rt = tokio::runtime::Builder::new_current_thread().build().expect("runtime");
        rt.block_on(async move {
            let dir = tempfile::tempdir().expect("dir");
            let store = EmbeddedStore::open(dir.path(), OpenMode::ReadWrite).expect("store");
            let chain = ChainId::new("fuzz").expect("chain");
            let mut desk = Desk::open(store, chain, None, 1000).await.expect("desk");
            let mut setup = vec![incoming(
                Channel::Director,
                WireCommand::Open { profile: Some("top18".into()), profile_toml: None },
            )];
            for p in 1..=12 {
                setup.push(incoming(Channel::Floor, WireCommand::Register {
                    player: p,
                    name: format!("P{p}"),
                    buy_in: "15.00".into(),
                    age: 30,
                    table: None,
                    draw: None,
                }));
            }
            setup.push(incoming(
                Channel::Director,
                WireCommand::Start {
                    draw: (0..12).collect(),
                    // TR-2: the buttons drawn, so that hands can start.
                    button_seats: Some(vec![1, 1]),
                    at: None,
                    tables: None,
                },
            ));
            let d = desk.checked(setup).await;
            assert!(d.replies.iter().all(|r| r.ok), "{:?}", d.replies);
            for (channel, command) in commands {
                send_and_check(&mut desk, channel, command).await;
            }
        });
    }
}

proptest! {
    #![proptest_config(ProptestConfig { cases: 32, ..ProptestConfig::default() })]

    /// Issue 42: the same at a cash room's day, with guests seated and a hand in play.
    #[test]
    fn random_commands_at_a_cash_room_never_panic_and_only_decisions_move_the_chain(
        commands in prop::collection::vec((channel(), command()), 1..40)
    ) {
        let rt = tokio::runtime::Builder::new_current_thread().build().expect("runtime");
        rt.block_on(async move {
            let dir = tempfile::tempdir().expect("dir");
            let store = EmbeddedStore::open(dir.path(), OpenMode::ReadWrite).expect("store");
            let chain = ChainId::new("c-fuzz").expect("chain");
            let mut desk = Desk::open(store, chain, None, 1000).await.expect("desk");
            let d = desk.checked(cash_room_in_hand(5)).await;
            assert!(d.replies.iter().all(|r| r.ok), "{:?}", d.replies);
            for (channel, command) in commands {
                send_and_check(&mut desk, channel, command).await;
            }
        });
    }
}

/// A cash room's day opened (gcb), table 1 open with `guests` seated at 200, a hand started.
fn cash_room_in_hand(guests: u32) -> Vec<Incoming> {
    let mut setup = vec![
        incoming(
            Channel::Director,
            WireCommand::Open {
                profile: Some("gcb".into()),
                profile_toml: None,
            },
        ),
        incoming(Channel::Floor, WireCommand::OpenTable { table: 1 }),
    ];
    for g in 1..=guests {
        setup.push(incoming(
            Channel::Floor,
            WireCommand::SeatGuest {
                guest: g,
                name: Some(format!("G{g}")),
                table: 1,
                seat: g,
                buy_in: 200,
                wait_for_big_blind: false,
                member: None,
            },
        ));
    }
    setup.push(incoming(
        Channel::Dealer { table: 1 },
        WireCommand::StartHand {
            table: 1,
            at: None,
            button: Some(1),
            straddle: false,
        },
    ));
    setup
}

/// A simulated tournament's commands under `profile` (top18, or stud), once for all cases.
fn script(profile: &str) -> &'static [floorbook_e2e::drive::Step] {
    type Steps = Vec<floorbook_e2e::drive::Step>;
    static TOP18: std::sync::OnceLock<Steps> = std::sync::OnceLock::new();
    static STUD: std::sync::OnceLock<Steps> = std::sync::OnceLock::new();
    let cell = if profile == "stud" { &STUD } else { &TOP18 };
    cell.get_or_init(|| {
        let (_, p) = floorbook_tournament::builtin(profile).expect("profile");
        floorbook_e2e::drive::script(profile, &p.expect("the profile reads"), 18, 21)
            .expect("script")
    })
}

/// A desk in `dir` whose chain holds the first `at` (0 to 1) of the simulated tournament's
/// commands, all accepted: play in progress at several tables.
async fn desk_in_play(
    dir: &tempfile::TempDir,
    chain: &str,
    at: f64,
    profile: &str,
) -> (EmbeddedStore, ChainId, Desk<EmbeddedStore>) {
    let store = EmbeddedStore::open(dir.path(), OpenMode::ReadWrite).expect("store");
    let chain = ChainId::new(chain).expect("chain");
    let mut desk = Desk::open(store.clone(), chain.clone(), None, 100_000)
        .await
        .expect("desk");
    let steps = script(profile);
    let k = ((steps.len() as f64) * at) as usize;
    let prefix: Vec<Incoming> = steps[..k.max(1)]
        .iter()
        .map(|s| incoming(s.channel, s.command.clone()))
        .collect();
    let d = desk.checked(prefix).await;
    assert!(
        d.replies.iter().all(|r| r.ok),
        "the script's prefix is accepted"
    );
    (store, chain, desk)
}

proptest! {
    #![proptest_config(ProptestConfig { cases: 48, ..ProptestConfig::default() })]

    /// The same in the middle of play: hands in progress at several tables, players moved,
    /// levels raised; a Hold'em tournament or a stud one.
    #[test]
    fn random_commands_in_the_middle_of_play_never_panic(
        at in 0.0..1.0f64,
        stud in any::<bool>(),
        commands in prop::collection::vec((channel(), command()), 1..30)
    ) {
        let rt = tokio::runtime::Builder::new_current_thread().build().expect("runtime");
        rt.block_on(async move {
            let dir = tempfile::tempdir().expect("dir");
            let profile = if stud { "stud" } else { "top18" };
            let (_, _, mut desk) = desk_in_play(&dir, "fuzz-mid", at, profile).await;
            for (channel, command) in commands {
                send_and_check(&mut desk, channel, command).await;
            }
        });
    }
}

proptest! {
    #![proptest_config(ProptestConfig { cases: 32, ..ProptestConfig::default() })]

    /// Requests with ids from a small pool, in batches, with the desk closed and opened again
    /// from the store now and then (another writer taking over): the events of one id form one
    /// run in the chain, never two, and a request once answered (accepted or refused) is
    /// answered alike ever after (another request given its id is refused `id_reused`, decided
    /// nothing).
    #[test]
    fn a_request_id_is_recorded_at_most_once_across_reopens(
        at in 0.0..1.0f64,
        batches in prop::collection::vec(
            (
                prop::collection::vec((prop::option::of(0..5u8), channel(), command()), 1..4),
                any::<bool>(),
            ),
            1..12,
        )
    ) {
        let rt = tokio::runtime::Builder::new_current_thread().build().expect("runtime");
        rt.block_on(async move {
            let dir = tempfile::tempdir().expect("dir");
            let (store, chain, mut desk) = desk_in_play(&dir, "fuzz-ids", at, "top18").await;
            let mut recorded: std::collections::HashMap<String, ((String, String), Reply)> =
                Default::default();
            for (batch, reopen) in batches {
                let incs: Vec<Incoming> = batch
                    .iter()
                    .map(|(id, channel, command)| {
                        let mut inc = incoming(*channel, command.clone());
                        inc.request.id = id.map(|i| format!("req-{i}"));
                        inc
                    })
                    .collect();
                let d = desk.checked(incs.clone()).await;
                if d.stale {
                    desk = Desk::open(store.clone(), chain.clone(), None, 100_000)
                        .await
                        .expect("reopen");
                }
                for (inc, reply) in incs.iter().zip(&d.replies) {
                    let Some(id) = &inc.request.id else { continue };
                    let body = (
                        inc.channel.token(),
                        serde_json::to_string(&inc.request).expect("json"),
                    );
                    match recorded.get(id) {
                        // The same request again: its first answer, accepted or refused,
                        // also from a desk opened again (refusals are kept beside the chain).
                        Some((first_body, first)) if *first_body == body => assert_eq!(
                            reply, first,
                            "{id} answered differently"
                        ),
                        // Another request with the id: refused `id_reused`, nothing decided.
                        Some((_, first)) => assert!(
                            reply.seq.is_none()
                                && reply.error.as_ref().is_some_and(|e| e.kind == ErrorKind::IdReused),
                            "{id} reused: {reply:?}, first {first:?}"
                        ),
                        // An answer given in a batch whose append failed is not an answer.
                        None if d.stale => {}
                        None => {
                            recorded.insert(id.clone(), (body, reply.clone()));
                        }
                    }
                }
                if reopen {
                    drop(desk);
                    desk = Desk::open(store.clone(), chain.clone(), None, 100_000)
                        .await
                        .expect("reopen");
                }
            }
            // In the chain: each id's events are exactly those of its first reply.
            let all = floorbook_log::EventStore::read(
                &store,
                &chain,
                floorbook_log::Seq(1),
                usize::MAX,
            )
            .await
            .expect("read");
            let mut by_id: std::collections::HashMap<String, Vec<u64>> = Default::default();
            for e in &all {
                let env = floorbook_log::Envelope::parse(&e.bytes).expect("envelope");
                if let Some(id) = env.request {
                    by_id.entry(id).or_default().push(e.seq.0);
                }
            }
            for (id, seqs) in &by_id {
                let (_, reply) = recorded
                    .get(id)
                    .unwrap_or_else(|| panic!("{id} in the chain, never answered"));
                let (Some(first), Some(last)) = (reply.first_seq, reply.seq) else {
                    panic!("{id}: {reply:?}");
                };
                let once: Vec<u64> = (first..=last).collect();
                assert_eq!(seqs, &once, "{id} recorded more than once");
            }
            // Every id whose answer named events is in the chain; the others wrote nothing.
            assert_eq!(
                by_id.len(),
                recorded.values().filter(|(_, r)| r.seq.is_some()).count()
            );
        });
    }
}

/// Where the desk stands for `command` (issue 38): the chain's phase, and for a command at a
/// table, that table's.
fn phase(desk: &Desk<EmbeddedStore>, command: &WireCommand) -> When {
    if let Some(room) = desk.cash() {
        return match command.table() {
            Some(t) if room.hand(t).is_some() => When::InHand,
            _ => When::Playing,
        };
    }
    let Some(t) = desk.tournament() else {
        return When::Unopened;
    };
    if t.finished {
        When::Finished
    } else if !t.started {
        When::Registering
    } else {
        match command.table() {
            Some(no) if t.hand(floorbook_tournament::seating::TableNo(no)).is_some() => {
                When::InHand
            }
            _ => When::Playing,
        }
    }
}

/// A desk in one of the phases a command can meet: 0 an empty chain, 1 a tournament
/// registering, 2 started with no hand yet, 3 a hand in play at table 1, 4 a cash room with
/// a hand in play at table 1, 5 and 6 a simulated tournament part way and to its end.
async fn desk_in_phase(dir: &tempfile::TempDir, which: usize, at: f64) -> Desk<EmbeddedStore> {
    let store = EmbeddedStore::open(dir.path(), OpenMode::ReadWrite).expect("store");
    let chain = ChainId::new("phases").expect("chain");
    let mut desk = Desk::open(store, chain, None, 100_000).await.expect("desk");
    let mut setup = Vec::new();
    match which {
        0 => {}
        1..=3 => {
            setup.push(incoming(
                Channel::Director,
                WireCommand::Open {
                    profile: Some("top18".into()),
                    profile_toml: None,
                },
            ));
            for p in 1..=12 {
                setup.push(incoming(
                    Channel::Floor,
                    WireCommand::Register {
                        player: p,
                        name: format!("P{p}"),
                        buy_in: "15.00".into(),
                        age: 30,
                        table: None,
                        draw: None,
                    },
                ));
            }
            if which >= 2 {
                setup.push(incoming(
                    Channel::Director,
                    WireCommand::Start {
                        draw: (0..12).collect(),
                        // Phase 2 leaves the button draw to the tables (TR-2).
                        button_seats: (which == 3).then(|| vec![1, 1]),
                        at: None,
                        tables: None,
                    },
                ));
            }
            if which == 3 {
                setup.push(incoming(
                    Channel::Dealer { table: 1 },
                    WireCommand::StartHand {
                        table: 1,
                        at: None,
                        button: None,
                        straddle: false,
                    },
                ));
            }
        }
        4 => setup = cash_room_in_hand(4),
        _ => {
            let steps = script("top18");
            let k = if which == 5 {
                ((steps.len() as f64) * at) as usize
            } else {
                steps.len()
            };
            setup.extend(
                steps[..k.max(1)]
                    .iter()
                    .map(|s| incoming(s.channel, s.command.clone())),
            );
        }
    }
    if !setup.is_empty() {
        let d = desk.checked(setup).await;
        assert!(d.replies.iter().all(|r| r.ok), "{:?}", d.replies);
    }
    desk
}

proptest! {
    #![proptest_config(ProptestConfig { cases: 64, ..ProptestConfig::default() })]

    /// Issue 38: every command is decided only in the phases its declaration names. Random
    /// commands (any declared command, fields drawn from its schema) from the director, who
    /// may send them all, at a desk in every phase: each one accepted is held to the phase it
    /// met (as the declaration says, and the protocol document with it).
    #[test]
    fn every_command_is_decided_only_in_its_declared_phases(
        which in 0..7usize,
        at in 0.0..1.0f64,
        commands in prop::collection::vec(command(), 1..40)
    ) {
        let rt = tokio::runtime::Builder::new_current_thread().build().expect("runtime");
        rt.block_on(async move {
            let dir = tempfile::tempdir().expect("dir");
            let mut desk = desk_in_phase(&dir, which, at).await;
            if which == 6 {
                assert!(desk.tournament().is_some_and(|t| t.finished), "the script ends the tournament");
            }
            for command in commands {
                let met = phase(&desk, &command);
                let d = desk.checked(vec![incoming(Channel::Director, command.clone())]).await;
                let r = &d.replies[0];
                if r.ok {
                    let when = command.declaration().when;
                    assert!(
                        when.contains(&met),
                        "{} was accepted when {met:?}; declared {when:?}: {command:?}",
                        command.name()
                    );
                }
            }
        });
    }
}
