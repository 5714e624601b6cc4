//! No input panics the desk, and nothing but an accepted command or a recorded refusal moves
//! the chain: random commands (any numbers, cards good and bad, any sender) against a started
//! tournament, and against a cash room's day with a hand in play.

use chrono::{TimeZone, Utc};
use floorbook_log::ChainId;
use floorbook_service::desk::{Desk, Incoming};
use floorbook_service::subjects::Channel;
use floorbook_service::wire::{
    ErrorKind, Reply, Request, SeatCard, WireCashOffence, WireCommand, WireLevel, WireOffence,
    WireOutOfTurn, WireSaid,
};
use floorbook_store_embedded::{EmbeddedStore, OpenMode};
use proptest::prelude::*;

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

fn command() -> impl Strategy<Value = WireCommand> {
    let t = || 0..4u32;
    let pos = || prop_oneof![0..11usize, Just(usize::MAX)];
    prop_oneof![
        (t(), pos()).prop_map(|(table, pos)| WireCommand::Fold { table, pos }),
        (t(), pos()).prop_map(|(table, pos)| WireCommand::CheckOrCall { table, pos }),
        (t(), pos(), amount()).prop_map(|(table, pos, to)| WireCommand::BetOrRaiseTo {
            table,
            pos,
            to
        }),
        (t(), proptest::option::of(amount())).prop_map(|(table, at)| WireCommand::StartHand {
            table,
            at,
            button: None,
            straddle: false
        }),
        (
            t(),
            pos(),
            prop::collection::vec(prop::option::of(card()), 0..5)
        )
            .prop_map(|(table, pos, cards)| WireCommand::DealHole { table, pos, cards }),
        (t(), prop::collection::vec(card(), 0..6))
            .prop_map(|(table, cards)| WireCommand::DealBoard { table, cards }),
        (t(), pos()).prop_map(|(table, pos)| WireCommand::Show {
            table,
            pos,
            cards: None
        }),
        (t(), pos()).prop_map(|(table, pos)| WireCommand::Muck { table, pos }),
        (t(), pos(), prop::collection::vec(card(), 0..4))
            .prop_map(|(table, pos, cards)| { WireCommand::ShowAfterHand { table, pos, cards } }),
        (t(), prop::collection::vec(card(), 0..6)).prop_map(|(table, cards)| {
            WireCommand::ChipRace {
                table,
                cards,
                at: None,
            }
        }),
        (t(), prop::collection::vec(card(), 0..6), 0..6usize).prop_map(
            |(table, cards, burn_pick)| WireCommand::FourCardFlop {
                table,
                cards,
                burn_pick
            }
        ),
        (t(), pos(), amount()).prop_map(|(table, pos, to)| WireCommand::OutOfTurn {
            table,
            pos,
            action: WireOutOfTurn::RaiseTo { to }
        }),
        (
            small(),
            prop_oneof![
                Just(WireOffence::Etiquette),
                Just(WireOffence::Advice),
                Just(WireOffence::HiddenChips),
                Just(WireOffence::Severe),
                Just(WireOffence::Cheating)
            ],
            proptest::option::of(amount())
        )
            .prop_map(|(player, offence, chips)| WireCommand::Sanction {
                player,
                offence,
                chips,
                at: None
            }),
        (t(), pos()).prop_map(|(table, pos)| WireCommand::Check { table, pos }),
        (t(), pos()).prop_map(|(table, pos)| WireCommand::Raise { table, pos }),
        (t(), pos()).prop_map(|(table, pos)| WireCommand::UnprotectedHandKilled { table, pos }),
        (t(), pos()).prop_map(|(table, pos)| WireCommand::FoldRetrieved { table, pos }),
        (t(), pos(), amount()).prop_map(|(table, pos, amount)| WireCommand::ShortCallUnaware {
            table,
            pos,
            amount
        }),
        (
            t(),
            pos(),
            amount(),
            any::<bool>(),
            prop_oneof![
                Just(WireSaid::Nothing),
                Just(WireSaid::Call),
                Just(WireSaid::Raise),
                amount().prop_map(WireSaid::RaiseTo)
            ]
        )
            .prop_map(
                |(table, pos, amount, single_chip, said)| WireCommand::PutIn {
                    table,
                    pos,
                    amount,
                    single_chip,
                    said
                }
            ),
        (t(), pos(), card()).prop_map(|(table, pos, card)| WireCommand::CardExposedInDeal {
            table,
            pos,
            card
        }),
        (t(), pos()).prop_map(|(table, pos)| WireCommand::BringIn { table, pos }),
        (t(), pos(), card()).prop_map(|(table, pos, card)| WireCommand::DownCardExposed {
            table,
            pos,
            card
        }),
        (t(), pos(), card()).prop_map(|(table, pos, card)| WireCommand::SeventhCardExposed {
            table,
            pos,
            card
        }),
        (
            t(),
            prop::collection::vec(card(), 0..4),
            prop::option::of(any::<bool>())
        )
            .prop_map(|(table, cards, burned)| WireCommand::PrematureStudCards {
                table,
                cards,
                burned
            }),
        (t(), 0..5usize, prop::option::of(card())).prop_map(|(table, burn_pick, next)| {
            WireCommand::FlopWithoutBurn {
                table,
                burn_pick,
                next,
            }
        }),
        (t(), prop::collection::vec(card(), 0..4))
            .prop_map(|(table, cards)| WireCommand::PrematureBoard { table, cards }),
        (t(), any::<bool>(), any::<bool>()).prop_map(|(table, restored, mixed_with_muck)| {
            WireCommand::StubScrambled {
                table,
                restored,
                mixed_with_muck,
            }
        }),
        (
            t(),
            pos(),
            prop::collection::vec(card(), 0..4),
            any::<bool>()
        )
            .prop_map(|(table, pos, cards, one_up_one_pushed)| {
                WireCommand::ExposedOwnCards {
                    table,
                    pos,
                    cards,
                    one_up_one_pushed,
                }
            }),
        (
            t(),
            pos(),
            prop::collection::vec(card(), 0..4),
            "[a-z ]{0,12}"
        )
            .prop_map(
                |(table, pos, cards, reason)| WireCommand::CorrectHoleCards {
                    table,
                    pos,
                    cards,
                    reason
                }
            ),
        (
            t(),
            pos(),
            prop::collection::vec(prop::option::of(card()), 0..4)
        )
            .prop_map(|(table, pos, cards)| WireCommand::Show {
                table,
                pos,
                cards: Some(cards)
            }),
        (small(), any::<bool>())
            .prop_map(|(player, absent)| WireCommand::SetAbsent { player, absent }),
        (t(), proptest::option::of(amount()))
            .prop_map(|(table, at)| WireCommand::CallClock { table, at }),
        (t(), proptest::option::of(amount()))
            .prop_map(|(table, at)| WireCommand::CheckClock { table, at }),
        (small(), proptest::option::of(amount()))
            .prop_map(|(player, at)| WireCommand::RemoveNoShow { player, at }),
        (t(), prop::collection::vec(0..20u32, 0..12))
            .prop_map(|(table, draw)| WireCommand::BreakTable { table, draw }),
        (
            prop::collection::vec(0..20u32, 0..12),
            proptest::option::of(prop_oneof![0..4u32, Just(u32::MAX)])
        )
            .prop_map(|(draw, tables)| WireCommand::Start {
                draw,
                button_seats: None,
                at: None,
                tables,
            }),
        director_and_floor(),
        (t(), prop::collection::vec((0..12u32, card()), 0..10)).prop_map(|(table, d)| {
            WireCommand::PlaceButton {
                table,
                draw: d
                    .into_iter()
                    .map(|(seat, card)| SeatCard { seat, card })
                    .collect(),
            }
        }),
        (small(), 0..100u32, proptest::option::of(small())).prop_map(|(player, age, table)| {
            WireCommand::Register {
                player,
                name: "X".into(),
                buy_in: "15.00".into(),
                age,
                table,
            }
        }),
        (
            small(),
            prop_oneof![
                Just("M00001".to_string()),
                Just("M99999".to_string()),
                Just(String::new())
            ],
            proptest::option::of(small())
        )
            .prop_map(|(player, member, table)| WireCommand::RegisterMember {
                player,
                member,
                buy_in: "15.00".into(),
                table,
            }),
        (
            small(),
            prop_oneof![
                Just("1990-02-03".to_string()),
                Just("2031-01-01".to_string()),
                Just("x".to_string())
            ],
        )
            .prop_map(|(player, born)| WireCommand::RegisterWalkIn {
                player,
                name: "W".into(),
                born,
                buy_in: "15.00".into(),
                contact: None,
                table: None,
            }),
        (prop::option::of(small()), prop::option::of(amount())).prop_map(|(player, overrides)| {
            WireCommand::FloorRuling {
                player,
                ruling: "r".into(),
                rule: "TR-26".into(),
                overrides,
            }
        }),
    ]
}

