//! The director's desk at a tournament (issue 36): the clock with its controls as one touch
//! each (pause or resume, a minute more or less, the next level: TR-5), the start with the seat
//! draw made at random by the page or typed from the seat cards drawn by hand (TR-1), and the
//! levels to come as a table to edit (TR-5's "levels not yet begun"), not as JSON, the house's
//! payout as a table of places (NOB-16) while no place it pays is decided, and the close of the
//! night: each prize paid out, and the record signed.

use floorbook_tournament::Level;
use floorbook_tournament::engine::{ClockView, Status, Tournament};
use fluent_templates::fluent_bundle::FluentValue;
use maud::{Markup, html};

use floorbook_service::commands::Lang;

use crate::words::{chips, n, s, t, ta};

/// What the director's desk shows of a tournament.
#[derive(Debug)]
pub struct DirectorModel {
    clock: ClockView,
    /// Players registered and not yet seated (the start's seat draw covers them).
    registered: u32,
    /// The schedule: each level's blinds and minutes.
    levels: Vec<(Level, u32)>,
    /// The first level (1-based) the director may still change.
    first_editable: u32,
    /// Levels go by time (a clock to control).
    by_time: bool,
    /// A stud game: a level's blinds are its small and big bet, and it has a bring-in.
    stud: bool,
    /// The places paid so far: place, player, name, prize in cents, paid out already.
    prizes: Vec<(u32, u32, String, u64, bool)>,
    /// The payout in force: percents of the prize pool by place, first place first.
    shares: Vec<u32>,
    /// The profile's payouts by field size (at least so many entries, the percents).
    tables: Vec<(u32, Vec<u32>)>,
    /// The standard payout (issue 39): the percent of the entries paid, and the places it
    /// pays the field now.
    standard: Option<(u32, u32)>,
    /// The best place decided so far (places are decided from the last up).
    decided: Option<u32>,
    /// The latest signed checkpoint of the chain (its sequence and key), and the chain's head.
    pub signed: Option<(u64, String)>,
    pub head: u64,
}

impl DirectorModel {
    pub fn tournament(t: &Tournament, now: u64) -> DirectorModel {
        let clock = t.clock_view(now);
        let levels = &t.profile.levels;
        let default = levels.minutes.unwrap_or(0);
        let schedule = levels
            .schedule
            .iter()
            .enumerate()
            .map(|(i, l)| {
                let m = levels.lengths.get(i).copied().filter(|m| *m > 0);
                (*l, m.unwrap_or(default))
            })
            .collect();
        let mut prizes: Vec<(u32, u32, String, u64, bool)> = t
            .players
            .values()
            .filter_map(|p| {
                let (place, cents) = t.prize_of(p.id, now)?;
                let paid = t.prizes_paid.contains_key(&p.id);
                Some((place, p.id.0, p.name.clone(), cents, paid))
            })
            .collect();
        prizes.sort();
        let decided = t.best_decided_place();
        DirectorModel {
            prizes,
            shares: t.profile.payout.shares_for(clock.entrants).to_vec(),
            tables: t
                .profile
                .payout
                .by_entries
                .iter()
                .map(|tb| (tb.entries, tb.shares.clone()))
                .collect(),
            standard: t
                .profile
                .payout
                .standard
                .map(|pct| (pct, t.profile.payout.paid_places(clock.entrants))),
            decided,
            signed: None,
            head: 0,
            registered: t
                .players
                .values()
                .filter(|p| p.status == Status::Registered)
                .count() as u32,
            levels: schedule,
            // TR-5: the level in force and those before it are played as they stand.
            first_editable: clock.level + 1,
            by_time: clock.by_time,
            stud: t.profile.game.stud().is_some(),
            clock,
        }
    }
}

/// `m:ss`.
fn mmss(secs: u64) -> String {
    format!("{}:{:02}", secs / 60, secs % 60)
}

fn blinds(l: &Level, lang: Lang) -> String {
    let mut out = format!("{} / {}", chips(l.small, lang), chips(l.big, lang));
    if l.ante > 0 {
        out.push_str(&format!(" ({})", chips(l.ante, lang)));
    }
    out
}

