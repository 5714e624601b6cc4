//! The replay tool's foundation: every decision of simulated tournaments of every profile is
//! re-derived from the recorded inputs alone and agrees with the record; an edited decision,
//! an illegal action and a missing event are each found at their place, with the reason.

use floorbook_hand::{Chips, HandEvent, Pos};
use floorbook_sim::{Style, simulate_styled};
use floorbook_tournament::command::{Command, HandCommand};
use floorbook_tournament::engine::TournamentEvent;
use floorbook_tournament::rederive::{Rederiver, Snapshot};
use floorbook_tournament::{Profile, builtin, builtin_names};
use proptest::prelude::*;

fn profile(name: &str) -> Profile {
    builtin(name).expect("built in").1.expect("reads")
}

fn recorded(name: &str, players: u32, seed: u64) -> Vec<TournamentEvent> {
    recorded_styled(name, players, seed, Style::Loose)
}

fn recorded_styled(name: &str, players: u32, seed: u64, style: Style) -> Vec<TournamentEvent> {
    simulate_styled(&profile(name), players, seed, style, None)
        .unwrap_or_else(|e| panic!("{name}: {e}"))
        .tournament
        .events
}

fn rederive_all(name: &str, players: u32, seed: u64) {
    rederive_styled(name, players, seed, Style::Loose);
}

/// Re-derives a simulated tournament both ways a chain holds it: from the commands as entered
/// (format 2), and from the decisions alone, each command read back from them (format 1).
fn rederive_styled(name: &str, players: u32, seed: u64, style: Style) {
    let t = simulate_styled(&profile(name), players, seed, style, None)
        .unwrap_or_else(|e| panic!("{name}: {e}"))
        .tournament;
    let log = t.events.clone();
    for entered in [Some(t.commands.clone()), None] {
        let format = if entered.is_some() { 2 } else { 1 };
        let mut r = Rederiver::new(profile(name), log.clone());
        if let Some(entered) = entered {
            r = r.with_entered(entered);
        }
        let mut derived = Vec::new();
        let mut steps = 0;
        while let Some(step) = r
            .step()
            .unwrap_or_else(|d| panic!("{name} seed {seed} format {format}: diverged: {d:?}"))
        {
            assert_eq!(step.from, derived.len(), "steps cover the log without gaps");
            derived.extend(step.derived);
            steps += 1;
        }
        assert!(derived == log, "{name}: the re-derived log is the record");
        assert!(r.tournament().finished);
        if format == 2 {
            assert_eq!(
                steps,
                t.commands.len(),
                "every entered command is decided once"
            );
        }
    }
}

/// Format 2: a decision recorded without the command that caused it, a command entered
/// differently from what the record shows, and a decision appended after a command are each
/// found at their place.
#[test]
fn a_chain_of_entered_commands_is_held_to_its_decisions() {
    let t = simulate_styled(&profile("top18"), 9, 5, Style::Loose, None)
        .expect("plays")
        .tournament;
    let replay = |log: Vec<TournamentEvent>, entered| {
        Rederiver::new(profile("top18"), log)
            .with_entered(entered)
            .run_to_end()
            .expect_err("diverges")
    };
    // The first raise's command, entered as a different amount.
    let k = t
        .commands
        .iter()
        .position(|e| {
            matches!(
                e.command,
                Command::Hand {
                    action: HandCommand::BetOrRaiseTo { .. },
                    ..
                }
            )
        })
        .expect("a raise");
    let mut entered = t.commands.clone();
    if let Command::Hand {
        action: HandCommand::BetOrRaiseTo { to, .. },
        ..
    } = &mut entered[k].command
    {
        *to = Chips(to.0 + 10);
    }
    let d = replay(t.events.clone(), entered);
    assert_eq!(d.index, t.commands[k].index, "{d:?}");
    // A command taken out: its decisions have no command before them.
    let mut entered = t.commands.clone();
    let removed = entered.remove(k);
    let d = replay(t.events.clone(), entered);
    assert_eq!(d.index, removed.index, "{d:?}");
    assert!(d.reason.contains("did not cause"), "{}", d.reason);
    // A decision added after a command: the command did not cause it.
    let mut log = t.events.clone();
    let at = t.commands[k + 1].index;
    log.insert(at, log[at - 1].clone());
    let mut entered = t.commands.clone();
    for e in &mut entered[k + 1..] {
        e.index += 1;
    }
    let d = replay(log, entered);
    assert_eq!(d.index, at, "{d:?}");
    assert!(d.reason.contains("did not cause"), "{}", d.reason);
}

#[test]
fn every_decision_of_every_profile_is_re_derived() {
    for name in builtin_names() {
        for (players, seed) in [(9, 1), (27, 2), (64, 3)] {
            rederive_all(name, players, seed);
        }
    }
    // A large field: rare incidents (a four-card flop in an all-in hand) happen here.
    rederive_all("deepstack", 400, 4);
}

#[test]
fn every_decision_of_a_patient_field_is_re_derived() {
    // Patient bots: long hands over many streets, side pots from short stacks, many levels.
    for name in builtin_names() {
        rederive_styled(name, 45, 11, Style::Patient);
    }
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(8))]
    #[test]
    fn random_tournaments_re_derive(
        which in any::<proptest::sample::Index>(),
        players in 2u32..40,
        seed in any::<u64>(),
    ) {
        // Every built-in profile, read from the list (stud among them).
        let names: Vec<&str> = builtin_names().collect();
        rederive_all(names[which.index(names.len())], players, seed);
    }
}