/// The director's clock and level edits, the floor's moves, holds, counts and busts.
fn director_and_floor() -> impl Strategy<Value = WireCommand> {
    let t = || prop_oneof![1..4u32, Just(0u32), Just(u32::MAX)];
    let at = || proptest::option::of(amount());
    let reason = || {
        prop_oneof![
            Just(String::new()),
            Just("count".to_string()),
            Just("x".repeat(600))
        ]
    };
    let level = (
        0..3_000u64,
        0..6_000u64,
        0..100u64,
        proptest::option::of(0..2_000u32),
    )
        .prop_map(|(small, big, ante, minutes)| WireLevel {
            small,
            big,
            ante,
            bring_in: 0,
            minutes,
        });
    prop_oneof![
        at().prop_map(|at| WireCommand::PauseClock { at }),
        at().prop_map(|at| WireCommand::ResumeClock { at }),
        (
            prop_oneof![-4_000i64..4_000, Just(i64::MIN), Just(i64::MAX)],
            at()
        )
            .prop_map(|(seconds, at)| WireCommand::AdjustClock { seconds, at }),
        (small(), at()).prop_map(|(level, at)| WireCommand::GoToLevel { level, at }),
        (small(), prop::collection::vec(level, 0..4), at())
            .prop_map(|(from, levels, at)| WireCommand::EditLevels { from, levels, at }),
        (small(), prop_oneof![0..60u32, Just(u32::MAX)], at()).prop_map(
            |(after_level, minutes, at)| WireCommand::SetBreak {
                after_level,
                minutes,
                at
            }
        ),
        (small(), t(), small(), reason()).prop_map(|(player, table, seat, reason)| {
            WireCommand::MovePlayer {
                player,
                table,
                seat,
                reason,
            }
        }),
        Just(WireCommand::BalanceNow {}),
        (small(), t(), small()).prop_map(|(player, table, seat)| WireCommand::SeatPlayer {
            player,
            table,
            seat
        }),
        (t(), any::<bool>(), reason()).prop_map(|(table, hold, reason)| WireCommand::HoldTable {
            table,
            hold,
            reason
        }),
        (t(), reason()).prop_map(|(table, reason)| WireCommand::BreakTableNow { table, reason }),
        (small(), amount(), reason()).prop_map(|(player, stack, reason)| WireCommand::SetStack {
            player,
            stack,
            reason
        }),
        (small(), small(), reason()).prop_map(|(player, winner, reason)| WireCommand::BustPlayer {
            player,
            winner,
            reason
        }),
    ]
}