/// A form of one touch: the command with its fields fixed.
fn touch(command: &str, label: &str, fields: &[(&str, String)]) -> Markup {
    html! {
        form.cmd.touch data-command=(command) aria-label=(label) {
            @for (name, value) in fields {
                input type="hidden" name=(name) value=(value) data-kind="int";
            }
            button type="submit" { (label) }
        }
    }
}

/// Redrawn live with the overview: before the start, the seat draw; then the seat slips and
/// the clock with its controls.
pub fn live_panel(m: &DirectorModel, lang: Lang) -> Markup {
    let tr = |k: &str| t(lang, k);
    let tra = |k: &str, args: &[(&'static str, FluentValue<'static>)]| ta(lang, k, args);
    let v = &m.clock;
    if !v.started {
        return html! {
            section.start aria-label=(tr("director-start")) {
                h2 { (tr("director-start")) " " span.rule { "(TR-1)" } }
                p { (tra("director-registered", &[("count", n(m.registered))])) }
                p { (tr("director-draw-how")) }
                button.draw type="button" data-draw-seats=(m.registered) { (tr("director-draw")) }
            }
        };
    }
    html! {
        @if !v.finished {
            p { a href="slips" { (tr("director-slips")) } }
            @if m.by_time { (clock(m, lang)) }
        }
        @if !m.prizes.is_empty() { (prizes(m, lang)) }
    }
}

/// Closing the night: each paid place, its prize, and one touch to record it paid out.
fn prizes(m: &DirectorModel, lang: Lang) -> Markup {
    let tr = |k: &str| t(lang, k);
    let tra = |k: &str, args: &[(&'static str, FluentValue<'static>)]| ta(lang, k, args);
    html! {
        section.prizes aria-label=(tr("director-prizes")) {
            h2 { (tr("director-prizes")) " " span.rule { "(TR-0b)" } }
            table {
                tbody {
                    @for (place, player, name, cents, paid) in &m.prizes {
                        tr data-player=(player) {
                            td.num { (tra("director-place", &[("place", n(*place))])) }
                            td { (name) }
                            td.num { (crate::pages::money_in(*cents, lang)) }
                            td {
                                @if *paid { span.paid { (tr("director-paid")) } }
                                @else { (touch("pay_prize", &tra("director-pay", &[("name", s(name.clone()))]), &[("player", player.to_string())])) }
                            }
                        }
                    }
                }
            }
            @if m.clock.finished && m.prizes.iter().all(|p| p.4) {
                p.notice { (tr("director-all-paid")) }
                @match &m.signed {
                    Some((seq, key)) if *seq >= m.head => {
                        p.signed { (tra("director-signed", &[("seq", n(*seq as f64)), ("key", s(key.clone()))])) }
                    }
                    Some((seq, key)) => {
                        p.signed { (tra("director-signed-behind", &[("seq", n(*seq as f64)), ("key", s(key.clone())), ("head", n(m.head as f64))])) }
                    }
                    None => { p.signed { (tr("director-unsigned")) } }
                }
            }
        }
    }
}

fn clock(m: &DirectorModel, lang: Lang) -> Markup {
    let tr = |k: &str| t(lang, k);
    let tra = |k: &str, args: &[(&'static str, FluentValue<'static>)]| ta(lang, k, args);
    let v = &m.clock;
    let length = m
        .levels
        .get(v.level.saturating_sub(1) as usize)
        .map_or(0, |(_, minutes)| u64::from(*minutes) * 60);
    let played = if v.on_break_after.is_some() {
        0
    } else {
        v.seconds_left.map_or(0, |l| length.saturating_sub(l))
    };
    html! {
        section.director-clock aria-label=(tr("director-clock")) {
            h2 { (tr("director-clock")) " " span.rule { "(TR-5)" } }
            p #director-clock-state {
                @if let Some(after) = v.on_break_after {
                    (tra("break-after", &[("level", n(after))]))
                } @else {
                    (tra("level", &[("level", n(v.level))])) " · " (blinds(&v.blinds, lang))
                }
                @if let Some(left) = v.seconds_left {
                    " · "
                    @if v.paused {
                        (tra("director-left", &[("time", s(mmss(left)))])) " · " strong { (tr("clock-paused")) }
                    } @else {
                        (tra("director-left-running", &[])) " " span.timer data-left=(left) { (mmss(left)) }
                    }
                }
            }
            div.controls {
                @if v.paused {
                    (touch("resume_clock", &tr("director-resume"), &[]))
                } @else {
                    (touch("pause_clock", &tr("director-pause"), &[]))
                }
                // TR-5's adjustment stays within the level: time given back only as far as it
                // was played, taken only as far as it is left.
                @if played >= 60 {
                    (touch("adjust_clock", &tr("director-minute-more"), &[("seconds", "60".into())]))
                }
                @if v.seconds_left.is_some_and(|l| l > 60) {
                    (touch("adjust_clock", &tr("director-minute-less"), &[("seconds", "-60".into())]))
                }
                // On a break the level after it is the one to go to: the break ends.
                @if v.on_break_after.is_some() {
                    (touch("go_to_level", &tra("director-end-break", &[("level", n(v.level))]), &[("level", v.level.to_string())]))
                } @else if (v.level as usize) < m.levels.len() {
                    (touch("go_to_level", &tra("director-next-level", &[("level", n(v.level + 1))]), &[("level", (v.level + 1).to_string())]))
                }
            }
        }
    }
}