/// The index of the first recorded event matching `f`.
fn find(log: &[TournamentEvent], f: impl Fn(&HandEvent) -> bool) -> usize {
    log.iter()
        .position(|e| matches!(e, TournamentEvent::InHand { event, .. } if f(event)))
        .expect("such an event")
}

#[test]
fn an_edited_pot_award_is_a_divergence_at_its_place() {
    let mut log = recorded("top18", 12, 5);
    let i = find(
        &log,
        |e| matches!(e, HandEvent::PotAwarded { shares, .. } if shares.len() == 1),
    );
    if let TournamentEvent::InHand {
        event: HandEvent::PotAwarded { shares, .. },
        ..
    } = &mut log[i]
    {
        // The chips go to someone else.
        shares[0].0 = Pos(shares[0].0.0 + 1);
    }
    let mut r = Rederiver::new(profile("top18"), log.clone());
    let d = r.run_to_end().expect_err("an edited award diverges");
    assert_eq!(d.index, i);
    assert_eq!(d.recorded.as_ref(), Some(&log[i]));
    assert!(d.derived.is_some() && d.derived != d.recorded);
    assert!(d.reason.contains("differs"), "{}", d.reason);
}

#[test]
fn an_illegal_raise_is_refused_with_its_rule_and_range() {
    let mut log = recorded("top18", 12, 6);
    // The first raise above the big blind: make it one chip too small.
    let i = find(
        &log,
        |e| matches!(e, HandEvent::BetOrRaised { full: true, to, .. } if to.0 > 40),
    );
    let mut min = Chips(0);
    if let TournamentEvent::InHand {
        event: HandEvent::BetOrRaised { to, increment, .. },
        ..
    } = &mut log[i]
    {
        min = *to;
        // Below the legal minimum: the previous bet plus less than a full raise.
        to.0 = to.0 - increment.0 + 1;
    }
    let mut r = Rederiver::new(profile("top18"), log.clone());
    let d = r.run_to_end().expect_err("an illegal raise diverges");
    assert_eq!(d.index, i);
    assert!(d.derived.is_none());
    assert!(
        matches!(
            d.command,
            Some(Command::Hand {
                action: HandCommand::BetOrRaiseTo { .. },
                ..
            })
        ),
        "{:?}",
        d.command
    );
    // The reason names the rule and the allowed minimum.
    assert!(d.reason.contains("TR-8"), "{}", d.reason);
    assert!(d.reason.contains("minimum"), "{}", d.reason);
    assert!(min.0 > 0);
}

#[test]
fn a_missing_event_is_found() {
    let mut log = recorded("nob", 10, 7);
    let i = find(&log, |e| matches!(e, HandEvent::BettingClosed { .. }));
    log.remove(i);
    let mut r = Rederiver::new(profile("nob"), log);
    let d = r.run_to_end().expect_err("a gap diverges");
    assert_eq!(d.index, i);
    assert!(matches!(
        d.derived,
        Some(TournamentEvent::InHand {
            event: HandEvent::BettingClosed { .. },
            ..
        })
    ));
}

#[test]
fn run_through_stops_at_the_command_that_covers_an_event() {
    let log = recorded("plo27", 18, 8);
    let target = log.len() / 2;
    let mut r = Rederiver::new(profile("plo27"), log.clone());
    let step = r.run_through(target).expect("agrees").expect("a step");
    assert!(step.from <= target && target < step.from + step.derived.len());
    assert_eq!(step.derived[target - step.from], log[target]);
    assert_eq!(r.position(), step.from + step.derived.len());
}

#[test]
fn a_stored_snapshot_resumes_to_the_same_decisions() {
    let log = recorded("deepstack", 40, 9);
    let mut whole = Rederiver::new(profile("deepstack"), log.clone());
    // Run to somewhere in the middle, store the state as JSON, and resume from it.
    whole.run_through(log.len() / 3).expect("agrees");
    let snapshot = serde_json::to_string(&whole.snapshot()).expect("serialize");
    let snapshot: Snapshot = serde_json::from_str(&snapshot).expect("deserialize");
    let at = snapshot.position;
    let mut resumed = Rederiver::resume(snapshot, log[at..].to_vec());
    assert_eq!(resumed.position(), at);
    loop {
        let a = whole.step().expect("agrees");
        let b = resumed.step().expect("agrees");
        assert_eq!(a, b, "the same steps from the snapshot");
        if a.is_none() {
            break;
        }
    }
    assert!(resumed.tournament().finished);
    // A divergence after the snapshot is found at its absolute index.
    let mut edited = log.clone();
    let i = edited.len() - 1;
    edited[i] = TournamentEvent::Finished {
        winner: floorbook_tournament::seating::PlayerId(999),
    };
    let mut r = Rederiver::new(profile("deepstack"), log.clone());
    r.run_through(log.len() / 2).expect("agrees");
    let snap = r.snapshot();
    let at = snap.position;
    let d = Rederiver::resume(snap, edited[at..].to_vec())
        .run_to_end()
        .expect_err("diverges");
    assert_eq!(d.index, i);
}