/// A cash room's commands (any numbers, any guest), and every other command too (a
/// tournament's are refused at a cash room).
fn cash_command() -> impl Strategy<Value = WireCommand> {
    let guest = || 0u32..12;
    let game =
        || prop_oneof![Just("nlh-2-5"), Just("plo-5-5"), Just("stud")].prop_map(String::from);
    prop_oneof![
        (guest(), "[A-Za-z]{0,8}", game(), any::<bool>()).prop_map(
            |(guest, name, game, in_person)| {
                WireCommand::JoinList {
                    guest,
                    name,
                    game,
                    in_person,
                    member: None,
                }
            }
        ),
        (guest(), game()).prop_map(|(guest, game)| WireCommand::LeaveList { guest, game }),
        (0u32..6).prop_map(|table| WireCommand::OpenTable { table }),
        (guest(), 0u32..4, 0u32..11, amount(), any::<bool>()).prop_map(
            |(guest, table, seat, buy_in, wait_for_big_blind)| WireCommand::SeatGuest {
                guest,
                name: Some(format!("G{guest}")),
                table,
                seat,
                buy_in,
                wait_for_big_blind,
                member: None,
            }
        ),
        (guest(), amount()).prop_map(|(guest, amount)| WireCommand::Rebuy { guest, amount }),
        (guest(), amount()).prop_map(|(guest, amount)| WireCommand::AddChips { guest, amount }),
        (guest(), amount()).prop_map(|(guest, amount)| WireCommand::TakeChips { guest, amount }),
        guest().prop_map(|guest| WireCommand::CashOut { guest }),
        (guest(), any::<bool>()).prop_map(|(guest, away)| WireCommand::SetAway { guest, away }),
        (guest(), 0u32..11, any::<bool>()).prop_map(|(guest, seat, post_both)| {
            WireCommand::ChangeSeat {
                guest,
                seat,
                post_both,
            }
        }),
        (guest(), 0u32..11).prop_map(|(guest, seat)| WireCommand::AcceptMove { guest, seat }),
        guest().prop_map(|guest| WireCommand::RefuseMove { guest }),
        guest().prop_map(|guest| WireCommand::Warn {
            guest,
            offence: WireCashOffence::Language,
            note: String::new(),
        }),
        (prop::option::of(guest()), "[a-z ]{0,12}")
            .prop_map(|(guest, ruling)| WireCommand::HouseRuling { guest, ruling }),
        (0u32..4, prop::option::of(0u32..11), any::<bool>()).prop_map(
            |(table, button, straddle)| {
                WireCommand::StartHand {
                    table,
                    at: None,
                    button,
                    straddle,
                }
            }
        ),
        command(),
    ]
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
    let d = desk.decide(vec![incoming(channel, command.clone())]).await;
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
            let d = desk.decide(setup).await;
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
        commands in prop::collection::vec((channel(), cash_command()), 1..40)
    ) {
        let rt = tokio::runtime::Builder::new_current_thread().build().expect("runtime");
        rt.block_on(async move {
            let dir = tempfile::tempdir().expect("dir");
            let store = EmbeddedStore::open(dir.path(), OpenMode::ReadWrite).expect("store");
            let chain = ChainId::new("c-fuzz").expect("chain");
            let mut desk = Desk::open(store, chain, None, 1000).await.expect("desk");
            let mut setup = vec![
                incoming(
                    Channel::Director,
                    WireCommand::Open { profile: Some("gcb".into()), profile_toml: None },
                ),
                incoming(Channel::Floor, WireCommand::OpenTable { table: 1 }),
            ];
            for g in 1..=5 {
                setup.push(incoming(Channel::Floor, WireCommand::SeatGuest {
                    guest: g,
                    name: Some(format!("G{g}")),
                    table: 1,
                    seat: g,
                    buy_in: 200,
                    wait_for_big_blind: false,
                    member: None,
                }));
            }
            setup.push(incoming(
                Channel::Dealer { table: 1 },
                WireCommand::StartHand { table: 1, at: None, button: Some(1), straddle: false },
            ));
            let d = desk.decide(setup).await;
            assert!(d.replies.iter().all(|r| r.ok), "{:?}", d.replies);
            for (channel, command) in commands {
                send_and_check(&mut desk, channel, command).await;
            }
        });
    }
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
    let d = desk.decide(prefix).await;
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
    /// run in the chain, never two, and a request once recorded is answered with that record
    /// ever after (another request given its id is refused, decided nothing).
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
            let mut recorded: std::collections::HashMap<String, Reply> = Default::default();
            for (batch, reopen) in batches {
                let incs: Vec<Incoming> = batch
                    .iter()
                    .map(|(id, channel, command)| {
                        let mut inc = incoming(*channel, command.clone());
                        inc.request.id = id.map(|i| format!("req-{i}"));
                        inc
                    })
                    .collect();
                let d = desk.decide(incs.clone()).await;
                if d.stale {
                    desk = Desk::open(store.clone(), chain.clone(), None, 100_000)
                        .await
                        .expect("reopen");
                }
                for (inc, reply) in incs.iter().zip(&d.replies) {
                    let Some(id) = &inc.request.id else { continue };
                    match recorded.get(id) {
                        // The same request again: its first reply. Another request with
                        // the id: refused as a conflict, nothing decided (a desk opened again
                        // knows the recorded reply, not the body it answered, and gives the
                        // reply).
                        Some(first) => assert!(
                            reply == first
                                || (reply.seq.is_none()
                                    && reply.error.as_ref().is_some_and(|e| e.kind == ErrorKind::Conflict)),
                            "{id} answered differently: {reply:?}, first {first:?}"
                        ),
                        None if reply.seq.is_some() => {
                            recorded.insert(id.clone(), reply.clone());
                        }
                        None => {}
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
                let reply = recorded
                    .get(id)
                    .unwrap_or_else(|| panic!("{id} in the chain, never answered"));
                let (Some(first), Some(last)) = (reply.first_seq, reply.seq) else {
                    panic!("{id}: {reply:?}");
                };
                let once: Vec<u64> = (first..=last).collect();
                assert_eq!(seqs, &once, "{id} recorded more than once");
            }
            assert_eq!(by_id.len(), recorded.len());
        });
    }
}