/// NOB-16: the payout as a table of places with their percent of the pool and the prize it
/// makes of the pool as it stands; one more row adds a place, an emptied row drops its own.
/// Once a place it pays is decided it stands, shown without a form.
fn payout(m: &DirectorModel, lang: Lang) -> Markup {
    let tr = |k: &str| t(lang, k);
    let tra = |k: &str, args: &[(&'static str, FluentValue<'static>)]| ta(lang, k, args);
    let pool = m.clock.prize_pool_cents;
    let prize = |share: u32| {
        pool.map(|p| crate::pages::money_in((u128::from(p) * u128::from(share) / 100) as u64, lang))
            .unwrap_or_default()
    };
    let paid = m
        .standard
        .map_or(m.shares.len(), |(_, places)| places as usize);
    let locked = m.decided.filter(|&place| place as usize <= paid.max(1));
    html! {
        section.payout aria-label=(tr("director-payout")) {
            h2 { (tr("director-payout")) " " span.rule { "(NOB-16)" } }
            @if let Some(p) = pool {
                p { (tra("director-payout-pool", &[("pool", s(crate::pages::money_in(p, lang)))])) }
            }
            @if !m.tables.is_empty() {
                p.tables {
                    (tr("director-payout-tables")) " "
                    @for (i, (entries, shares)) in m.tables.iter().enumerate() {
                        @if i > 0 { "; " }
                        (tra("director-payout-table", &[("entries", n(*entries)), ("shares", s(shares.iter().map(|x| format!("{x} %")).collect::<Vec<_>>().join(" / ")))]))
                    }
                }
            }
            // The standard payout: the places it pays the field now, with their prizes.
            @if let Some((pct, places)) = m.standard {
                p.standard { (tra("director-payout-standard", &[("percent", n(pct)), ("places", n(places)), ("entries", n(m.clock.entrants))])) }
                table.standard {
                    thead { tr { th.num { (tr("director-col-place")) } th.num { (tr("director-col-prize")) } } }
                    tbody {
                        @for (i, cents) in m.clock.prizes_cents.iter().enumerate() {
                            tr { td.num { (i + 1) "." } td.num { (crate::pages::money_in(*cents, lang)) } }
                        }
                    }
                }
            }
            @if let Some(place) = locked {
                p.notice { (tra("director-payout-locked", &[("place", n(place))])) }
                @if m.standard.is_some() {
                } @else if m.shares.is_empty() {
                    p.empty { (tr("director-payout-none")) }
                } @else {
                    table {
                        thead { tr { th.num { (tr("director-col-place")) } th.num { (tr("director-col-percent")) } th.num { (tr("director-col-prize")) } } }
                        tbody {
                            @for (i, share) in m.shares.iter().enumerate() {
                                tr { td.num { (i + 1) "." } td.num { (share) " %" } td.num { (prize(*share)) } }
                            }
                        }
                    }
                }
            } @else {
                form.cmd.payout data-command="edit_payout" data-pool=[pool] aria-label=(tr("director-payout-save")) {
                    p { (tr("director-payout-how")) }
                    @if let Some(place) = m.decided {
                        p { (tra("director-payout-most", &[("places", n(place - 1))])) }
                    }
                    table {
                        thead { tr { th.num { (tr("director-col-place")) } th.num { (tr("director-col-percent")) } th.num { (tr("director-col-prize")) } } }
                        tbody {
                            @for (i, share) in m.shares.iter().enumerate() {
                                tr data-place=(i + 1) {
                                    td.num { (i + 1) "." }
                                    td.num { input.share name="shares" data-kind="share" value=(share) inputmode="numeric"
                                        aria-label=(tra("director-payout-field", &[("place", n(i as u32 + 1))])); }
                                    td.num.prize { (prize(*share)) }
                                }
                            }
                            @let next = m.shares.len() + 1;
                            tr.add data-place=(next) {
                                td.num { (next) "." }
                                td.num { input.share name="shares" data-kind="share" inputmode="numeric"
                                    aria-label=(tra("director-payout-field", &[("place", n(next as u32))])); }
                                td.num.prize {}
                            }
                        }
                        tfoot {
                            tr {
                                td.num { (tr("director-payout-total")) }
                                td.num.total { (m.shares.iter().sum::<u32>()) " %" }
                                td {}
                            }
                        }
                    }
                    button type="submit" { (tr("director-payout-save")) }
                }
            }
        }
    }
}

