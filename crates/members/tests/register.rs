//! The member register, as the club's office and floor use it: names that repeat, records that
//! were one person, bans, and the age check of TR-0a ("Mindestalter 18 Jahre"), on dates that
//! are not the easy case.

use chrono::NaiveDate;
use floorbook_members::{MemberCommand, MemberError, MemberEvent, Register, age_on};
use proptest::prelude::*;

fn day(y: i32, m: u32, d: u32) -> NaiveDate {
    NaiveDate::from_ymd_opt(y, m, d).expect("a date")
}

fn run(r: &mut Register, c: MemberCommand) -> Vec<MemberEvent> {
    let events = r.decide(&c, day(2026, 12, 1)).expect("decided");
    for e in &events {
        r.apply(e).expect("folds");
    }
    events
}

fn join(r: &mut Register, id: Option<&str>, name: &str, born: NaiveDate) -> String {
    match run(
        r,
        MemberCommand::Join {
            member: id.map(str::to_string),
            name: name.into(),
            born,
            contact: Some("hans@example.org".into()),
        },
    )
    .as_slice()
    {
        [MemberEvent::Joined { member, .. }] => member.clone(),
        other => panic!("{other:?}"),
    }
}

#[test]
fn two_members_with_one_name_stay_two() {
    let mut r = Register::default();
    let a = join(&mut r, None, "Alex", day(1990, 5, 1));
    let b = join(&mut r, None, "Alex", day(1985, 2, 3));
    assert_eq!((a.as_str(), b.as_str()), ("M00001", "M00002"));
    assert_eq!(r.name_of(&a), Some("Alex"));
    assert_eq!(r.name_of(&b), Some("Alex"));
    assert_ne!(r.resolve(&a), r.resolve(&b));
    // A club card number is kept as given, and the generated numbers step round it.
    let card = join(&mut r, Some("M00004"), "Bea", day(1970, 1, 1));
    assert_eq!(card, "M00004");
    let next = join(&mut r, None, "Cem", day(1971, 1, 1));
    assert_eq!(next, "M00005");
}

#[test]
fn a_merge_folds_one_record_into_the_other_with_its_reason() {
    let mut r = Register::default();
    let short = join(&mut r, None, "Hans M.", day(1980, 7, 9));
    let full = join(&mut r, None, "Hans Müller", day(1980, 7, 9));
    run(
        &mut r,
        MemberCommand::Merge {
            from: short.clone(),
            into: full.clone(),
            reason: "one person, registered twice".into(),
        },
    );
    assert_eq!(r.current_id(&short), full);
    assert_eq!(r.name_of(&short), Some("Hans Müller"));
    // The merged-away record takes no more changes: it names the one to use.
    let err = r
        .decide(
            &MemberCommand::Rename {
                member: short.clone(),
                name: "H.".into(),
                reason: "typo".into(),
            },
            day(2026, 12, 1),
        )
        .expect_err("merged away");
    assert_eq!(err, MemberError::MergedAway(short.clone(), full.clone()));
    let err = r
        .decide(
            &MemberCommand::Merge {
                from: full.clone(),
                into: full.clone(),
                reason: "x".into(),
            },
            day(2026, 12, 1),
        )
        .expect_err("self");
    assert_eq!(err, MemberError::SelfMerge(full));
}

#[test]
fn tr_0a_the_age_is_counted_on_the_day_of_play() {
    // "Mindestalter 18 Jahre": 18 on the birthday, not the day before.
    let mut r = Register::default();
    let m = join(&mut r, None, "Jo", day(2008, 12, 2));
    let err = r
        .entry(&m, day(2026, 12, 1), 18)
        .expect_err("17 the day before");
    assert!(err.to_string().starts_with("TR-0a"), "{err}");
    assert_eq!(r.entry(&m, day(2026, 12, 2), 18).expect("18 today").age, 18);
    // Born on 29 February: of age on 1 March in a year without one.
    assert_eq!(age_on(day(2004, 2, 29), day(2022, 2, 28)), 17);
    assert_eq!(age_on(day(2004, 2, 29), day(2022, 3, 1)), 18);
    // The entry says who and how old, never the birth date.
    let text =
        serde_json::to_string(&r.entry(&m, day(2026, 12, 2), 18).expect("entry")).expect("json");
    assert!(!text.contains("2008"), "{text}");
    let record = serde_json::to_string(&r.resolve(&m)).expect("json");
    assert!(
        !record.contains("2008") && !record.contains("example.org"),
        "{record}"
    );
}