/// The start, the levels to come and the payout: forms that keep what is typed (not redrawn
/// live).
pub fn setup(m: &DirectorModel, lang: Lang) -> Markup {
    let tr = |k: &str| t(lang, k);
    let tra = |k: &str, args: &[(&'static str, FluentValue<'static>)]| ta(lang, k, args);
    let v = &m.clock;
    // A stud level has its bets and a bring-in (TDA-RP-10); a flop game's, its blinds.
    let cols: &[&str] = if m.stud {
        &["small", "big", "ante", "bring_in", "minutes"]
    } else {
        &["small", "big", "ante", "minutes"]
    };
    let heading = |key: &str| match (m.stud, key) {
        (true, "small" | "big") => format!("director-col-{key}-bet"),
        _ => format!("director-col-{key}"),
    };
    html! {
        @if !v.finished { (payout(m, lang)) }
        @if m.by_time && !v.finished {
            section.levels aria-label=(tr("director-levels")) {
                h2 { (tr("director-levels")) " " span.rule { "(TR-5)" } }
                form.cmd.levels data-command="edit_levels" aria-label=(tr("director-levels-save")) {
                    input type="hidden" name="from" value=(m.first_editable) data-kind="int";
                    table {
                        thead { tr {
                            th.num { (tr("director-col-level")) }
                            @for key in cols { th.num { (tr(&heading(key))) } }
                        } }
                        tbody {
                            @for (i, (l, minutes)) in m.levels.iter().enumerate() {
                                @let no = i as u32 + 1;
                                @let value = |key: &str| match key {
                                    "small" => l.small,
                                    "big" => l.big,
                                    "ante" => l.ante,
                                    "bring_in" => l.bring_in,
                                    _ => u64::from(*minutes),
                                };
                                @if no < m.first_editable {
                                    tr.played data-level=(no) {
                                        td.num { (no) }
                                        @for key in cols {
                                            td.num { @if *key == "minutes" { (minutes) } @else { (chips(value(key), lang)) } }
                                        }
                                    }
                                } @else {
                                    @let row = no - m.first_editable;
                                    tr data-level=(no) {
                                        td.num { (no) }
                                        @for key in cols {
                                            td.num { input.level name="levels" data-kind="levelpart" data-row=(row) data-key=(key)
                                                value=(value(key)) inputmode="numeric" aria-label=(tra("director-field", &[("level", n(no)), ("what", s(tr(&heading(key))))])); }
                                        }
                                    }
                                }
                            }
                            // One more level, added at the end when filled in.
                            @let no = m.levels.len() as u32 + 1;
                            @let row = no.saturating_sub(m.first_editable);
                            tr.add data-level=(no) {
                                td.num { (no) }
                                @for key in cols {
                                    td.num { input.level name="levels" data-kind="levelpart" data-row=(row) data-key=(key)
                                        inputmode="numeric" aria-label=(tra("director-field", &[("level", n(no)), ("what", s(tr(&heading(key))))])); }
                                }
                            }
                        }
                    }
                    @if m.first_editable as usize > m.levels.len() + 1 {
                        p.empty { (tr("director-levels-none")) }
                    } @else {
                        button type="submit" { (tr("director-levels-save")) }
                    }
                }
            }
        }
    }
}