#[test]
fn a_ban_keeps_the_member_out_until_its_day_or_its_lifting() {
    let mut r = Register::default();
    let m = join(&mut r, None, "Kai", day(1990, 1, 1));
    run(
        &mut r,
        MemberCommand::Bar {
            member: m.clone(),
            reason: "removed after three warnings".into(),
            rule: Some("GCB-1".into()),
            until: Some(day(2026, 12, 31)),
        },
    );
    let err = r.entry(&m, day(2026, 12, 31), 18).expect_err("barred");
    assert!(matches!(err, MemberError::Barred { .. }), "{err}");
    assert!(r.entry(&m, day(2027, 1, 1), 18).is_ok(), "the ban ended");
    let bad = r.decide(
        &MemberCommand::Bar {
            member: m.clone(),
            reason: "x".into(),
            rule: Some("TR-99".into()),
            until: None,
        },
        day(2026, 12, 1),
    );
    assert_eq!(bad, Err(MemberError::BadRule("TR-99".into())));
    run(
        &mut r,
        MemberCommand::Lift {
            member: m.clone(),
            reason: "shift manager's decision".into(),
        },
    );
    assert!(r.entry(&m, day(2026, 12, 2), 18).is_ok());
    let again = r.decide(
        &MemberCommand::Lift {
            member: m.clone(),
            reason: "again".into(),
        },
        day(2026, 12, 1),
    );
    assert_eq!(again, Err(MemberError::NotBarred(m)));
}

#[test]
fn bad_input_is_refused_with_the_range() {
    let r = Register::default();
    let refuse = |c: MemberCommand| {
        r.decide(&c, day(2026, 12, 1))
            .expect_err("refused")
            .to_string()
    };
    let join = |id: Option<&str>, name: &str, born: NaiveDate| MemberCommand::Join {
        member: id.map(str::to_string),
        name: name.into(),
        born,
        contact: None,
    };
    assert!(refuse(join(Some("a b"), "A", day(1990, 1, 1))).contains("1 to 32 letters"));
    assert!(refuse(join(None, "  ", day(1990, 1, 1))).contains("1 to 200 characters"));
    assert!(refuse(join(None, "A", day(2027, 1, 1))).contains("must lie before 2026-12-01"));
    assert!(
        refuse(MemberCommand::Lift {
            member: "M9".into(),
            reason: "x".into()
        })
        .contains("no member M9")
    );
}

fn command() -> impl Strategy<Value = MemberCommand> {
    let id = prop_oneof![
        Just("M00001".to_string()),
        Just("M00002".to_string()),
        "[A-Za-z0-9 _-]{0,4}"
    ];
    let text = prop_oneof![Just("x".to_string()), Just(String::new()), "[a-z ]{0,8}"];
    let born = (1890i32..2030, 1u32..13, 1u32..29).prop_map(|(y, m, d)| day(y, m, d));
    prop_oneof![
        (proptest::option::of(id.clone()), text.clone(), born).prop_map(|(member, name, born)| {
            MemberCommand::Join {
                member,
                name,
                born,
                contact: None,
            }
        }),
        (id.clone(), text.clone(), text.clone()).prop_map(|(member, name, reason)| {
            MemberCommand::Rename {
                member,
                name,
                reason,
            }
        }),
        (id.clone(), id.clone(), text.clone())
            .prop_map(|(from, into, reason)| MemberCommand::Merge { from, into, reason }),
        (
            id.clone(),
            text.clone(),
            proptest::option::of(prop_oneof![
                Just("GCB-1".to_string()),
                Just("TR-28".to_string()),
                Just("X".to_string())
            ])
        )
            .prop_map(|(member, reason, rule)| MemberCommand::Bar {
                member,
                reason,
                rule,
                until: None
            }),
        (id, text).prop_map(|(member, reason)| MemberCommand::Lift { member, reason }),
    ]
}

proptest! {
    /// A refused command changes nothing; an accepted one folds; merges never make a cycle
    /// (every record resolves to one that stands).
    #[test]
    fn refusals_change_nothing_and_every_record_resolves(commands in proptest::collection::vec(command(), 1..40)) {
        let mut r = Register::default();
        for c in &commands {
            let before = r.clone();
            match r.decide(c, day(2026, 12, 1)) {
                Ok(events) => for e in &events { r.apply(e).expect("a decided event folds"); },
                Err(_) => prop_assert_eq!(&r, &before),
            }
        }
        for m in r.members() {
            let standing = r.resolve(&m.id).expect("resolves");
            prop_assert!(standing.merged_into.is_none());
        }
    }
}
