//! The pages as HTML (maud): readable across a room on the big screen, on a tablet at a table
//! and on a phone. Each page is a header with the tournament's links and a `main` that a live
//! page fetches again (`?part=main`) when the chain moves on.

use floorbook_service::commands::Lang;
use floorbook_tournament::Level;
use floorbook_tournament::engine::{ClockView, Status, Tournament};
use maud::{DOCTYPE, Markup, html};

use crate::words::{n, s, t, ta};
use fluent_templates::fluent_bundle::FluentValue;

/// The style: large type, high contrast, no web fonts.
pub const CSS: &str = r#"
:root { color-scheme: dark; --fg: #f4f4f4; --dim: #b8c0c8; --bg: #101418; --card: #1c232b; --accent: #ffd34d; --warn: #ff8c69; }
* { box-sizing: border-box; }
body { margin: 0; font-family: system-ui, sans-serif; background: var(--bg); color: var(--fg); line-height: 1.4; }
header { display: flex; flex-wrap: wrap; gap: 1rem; align-items: baseline; padding: .75rem 1rem; background: var(--card); }
header h1 { font-size: 1.1rem; margin: 0; }
nav { display: flex; flex-wrap: wrap; gap: .3rem 1rem; }
nav a { color: var(--accent); font-size: 1.05rem; }
nav a[aria-current=page] { color: var(--fg); text-decoration: none; font-weight: 700; }
main { padding: 1rem; }
.clock { text-align: center; }
.clock .level { font-size: clamp(1.3rem, min(5vw, 6vh), 3rem); color: var(--dim); }
.clock .time { font-size: clamp(3.5rem, min(18vw, 26vh), 12rem); font-weight: 800; font-variant-numeric: tabular-nums; line-height: 1.1; }
.clock .blinds { font-size: clamp(2rem, min(8vw, 11vh), 5.5rem); color: var(--accent); font-weight: 700; }
.clock .next, .clock .break { font-size: clamp(1.1rem, 3vw, 2rem); color: var(--dim); }
.clock section.payouts { margin-top: 1.2rem; }
.clock section.payouts h2 { font-size: clamp(1.1rem, 2.4vw, 1.8rem); color: var(--dim); margin: 0 0 .4rem; }
.clock ol#payouts { list-style: none; padding: 0; margin: 0; display: flex; flex-wrap: wrap; justify-content: center; gap: .4rem 1.6rem; font-size: clamp(1.1rem, min(2.6vw, 3.6vh), 2.2rem); font-variant-numeric: tabular-nums; }
.clock ol#payouts .place { color: var(--dim); }
.facts { display: grid; grid-template-columns: repeat(auto-fit, minmax(10rem, 1fr)); gap: .75rem; margin-top: 1.5rem; }
.facts div { background: var(--card); border-radius: .5rem; padding: .75rem; }
.facts dt { color: var(--dim); font-size: .95rem; }
.facts dd { margin: 0; font-size: clamp(1.3rem, min(3.5vw, 5vh), 2.4rem); font-weight: 700; }
.tables { display: grid; grid-template-columns: repeat(auto-fit, minmax(17rem, 1fr)); gap: 1rem; }
.table { background: var(--card); border-radius: .5rem; padding: .75rem; }
.table h2 { margin: 0 0 .5rem; font-size: 1.25rem; }
table { width: 100%; border-collapse: collapse; }
pre { white-space: pre-wrap; word-break: break-word; font-size: .9rem; }
input, button, select, textarea { font-size: 1.1rem; padding: .3rem .5rem; }
textarea { width: 100%; background: #0c1014; color: var(--fg); border: 1px solid #55616d; border-radius: .3rem; font-family: ui-monospace, monospace; font-size: .95rem; }
th, td { text-align: left; padding: .3rem .4rem; border-bottom: 1px solid #2c3640; }
td.num, th.num { text-align: right; font-variant-numeric: tabular-nums; }
.flag { color: var(--warn); font-size: .9rem; }
.mark { display: inline-block; min-width: 1.7em; text-align: center; border-radius: .9em; background: #3a4654; color: var(--fg, #eee); font-size: .8rem; font-weight: 700; padding: .05em .35em; }
.mark.button { background: #f2f2f2; color: #111; }
form.touch.all-in button { background: #8a1f1f; border: .15rem solid #e06060; }
form.touch[data-command=fold] button { background: #4a5058; }
.pad { display: flex; flex-wrap: wrap; gap: .4rem; margin-top: .5rem; }
.pad button { margin-top: 0; background: #3a4654; font-size: 1rem; padding: .45rem .8rem; }
button.choose { background: none; color: var(--fg); padding: .2rem .3rem; font-size: 1rem; text-align: left; text-decoration: underline dotted; }
button.choose:hover { background: #2c3640; }
h3 button.choose { font-size: inherit; font-weight: 700; }
h3 a.open { font-size: .95rem; font-weight: 400; color: var(--accent); }
.glance td.num:first-child { width: 3.2rem; }
#chosen:empty { display: none; }
section.history ol { columns: 2 18rem; margin: .3rem 0 1rem; }
section.history li[aria-current] a { color: var(--fg); font-weight: 700; text-decoration: none; }
#chosen { position: sticky; top: 0; z-index: 5; margin: .5rem 0; padding: .5rem .8rem; background: #1c3a24; border-left: .3rem solid #5fd37a; font-weight: 700; }
section.by-name { margin-top: 1.2rem; }
section.by-name ol { list-style: none; padding: 0; columns: 3 16rem; column-gap: 2rem; font-size: clamp(1.1rem, min(2.2vw, 3.2vh), 2rem); }
section.by-name li { break-inside: avoid; padding: .15rem 0; border-bottom: 1px solid #2c3640; display: flex; justify-content: space-between; gap: 1rem; }
section.by-name .where { color: var(--accent); font-variant-numeric: tabular-nums; white-space: nowrap; }
section.due li button.offer { text-align: left; margin: .2rem 0; }
p.stakes { color: var(--dim); margin: .2rem 0 .6rem; }
section.director-clock { background: var(--card); border-radius: .5rem; padding: .5rem 1rem .8rem; margin-bottom: 1rem; }
section.director-clock p { font-size: 1.3rem; margin: .2rem 0 .6rem; font-variant-numeric: tabular-nums; }
section.director-clock .controls { display: flex; flex-wrap: wrap; gap: .5rem; }
section.director-clock .controls form.touch button { margin: 0; }
section.start, section.levels, section.prizes { background: var(--card); border-radius: .5rem; padding: .5rem 1rem .8rem; margin: 1rem 0; }
section.levels table { max-width: 40rem; }
section.levels input.level { width: 6.5rem; text-align: right; }
section.payout table { max-width: 36rem; }
section.payout form.cmd input.share { width: 5rem; margin-left: auto; text-align: right; }
section.payout .total.off { color: var(--warn); font-weight: 700; }
section.levels tr.played td { color: var(--dim); }
section.prizes span.paid { color: #5fd37a; font-weight: 700; }
section.prizes form.touch button { margin: 0; }
section.board { display: grid; grid-template-columns: repeat(auto-fit, minmax(min(100%, 26rem), 1fr)); gap: 1.2rem; }
section.board article { background: var(--card); border-radius: .6rem; padding: 1rem 1.4rem; }
section.board h2 { font-size: clamp(1.6rem, min(4vw, 6vh), 3.2rem); margin: 0; }
section.board p.stakes { font-size: clamp(1.1rem, min(2.4vw, 3.5vh), 2rem); }
section.board p.seats-free { font-size: clamp(1.2rem, min(2.6vw, 4vh), 2.2rem); color: var(--accent); font-weight: 700; margin: .3rem 0; }
section.board ol.waiting { font-size: clamp(1.3rem, min(3vw, 4.5vh), 2.6rem); margin: .4rem 0; padding-left: 2.2em; }
section.due { background: #3a2a12; border-left: .3rem solid var(--accent); padding: .5rem .9rem; margin-bottom: 1rem; }
section.players input#find { display: block; width: 100%; max-width: 24rem; margin: .3rem 0 .6rem; }
.foldto { display: flex; flex-wrap: wrap; gap: .3rem; }
.foldto form.touch { margin: 0; }
.foldto form.touch button { font-size: .95rem; min-width: 0; padding: .35rem .7rem; background: #4a5058; white-space: nowrap; }
@media (max-width: 600px) { .foldto form.touch button { font-size: .85rem; padding: .55rem .45rem; } table.hand td, table.hand th { padding-left: .25rem; padding-right: .25rem; } table.hand td:first-child { white-space: nowrap; } table.hand .mark { font-size: .7rem; padding: 0 .2rem; } }
.takeback form.touch button { background: none; border: .12rem solid var(--accent); color: var(--accent); font-size: 1rem; min-width: 0; padding: .4rem .8rem; }
.lang { margin-left: .8rem; }
p.won { font-size: 1.2rem; font-weight: 700; }
dl.fields { display: grid; grid-template-columns: max-content 1fr; gap: .15rem .8rem; margin: .4rem 0; }
dl.fields dt { color: var(--dim); }
dl.fields dd { margin: 0; }
details.raw { margin-top: 1.2rem; }
table.chains { margin-bottom: 1.5rem; }
details.raw summary { cursor: pointer; color: var(--accent); }
.notice { background: #3a2a12; border-left: .3rem solid var(--accent); padding: .5rem .75rem; margin: .5rem 0 1rem; }
.empty { color: var(--dim); }
header .who { margin-left: auto; color: var(--dim); }
button { background: #2f6fdb; color: #fff; border: 0; border-radius: .4rem; cursor: pointer; }
button:hover { background: #3d7ff0; }
:focus-visible { outline: 3px solid var(--accent); outline-offset: 2px; }
input, select { background: #0c1014; color: var(--fg); border: 1px solid #55616d; border-radius: .3rem; }
#result:empty { display: none; }
#result { margin: .5rem 1rem 0; padding: .4rem .9rem; border-radius: .4rem; background: var(--card); }
#result.ok { border-left: .35rem solid #5fd37a; }
#result.refused { border-left: .35rem solid var(--warn); background: #35201a; }
#result p { margin: .3rem 0; }
.forms { display: grid; grid-template-columns: repeat(auto-fill, minmax(19rem, 1fr)); gap: 1rem; align-items: start; }
form.cmd { background: var(--card); border-radius: .5rem; padding: .75rem; }
form.cmd h3 { margin: 0 0 .3rem; font-size: 1.05rem; }
form.cmd h3 .rule, .rule { color: var(--dim); font-weight: 400; font-size: .9rem; }
form.cmd label { display: block; margin-top: .45rem; color: var(--dim); }
form.cmd input:not([type=checkbox]), form.cmd select { display: block; width: 100%; }
form.cmd button { margin-top: .7rem; padding: .5rem 1rem; }
/* Offline, or a command on its way: no button takes a tap (nothing is sent twice). */
body[data-offline=true] form.cmd button, body[data-sending=true] form.cmd button { opacity: .35; pointer-events: none; }
#offline { position: sticky; top: 0; z-index: 10; margin: 0; padding: .7rem 1rem; background: #7a1f1f; color: #fff; font-weight: 600; }
form.login { max-width: 24rem; }
form.login label { display: block; margin-top: .6rem; }
form.login input { display: block; width: 100%; }
form.login button { margin-top: 1rem; padding: .5rem 1.2rem; }
.touches { display: flex; flex-wrap: wrap; gap: .6rem; margin: .5rem 0 1rem; }
form.touch { display: inline-block; background: none; padding: 0; }
form.touch button, .actions form.cmd button { font-size: clamp(1.2rem, 3.2vw, 1.6rem); padding: .8rem 1.4rem; min-width: 9rem; margin-top: 0; }
.actions form.cmd { margin: .5rem 0; }
tr.acting { background: #2d3a1c; }
tr.acting td { font-weight: 700; }
p.board strong { font-size: 1.4rem; letter-spacing: .05em; }
details.remedies { margin: 1rem 0; }
details.remedies summary { cursor: pointer; color: var(--accent); }
blockquote { margin: .3rem 0 .8rem; padding-left: .8rem; border-left: .25rem solid #55616d; color: var(--dim); }
.slips { display: grid; grid-template-columns: repeat(auto-fill, minmax(15rem, 1fr)); gap: 1rem; }
.slip { border: .15rem dashed var(--dim); border-radius: .4rem; padding: .8rem 1rem; break-inside: avoid; }
.slip p { margin: .2rem 0; }
.slip .who { font-size: 1.3rem; font-weight: 700; }
.slip .where { font-size: 1.8rem; font-weight: 800; color: var(--accent); }
/* A receipt: the QR code as wide as the screen allows, on white so that a phone scans it. */
.receipt figure.qr { margin: .5rem 0; max-width: 24rem; }
.receipt figure.qr svg { display: block; width: 100%; height: auto; }
.receipt pre, .receipt code.hash { white-space: pre-wrap; overflow-wrap: anywhere; }
/* On paper: black on white, the page's own content only (no links, switches, forms or buttons). */
@media print {
  :root { color-scheme: light; --fg: #000; --dim: #333; --bg: #fff; --card: #fff; --accent: #000; --warn: #000; }
  header nav, header .lang, header .who, .noprint, form, button, #result, #offline, details.raw, section.history { display: none !important; }
  header { padding: 0 0 .5rem; border-bottom: 1px solid #000; }
  main { padding: .5rem 0; }
  th, td { border-bottom: 1px solid #999; }
  a { color: #000; text-decoration: none; }
  .mark { background: #fff; color: #000; border: 1px solid #000; }
  .table, .facts div { border: 1px solid #999; }
  .slips { grid-template-columns: repeat(2, 1fr); }
  .slip { border-color: #000; }
  .receipt a[download] { display: none; }
}
"#;

/// The script: the clock counts down between updates; a live page fetches its main part
/// again when the chain moves on (server-sent events), and says so when the link is lost.
pub const JS: &str = r#"
(function () {
  function fmt(s) {
    s = Math.max(0, Math.floor(s));
    var h = Math.floor(s / 3600), m = Math.floor(s % 3600 / 60), r = s % 60;
    var mm = (h > 0 && m < 10 ? '0' : '') + m, ss = (r < 10 ? '0' : '') + r;
    return (h > 0 ? h + ':' : '') + mm + ':' + ss;
  }
  var loaded = Date.now(), asked = 0;
  // A part redrawn as the chain moves on keeps what the person was doing in it: the sections
  // he opened stay open, what he typed or chose in a form the new part still has stays, and
  // the field he was in keeps the focus.
  function swap(el, html) {
    var open = {}, typed = [], focus = document.activeElement && el.contains(document.activeElement) ? document.activeElement.id : '';
    el.querySelectorAll('details[open]').forEach(function (d) { open[d.className] = true; });
    el.querySelectorAll('input[id], select[id], textarea[id]').forEach(function (f) {
      if (f.type === 'hidden') return;
      if (f.type === 'checkbox' ? f.checked !== f.defaultChecked : f.value !== (f.tagName === 'SELECT' ? f.dataset.was : f.defaultValue)) {
        typed.push([f.id, f.type === 'checkbox' ? f.checked : f.value]);
      }
    });
    el.innerHTML = html;
    el.querySelectorAll('details').forEach(function (d) { if (open[d.className]) d.open = true; });
    el.querySelectorAll('select[id]').forEach(function (f) { f.dataset.was = f.value; });
    typed.forEach(function (t) {
      var f = document.getElementById(t[0]);
      if (!f || !el.contains(f)) return;
      if (f.type === 'checkbox') f.checked = t[1]; else f.value = t[1];
    });
    if (focus && document.getElementById(focus)) document.getElementById(focus).focus();
  }
  window.floorbookSwap = swap;
  document.querySelectorAll('main select[id]').forEach(function (f) { f.dataset.was = f.value; });
  // The main part read again: the level and blinds in force come from the server.
  function refresh() {
    var main = document.querySelector('main');
    return fetch(location.pathname + '?part=main', { cache: 'no-store' })
      .then(function (r) { return r.text(); })
      .then(function (html) { swap(main, html); loaded = Date.now(); });
  }
  setInterval(function () {
    // Penalties and other timers count down between updates.
    document.querySelectorAll('.timer[data-left]').forEach(function (el) {
      el.textContent = fmt(Number(el.dataset.left) - (Date.now() - loaded) / 1000);
    });
    var t = document.getElementById('time');
    if (!t || t.dataset.paused === 'true' || t.dataset.left === undefined) return;
    var left = Number(t.dataset.left) - (Date.now() - loaded) / 1000;
    t.textContent = fmt(left);
    // The level ended: the next level's blinds (or the break) from the server, at once, and
    // again every few seconds until it answers.
    if (left <= 0 && Date.now() - asked > 3000) {
      asked = Date.now();
      refresh();
    }
  }, 250);
  var src = document.body.dataset.live;
  if (!src || !window.EventSource) return;
  // The connection, said at once: lost (the web server, or the record behind it), the page
  // keeps what it last showed and takes no tap; back, it reads the table again.
  function offline(why) {
    var b = document.getElementById('offline');
    if (why) {
      document.body.dataset.offline = 'true';
      if (!b) {
        b = document.createElement('p');
        b.id = 'offline';
        b.setAttribute('role', 'alert');
        document.body.insertBefore(b, document.body.firstChild);
      }
      b.textContent = why;
    } else {
      document.body.dataset.offline = '';
      if (b) b.remove();
    }
  }
  var es = new EventSource(src);
  // The words in the page's language where the page gives them (data-t-*), else English.
  function words(k, en) { return document.body.getAttribute('data-t-' + k) || en; }
  es.onerror = function () {
    offline(words('lost', 'Connection lost: this page shows the table as it last was, and takes no entry until the connection is back.'));
  };
  es.onopen = function () { offline(null); };
  es.addEventListener('offline', function () {
    offline(words('store', 'The record cannot be reached: this page takes no entry until it is back.'));
  });
  es.addEventListener('online', function () { offline(null); });
  es.addEventListener('head', function (e) {
    // The part that follows the chain: the whole main part, or (a desk, whose forms keep what
    // is typed) the element marked data-live-part.
    var main = document.querySelector('[data-live-part]') || document.querySelector('main');
    var part = main.dataset.livePart || 'main';
    if (Number(main.dataset.head || 0) >= Number(e.data)) return;
    fetch(location.pathname + '?part=' + part, { cache: 'no-store' })
      .then(function (r) { return r.text(); })
      .then(function (html) {
        if (Number(main.dataset.head || 0) > Number(e.data)) return;
        swap(main, html);
        main.dataset.head = e.data;
        loaded = Date.now();
        document.body.dataset.updated = e.data;
      });
  });
}());
"#;

/// A whole page (or, for a live update, its main part alone), in `lang` where the page speaks
/// it (the dispute page; the clock, seating, standings, hands and audit pages are English
/// still, and are asked for in English).
pub fn page(chain: &str, which: &str, main: Markup, main_only: bool, lang: Lang) -> Markup {
    if main_only {
        return main;
    }
    let tr = |k: &str| t(lang, k);
    let title = match which {
        "clock" => tr("nav-clock"),
        "seating" => tr("nav-seating"),
        "explain" => tr("nav-dispute"),
        "hands" => tr("nav-hands"),
        "audit" => tr("nav-audit"),
        "slips" => tr("nav-slips"),
        "board" => tr("nav-board"),
        "receipt" => tr("nav-receipt"),
        _ => tr("nav-standings"),
    };
    // The cash room's board links the room's pages, a tournament's pages its own.
    let cash = which == "board";
    let link = |to: &str, label: String| crate::terminal::nav_link(chain, which, to, &label);
    html! {
        (DOCTYPE)
        html lang=(lang.tag()) {
            head {
                meta charset="utf-8";
                meta name="viewport" content="width=device-width, initial-scale=1";
                title { (title) " · " (chain) " · Floorbook" }
                link rel="stylesheet" href="/app.css";
            }
            body data-live=[(!matches!(which, "explain" | "slips" | "receipt")).then(|| format!("/t/{chain}/live"))] data-page=(which) {
                header {
                    h1 { a href="/" style="color:inherit" { "Floorbook" } " · " (chain) }
                    nav aria-label=(tr("nav-pages")) {
                        (crate::terminal::room_links(chain, which, cash, lang))
                        (link("hands", tr("nav-hands")))
                        (link("audit", tr("nav-audit")))
                        (link("floor", tr("nav-floor")))
                        (link("director", tr("nav-director")))
                        (link("explain", tr("nav-dispute")))
                    }
                    @if matches!(which, "explain" | "clock" | "seating" | "standings" | "hands" | "audit" | "slips" | "board") { (crate::terminal::switch(lang)) }
                }
                main id="main" { (main) }
                script src="/app.js" {}
            }
        }
    }
}

/// How a chain stands, for the home page.
#[derive(Debug, Clone)]
pub enum ChainState {
    Tournament {
        title: String,
        started: bool,
        finished: bool,
        on_break: bool,
        level: u32,
        left: u32,
        entrants: u32,
        winner: Option<String>,
    },
    Cash {
        title: String,
        tables: usize,
        seated: usize,
        waiting: usize,
    },
    League,
    /// A chain this page cannot read (its state is the audit's business).
    Unreadable,
}

/// The home page: every tournament and cash room by name with how it stands, and the pages
/// to open; for the director a form that opens a chain. `who`: the logged-in user, if any.
/// The built-in profiles, tournaments or cash rooms, by name with their titles.
fn builtin_titles(cash: bool) -> Vec<(&'static str, String)> {
    if cash {
        floorbook_cash::builtin_names()
            .filter_map(|n| {
                let (_, p) = floorbook_cash::builtin(n)?;
                Some((n, p.ok()?.title))
            })
            .collect()
    } else {
        floorbook_tournament::builtin_names()
            .filter_map(|n| {
                let (_, p) = floorbook_tournament::builtin(n)?;
                Some((n, p.ok()?.title))
            })
            .collect()
    }
}

pub fn index(
    chains: &[(String, ChainState)],
    who: Option<(&str, String)>,
    writes: bool,
    lang: Lang,
) -> Markup {
    let tr = |k: &str| crate::words::t(lang, k);
    let tra = |k: &str, args: &[(&'static str, FluentValue<'static>)]| ta(lang, k, args);
    html! {
        (DOCTYPE)
        html lang=(lang.tag()) {
            head {
                meta charset="utf-8";
                meta name="viewport" content="width=device-width, initial-scale=1";
                title { "Floorbook" }
                link rel="stylesheet" href="/app.css";
            }
            body data-chain="" {
                header {
                    h1 { "Floorbook" }
                    (crate::terminal::switch(lang))
                    span.who {
                        @match &who {
                            Some((name, role)) => { (name) " (" (role) ") "
                                form method="post" action="/logout" style="display:inline" { button type="submit" { (tr("log-out")) } } }
                            None => { @if writes { a href="/login?next=/" { (tr("log-in")) } } }
                        }
                    }
                }
                div #result role="status" aria-live="polite" {}
                main {
                    h2 { (tr("home-title")) }
                    @if chains.is_empty() {
                        p.empty { (tr("home-none")) }
                    }
                    table.chains aria-label=(tr("home-title")) {
                        thead { tr { th { (tr("home-name")) } th { (tr("home-state")) } th { (tr("nav-pages")) } } }
                        tbody {
                            @for (c, state) in chains {
                                tr data-chain=(c) {
                                    td {
                                        @match state {
                                            ChainState::Tournament { title, .. } | ChainState::Cash { title, .. } => { strong { (c) } " · " (title) }
                                            _ => { strong { (c) } }
                                        }
                                    }
                                    td.state {
                                        @match state {
                                            ChainState::Tournament { started: false, entrants, .. } => { (tra("home-registering", &[("entrants", n(*entrants))])) }
                                            ChainState::Tournament { finished: true, winner, entrants, .. } => {
                                                (tra("home-finished", &[("entrants", n(*entrants))]))
                                                @if let Some(w) = winner { " · " (tra("home-winner", &[("name", s(w.clone()))])) }
                                            }
                                            ChainState::Tournament { on_break: true, left, entrants, .. } => { (tra("home-on-break", &[("left", n(*left)), ("entrants", n(*entrants))])) }
                                            ChainState::Tournament { level, left, entrants, .. } => { (tra("home-playing", &[("level", n(*level as f64)), ("left", n(*left)), ("entrants", n(*entrants))])) }
                                            ChainState::Cash { tables, seated, waiting, .. } => { (tra("home-cash", &[("tables", n(*tables as f64)), ("seated", n(*seated as f64)), ("waiting", n(*waiting as f64))])) }
                                            ChainState::League => { (tr("home-league")) }
                                            ChainState::Unreadable => { span.flag { (tr("home-unreadable")) } }
                                        }
                                    }
                                    td {
                                        @if let Some(league) = c.strip_prefix("league-") {
                                            a href=(format!("/l/{league}")) { (tr("home-league-standings")) }
                                        } @else {
                                            @if matches!(state, ChainState::Cash { .. }) {
                                                a href=(format!("/t/{c}/cash")) { (tr("nav-room")) } " · "
                                                a href=(format!("/t/{c}/board")) { (tr("nav-board")) } " · "
                                            } @else {
                                                a href=(format!("/t/{c}/clock")) { (tr("nav-clock")) } " · "
                                                a href=(format!("/t/{c}/seating")) { (tr("nav-seating")) } " · "
                                                a href=(format!("/t/{c}/standings")) { (tr("nav-standings")) } " · "
                                            }
                                            a href=(format!("/t/{c}/floor")) { (tr("nav-floor")) } " · "
                                            a href=(format!("/t/{c}/director")) { (tr("nav-director")) } " · "
                                            a href=(format!("/t/{c}/explain")) { (tr("nav-dispute")) }
                                        }
                                    }
                                }
                            }
                        }
                    }
                    @if writes {
                        form.cmd data-command="open" aria-label=(tr("home-open")) {
                            h3 { (tr("home-open")) }
                            label for="open-chain" { (tr("home-open-name")) }
                            input #open-chain name="chain" data-kind="chain" required;
                            label for="open-profile" { (tr("home-open-profile")) }
                            select #open-profile name="profile" data-kind="opttext" {
                                optgroup label=(tr("home-open-tournaments")) {
                                    @for (name, title) in builtin_titles(false) { option value=(name) { (title) } }
                                }
                                optgroup label=(tr("home-open-cash")) {
                                    @for (name, title) in builtin_titles(true) { option value=(name) { (title) } }
                                }
                                option value="" { (tr("home-open-own")) }
                            }
                            details.own {
                                summary { (tr("home-open-own")) }
                                label for="open-profile_toml" { (tr("home-open-toml")) }
                                textarea #open-profile_toml name="profile_toml" data-kind="opttext" rows="8" {}
                            }
                            button type="submit" { (tr("home-open-button")) }
                        }
                    }
                }
                script src="/terminal.js" {}
            }
        }
    }
}

/// An error, as a page.
pub fn error_page(message: &str) -> Markup {
    html! {
        (DOCTYPE)
        html lang="en" {
            head { meta charset="utf-8"; title { "Floorbook: error" } link rel="stylesheet" href="/app.css"; }
            body { header { h1 { a href="/" style="color:inherit" { "Floorbook" } } } main { p.notice role="alert" { (message) } } }
        }
    }
}

fn mmss(seconds: u64) -> String {
    let (h, m, s) = (seconds / 3600, seconds % 3600 / 60, seconds % 60);
    if h > 0 {
        format!("{h}:{m:02}:{s:02}")
    } else {
        format!("{m}:{s:02}")
    }
}

fn blinds(l: &Level) -> String {
    if l.bring_in > 0 {
        // Stud: the limits, the ante and the bring-in.
        format!(
            "{} / {} · ante {} · bring-in {}",
            l.small, l.big, l.ante, l.bring_in
        )
    } else if l.ante > 0 {
        format!("{} / {} · ante {}", l.small, l.big, l.ante)
    } else {
        format!("{} / {}", l.small, l.big)
    }
}

fn money(cents: u64) -> String {
    format!("{}.{:02}", cents / 100, cents % 100)
}

/// Money as the language writes it (German: a decimal comma).
pub(crate) fn money_in(cents: u64, lang: Lang) -> String {
    match lang {
        Lang::En => money(cents),
        Lang::De => format!(
            "{},{:02}",
            crate::words::chips(cents / 100, lang),
            cents % 100
        ),
    }
}

/// The big-screen clock (TR-5): level, time left, blinds and ante, next level, next break,
/// players left of entrants, average stack, prize pool.
pub fn clock(t: &Tournament, v: &ClockView, lang: Lang) -> Markup {
    if v.finished {
        return finished_clock(t, v, lang);
    }
    let tr = |k: &str| crate::words::t(lang, k);
    let tra = |k: &str, args: &[(&'static str, FluentValue<'static>)]| ta(lang, k, args);
    let state = if !v.started {
        "not started"
    } else if v.paused {
        "paused"
    } else {
        "running"
    };
    html! {
        section.clock aria-label=(tr("nav-clock")) data-state=(state) {
            div.level id="level" {
                @if let Some(after) = v.on_break_after {
                    (tra("break-after", &[("level", n(after as f64))]))
                } @else {
                    (tra("level", &[("level", n(v.level as f64))]))
                }
                " · " (t.profile.title)
            }
            @if !v.by_time {
                div.time id="time" { (tr("orbits")) }
            } @else if let Some(left) = v.seconds_left {
                div.time id="time" data-left=(left) data-paused=(v.paused || v.finished || !v.started) {
                    (mmss(left))
                }
            } @else {
                div.time id="time" { "—" }
            }
            @if v.paused { div.next role="status" { (tr("clock-paused")) } }
            // Issue 39: late registration and re-entry while they are open.
            @if let Some(until) = v.entries_until_level {
                div.next id="entries-open" { (tra("entries-open-until", &[("level", n(until as f64))])) }
            }
            @if let Some(until) = v.rebuys_until_level {
                @let key = if t.profile.entries.addon_chips > 0 { "rebuys-open-until-addon" } else { "rebuys-open-until" };
                div.next id="rebuys-open" { (tra(key, &[("level", n(until as f64))])) }
            }
            div.blinds id="blinds" { (blinds(&v.blinds)) }
            @if let Some(next) = v.next_level {
                div.next id="next" { (tra("next-level", &[("blinds", s(blinds(&next)))])) }
            }
            @if let Some((after, starts, minutes)) = v.next_break {
                div.break id="break" { (tra("break-in", &[("level", n(after as f64)), ("time", s(mmss(starts))), ("minutes", n(minutes as f64))])) }
            }
            dl.facts {
                div { dt { (tr("players")) } dd id="players" { (tra("players-of", &[("left", n(v.players_left as f64)), ("entrants", n(v.entrants as f64))])) } }
                @if v.reentries > 0 {
                    div { dt { (tr("reentries")) } dd id="reentries" { (v.reentries) } }
                }
                @if v.rebuys > 0 {
                    div { dt { (tr("rebuys")) } dd id="rebuys" { (v.rebuys) } }
                }
                @if v.bounties_cents > 0 {
                    div { dt { (tr("bounties")) } dd id="bounties" { (money_in(v.bounties_cents, lang)) } }
                }
                @if let Some(left) = t.envelopes.as_ref().filter(|e| !e.is_empty() && !t.finished) {
                    div { dt { (tr("envelopes-left")) } dd id="envelopes" { (left.len()) " · " (money_in(left.iter().sum(), lang)) } }
                }
                @if v.addons > 0 {
                    div { dt { (tr("addons")) } dd id="addons" { (v.addons) } }
                }
                div { dt { (tr("average-stack")) } dd id="average" { (crate::words::chips(v.average_stack, lang)) } }
                div { dt { (tr("chips-in-play")) } dd id="chips" { (crate::words::chips(v.chips_in_play, lang)) } }
                @if let Some(pool) = v.prize_pool_cents {
                    div { dt { (tr("prize-pool")) } dd id="pool" { (money_in(pool, lang)) } }
                    @if v.overlay_cents > 0 {
                        div { dt { (tr("overlay")) } dd id="overlay" { (money_in(v.overlay_cents, lang)) } }
                    }
                }
            }
            // The payouts: what each paid place wins (the profile's table on the pool), or,
            // once a deal is agreed, each of its players' figures.
            @if let Some(d) = t.deal.as_ref().filter(|d| d.agreed) {
                section.payouts aria-label=(tr("payouts")) {
                    h2 { (tr("payouts-deal")) }
                    ol #payouts {
                        @for sh in &d.shares {
                            li { span.place { (t.players.get(&sh.player).map_or_else(String::new, |p| p.name.clone())) } " " (money_in(sh.cents, lang)) }
                        }
                    }
                }
            } @else if !v.prizes_cents.is_empty() {
                section.payouts aria-label=(tr("payouts")) {
                    h2 { (tr("payouts")) }
                    ol #payouts {
                        @for (k, cents) in v.prizes_cents.iter().enumerate() {
                            li { span.place { (tra("place-no", &[("place", n(k as f64 + 1.0))])) } " " (money_in(*cents, lang)) }
                        }
                    }
                }
            }
        }
    }
}

/// A finished tournament's big screen: who won, the places paid and what each won, the field
/// and the prize pool; no level or clock runs any more.
fn finished_clock(t: &Tournament, v: &ClockView, lang: Lang) -> Markup {
    use floorbook_tournament::engine::Status;
    let tr = |k: &str| crate::words::t(lang, k);
    let by_place = |place: u32| {
        t.players
            .values()
            .find(|p| {
                matches!(p.status, Status::Busted { place: q } | Status::Disqualified { place: q } if q == place)
            })
            .map(|p| p.name.clone())
    };
    html! {
        section.clock aria-label=(tr("nav-clock")) data-state="finished" {
            div.level id="level" { (tr("tournament-over")) " · " (t.profile.title) }
            @if let Some(w) = by_place(1) {
                div.time id="winner" { (w) }
                div.next { (tr("wins-tournament")) }
            }
            @if !v.prizes_cents.is_empty() {
                ol.prizes id="prizes" aria-label=(tr("prizes")) {
                    @for (k, cents) in v.prizes_cents.iter().enumerate() {
                        li { (by_place(k as u32 + 1).unwrap_or_default()) " · " (money_in(*cents, lang)) }
                    }
                }
            }
            dl.facts {
                div { dt { (tr("entrants")) } dd id="players" { (v.entrants) } }
                @if let Some(pool) = v.prize_pool_cents {
                    div { dt { (tr("prize-pool")) } dd id="pool" { (money_in(pool, lang)) } }
                    @if v.overlay_cents > 0 {
                        div { dt { (tr("overlay")) } dd id="overlay" { (money_in(v.overlay_cents, lang)) } }
                    }
                }
            }
        }
    }
}

/// The seating chart: every table with its seats, who sits there and how, held tables, the
/// break pending and the moves announced or due (TR-17).
/// A move as the seating chart lists it.
#[derive(Debug, Clone)]
pub struct MoveRow {
    pub seq: i64,
    pub name: String,
    pub from: Option<i64>,
    pub to: Option<i64>,
    pub seat: Option<i64>,
    pub rules: Option<String>,
}

pub fn seating(t: &Tournament, moves: &[MoveRow], lang: Lang) -> Markup {
    let tr = |k: &str| crate::words::t(lang, k);
    let tra = |k: &str, args: &[(&'static str, FluentValue<'static>)]| ta(lang, k, args);
    let who = |p: u32| name(t, p, lang);
    let due = t.due_now();
    html! {
        @if let Some(b) = t.pending_break {
            p.notice role="status" { (tra("table-breaking", &[("table", n(b.0))])) }
        }
        @for (player, from, to) in &t.pending_moves {
            p.notice role="status" {
                (tra("moves-after", &[("name", s(who(player.0))), ("from", n(from.0)), ("to", n(to.0))]))
            }
        }
        @for e in &due {
            @if let floorbook_tournament::engine::TournamentEvent::Moved { player, from, to, seat, .. } = e {
                p.notice role="status" {
                    (tra("move-due", &[("name", s(who(player.0))), ("from", n(from.0)), ("to", n(to.0)), ("seat", n(seat.0))]))
                }
            }
        }
        @if t.tables.is_empty() {
            p.empty { (tr("no-tables")) }
        } @else {
            p.noprint { a href="slips" { (tr("print-slips")) } }
        }
        div.tables {
            @for ts in &t.tables {
                section.table aria-label=(tra("table-title", &[("table", n(ts.table.no.0))])) {
                    h2 {
                        (tra("table-title", &[("table", n(ts.table.no.0))]))
                        @if ts.held { " " span.flag { (tr("held")) } }
                        @if ts.hand.is_some() { " " span.flag style="color:var(--dim)" { (tr("in-a-hand")) } }
                    }
                    table {
                        thead { tr { th { (tr("col-seat")) } th { (tr("col-player")) } th.num { (tr("col-chips")) } } }
                        tbody {
                            @for (i, p) in ts.table.seats.iter().enumerate() {
                                tr data-seat=(i + 1) {
                                    td { (i + 1) @if ts.table.button.0 as usize == i + 1 { " " span.mark.button title=(tr("mark-button")) { "D" } } }
                                    @if let Some(p) = p {
                                        @let pl = t.players.get(p);
                                        td {
                                            (who(p.0))
                                            @if pl.is_some_and(|pl| pl.absent) { " " span.flag { (tr("flag-away")) } }
                                            @if pl.is_some_and(|pl| pl.penalized_until.is_some()) { " " span.flag { (tr("flag-penalty")) } }
                                            @if pl.is_some_and(|pl| pl.waiting_for_button) { " " span.flag { (tr("flag-waits-button")) } }
                                        }
                                        td.num { (crate::words::chips(pl.map_or(0, |pl| pl.stack), lang)) }
                                    } @else {
                                        td.empty { (tr("free")) }
                                        td {}
                                    }
                                }
                            }
                        }
                    }
                }
            }
        }
        // For arriving players: every seated player by name, where he sits, in letters read
        // across the room.
        @let mut seated: Vec<(String, u32, u32)> = t
            .players
            .values()
            .filter_map(|p| Some((p.name.clone(), p.table?.0, p.seat?.0)))
            .collect();
        @if !seated.is_empty() {
            section.by-name aria-label=(tr("seats-by-name")) {
                h2 { (tr("seats-by-name")) }
                ol #by-name {
                    @for (who, table, seat) in { seated.sort_by_key(|(n, _, _)| n.to_lowercase()); &seated } {
                        li { span.who { (who) } " " span.where { (tra("table-seat", &[("table", n(*table)), ("seat", n(*seat))])) } }
                    }
                }
            }
        }
        @if !moves.is_empty() {
            section #moves aria-label=(tr("latest-moves")) {
                h2 { (tr("latest-moves")) }
                ul {
                    @for m in moves {
                        li {
                            a href=(format!("explain?seq={}", m.seq)) { (m.seq) }
                            (tra("moved-line", &[("name", s(m.name.clone())), ("from", n(m.from.unwrap_or(0) as f64)), ("to", n(m.to.unwrap_or(0) as f64)), ("seat", n(m.seat.unwrap_or(0) as f64))]))
                            @if let Some(r) = &m.rules { " (" (r) ")" }
                        }
                    }
                }
            }
        }
    }
}

fn name(t: &Tournament, player: u32, lang: Lang) -> String {
    t.players
        .get(&floorbook_tournament::seating::PlayerId(player))
        .map_or_else(
            || ta(lang, "player-no", &[("player", n(player))]),
            |p| p.name.clone(),
        )
}

/// The standings: players in play by chips, then those out by place, with each paid place's
/// prize (the profile's payout, or an agreed deal's figures).
pub fn standings(t: &Tournament, v: &ClockView, lang: Lang) -> Markup {
    let tr = |k: &str| crate::words::t(lang, k);
    let mut playing: Vec<_> = t
        .players
        .values()
        .filter(|p| p.status == Status::Playing)
        .collect();
    playing.sort_by(|a, b| b.stack.cmp(&a.stack).then(a.id.cmp(&b.id)));
    let mut out: Vec<(u32, &floorbook_tournament::engine::Player)> = t
        .players
        .values()
        .filter_map(|p| match p.status {
            Status::Busted { place } | Status::Disqualified { place } => Some((place, p)),
            _ => None,
        })
        .collect();
    out.sort_by_key(|(place, _)| *place);
    // Issue 39: those out while entries are open have no place yet.
    let unplaced: Vec<&floorbook_tournament::engine::Player> = t
        .players
        .values()
        .filter(|p| matches!(p.status, Status::Out { .. }))
        .collect();
    // Issue 39: bounties won, and (for those still in) the one on his head.
    let bounties = t.profile.bounty.is_some();
    let in_flights = t.flight_bounties_won();
    // Those out in the flights: what they won there.
    let out_in_flights = if bounties && t.started {
        t.flight_bounties_by_person()
    } else {
        Default::default()
    };
    let bounty = |p: &floorbook_tournament::engine::Player| {
        // A mystery bounty puts nothing on a head: no amount shown there.
        let head = (p.status == Status::Playing)
            .then(|| t.head(p.id))
            .filter(|h| *h > 0);
        // Day 2: with what he won in the flights.
        let won = p.bounties_won + in_flights.get(&p.id).copied().unwrap_or(0);
        html! {
            @if won > 0 { (money_in(won, lang)) }
            @if let Some(h) = head { " " span.head { "(" (ta(lang, "bounty-on-head", &[("amount", s(money_in(h, lang)))])) ")" } }
        }
    };
    // An agreed deal's figures are its players' prizes; what was kept back goes to the winner.
    let deal = t.deal.as_ref().filter(|d| d.agreed);
    let dealt = |p: &floorbook_tournament::engine::Player, place: Option<u32>| {
        let d = deal?;
        let share = d.shares.iter().find(|s| s.player == p.id)?;
        let won = if place == Some(1) { d.left_to_play } else { 0 };
        Some(money_in(share.cents + won, lang))
    };
    let prize = |p: &floorbook_tournament::engine::Player, place: u32| {
        dealt(p, Some(place)).or_else(|| {
            v.prizes_cents
                .get(place as usize - 1)
                .filter(|c| **c > 0)
                .map(|c| money_in(*c, lang))
        })
    };
    html! {
        @if let Some(d) = deal {
            p.notice role="status" {
                @if d.left_to_play > 0 {
                    (ta(lang, "deal-agreed-kept", &[("kept", s(money_in(d.left_to_play, lang)))]))
                } @else {
                    (tr("deal-agreed"))
                }
            }
        }
        table aria-label=(tr("nav-standings")) {
            thead { tr { th.num { (tr("col-place")) } th { (tr("col-player")) } th.num { (tr("col-chips")) } th.num { (tr("col-prize")) } @if bounties { th.num { (tr("col-bounty")) } } } }
            tbody {
                @for p in &playing {
                    tr data-player=(p.id.0) { td.num { "—" } td { (p.name) } td.num { (crate::words::chips(p.stack, lang)) } td.num { @if let Some(m) = dealt(p, None) { (m) } } @if bounties { td.num { (bounty(p)) } } }
                }
                @for p in &unplaced {
                    tr data-player=(p.id.0) { td.num { "—" } td { (p.name) " " span.flag { (tr("out-unplaced")) } } td.num {} td.num {} @if bounties { td.num { (bounty(p)) } } }
                }
                @for (place, p) in &out {
                    tr data-player=(p.id.0) {
                        td.num { (place) }
                        td {
                            (p.name)
                            @if matches!(p.status, Status::Disqualified { .. }) { " " span.flag { (tr("disqualified")) } }
                        }
                        td.num { @if *place == 1 { (crate::words::chips(p.stack, lang)) } }
                        td.num { @if let Some(m) = prize(p, *place) { (m) } }
                        @if bounties { td.num { (bounty(p)) } }
                    }
                }
                // Day 2 of an event in flights (issue 39): those out in the flights, under
                // every Day 2 player.
                @if t.started {
                    @for f in t.flight_places() {
                        tr.flight {
                            td.num { (f.place) }
                            td { (f.name) " " span.flag { (ta(lang, "out-in-flight", &[("day", s(f.day.clone())), ("place", n(f.flight_place))])) } }
                            td.num {}
                            td.num {}
                            @if bounties { td.num { @let won = out_in_flights.of(&f.name, f.member.as_deref()); @if won > 0 { (money_in(won, lang)) } } }
                        }
                    }
                }
            }
        }
    }
}

/// The dispute page's form: the event to re-derive.
pub fn dispute_form(head: u64, problem: Option<&str>, lang: Lang) -> Markup {
    html! {
        @if let Some(p) = problem { p.notice role="alert" { (p) } }
        form method="get" {
            label for="seq" { (ta(lang, "dispute-pick", &[("head", crate::words::n(head as f64))])) ": " }
            input id="seq" name="seq" type="number" min="2" max=(head) required;
            " "
            button type="submit" { (t(lang, "rederive")) }
        }
    }
}

/// The audit as a page: the chain, every decision re-derived, and the rows a reviewer reads.
pub fn audit(
    title: &str,
    status: &str,
    clean: bool,
    sections: &[(String, &[serde_json::Value])],
    lang: Lang,
) -> Markup {
    let tr = |k: &str| crate::words::t(lang, k);
    html! {
        h2 id="verdict" { (title) ": "
            @if clean { (tr("audit-clean")) }
            @else { span.flag { (tr("audit-not-clean")) } } }
        p { (status) }
        @for (name, rows) in sections {
            section.audit aria-label=(name) {
                h3 { (name) " (" (rows.len()) ")" }
                @if rows.is_empty() { p.empty { (tr("audit-none")) } }
                @else {
                    // The sequence first: each row links to its dispute.
                    @let cols = seq_first(&rows[0]);
                    table {
                        thead { tr { @for c in &cols { th { (crate::words::t_or(lang, &format!("f-{c}"), &c.replace('_', " "))) } } } }
                        tbody {
                            @for r in rows.iter() {
                                tr { @for c in &cols { td {
                                    @match &r[c] {
                                        serde_json::Value::String(s) if c == "type" => { (crate::words::t_or(lang, &format!("ev-{}", snake(s)), s)) }
                                        serde_json::Value::String(s) if c == "command" => {
                                            (floorbook_service::commands::Declaration::named(s).map_or(s.as_str(), |d| d.help.get(lang)))
                                        }
                                        serde_json::Value::String(s) => { (s) }
                                        serde_json::Value::Null => {}
                                        v => {
                                            @if c == "seq" { a href=(format!("explain?seq={v}")) { (v) } } @else { (v) }
                                        }
                                    }
                                } } }
                            }
                        }
                    }
                }
            }
        }
    }
}

/// `FloorRuling` as `floor_ruling` (an event's type as its message files name it).
fn snake(s: &str) -> String {
    let mut out = String::with_capacity(s.len() + 4);
    for (i, ch) in s.chars().enumerate() {
        if ch.is_ascii_uppercase() {
            if i > 0 {
                out.push('_');
            }
            out.push(ch.to_ascii_lowercase());
        } else {
            out.push(ch);
        }
    }
    out
}

pub fn hands(rows: &[serde_json::Value], receipts: bool, lang: Lang) -> Markup {
    let tr = |k: &str| crate::words::t(lang, k);
    html! {
        @if rows.is_empty() { p.empty { (tr("hands-none")) } }
        table #hands {
            thead { tr { th.num { (tr("f-hand")) } th.num { (tr("f-table")) } th.num { (tr("f-level")) } th.num { (tr("f-button")) } th { (tr("hands-stacks-after")) } @if receipts { th { (tr("receipt-col")) } } } }
            tbody {
                @for r in rows {
                    tr {
                        td.num { a href=(format!("explain?seq={}", r["started_seq"])) { (r["hand"]) } }
                        td.num { (r["table_no"]) }
                        td.num { (r["level"]) }
                        td.num { (r["button"]) }
                        td { (r["stacks"].as_str().unwrap_or("")) }
                        @if receipts {
                            td { @if r["finished"].as_bool() == Some(true) { a href=(format!("receipt/{}/slip", r["hand"])) { (tr("receipt-link")) } } }
                        }
                    }
                }
            }
        }
    }
}
fn seq_first(row: &serde_json::Value) -> Vec<String> {
    let mut cols: Vec<String> = row
        .as_object()
        .map(|o| o.keys().cloned().collect())
        .unwrap_or_default();
    cols.sort_by_key(|c| c != "seq");
    cols
}

/// League points as the language writes them: 16.00 (English), 16,00 (German).
fn points(p: floorbook_league::Points, lang: Lang) -> String {
    let text = floorbook_league::format_points(p);
    match lang {
        Lang::En => text,
        Lang::De => text.replace('.', ","),
    }
}

/// A league's standings, in `lang`.
pub fn league(table: &floorbook_ledger::league::Table, lang: Lang) -> Markup {
    let tr = |k: &str| t(lang, k);
    let l = &table.league;
    html! {
        (DOCTYPE)
        html lang=(lang.tag()) {
            head {
                meta charset="utf-8";
                meta name="viewport" content="width=device-width, initial-scale=1";
                title { (l.name) " · Floorbook" }
                link rel="stylesheet" href="/app.css";
            }
            body {
                header { h1 { a href="/" style="color:inherit" { "Floorbook" } " · " (l.name) } (crate::terminal::switch(lang)) }
                main {
                    h2 { (l.name) " — " (ta(lang, "league-season", &[("season", s(l.season.clone())), ("count", n(l.tournaments.len() as f64))])) }
                    table #league {
                        thead { tr { th.num { (tr("league-rank")) } th { (tr("col-player")) } th.num { (tr("league-points")) } th.num { (tr("league-counted")) } th.num { (tr("league-results")) } } }
                        tbody {
                            @for st in &table.standings {
                                tr {
                                    td.num { (st.rank) }
                                    td { (table.shown(&st.player)) }
                                    td.num { (points(st.points, lang)) }
                                    td.num { (st.results.iter().filter(|c| c.counted).count()) }
                                    td.num { (st.results.len()) }
                                }
                            }
                        }
                    }
                    h3 { (tr("league-tournaments")) }
                    ul { @for (chain, seq, _, entrants) in &l.tournaments {
                        li { a href=(format!("/t/{chain}/standings")) { (chain) } " " (ta(lang, "league-tournament", &[("entrants", n(*entrants as f64)), ("seq", n(*seq as f64))])) } } }
                }
                script src="/app.js" {}
            }
        }
    }
}

/// The seat slips of the draw, one a player, to print and hand out (issue 36): who, which
/// table, which seat, and the chips he starts with.
pub fn slips(t: &Tournament, lang: Lang) -> Markup {
    let tr = |k: &str| crate::words::t(lang, k);
    let tra = |k: &str, args: &[(&'static str, FluentValue<'static>)]| ta(lang, k, args);
    let mut seated: Vec<(String, u32, usize, u64)> = Vec::new();
    for ts in &t.tables {
        for (i, p) in ts.table.seats.iter().enumerate() {
            if let Some(p) = p {
                let pl = t.players.get(p);
                seated.push((
                    name(t, p.0, lang),
                    ts.table.no.0,
                    i + 1,
                    pl.map_or(0, |pl| pl.stack),
                ));
            }
        }
    }
    // By name: the desk finds a player's slip as the players come up.
    seated.sort_by_key(|a| a.0.to_lowercase());
    html! {
        @if seated.is_empty() {
            p.empty { (tr("no-slips")) }
        } @else {
            p.noprint { button type="button" onclick="window.print()" { (tr("print")) } }
            div.slips {
                @for (who, table, seat, chips) in &seated {
                    section.slip {
                        p.who { (who) }
                        p.where { (tra("slip-where", &[("table", n(*table)), ("seat", n(*seat as u32))])) }
                        p.chips { (tra("slip-chips", &[("chips", s(crate::words::chips(*chips, lang)))])) }
                    }
                }
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use floorbook_tournament::command::Command;
    use floorbook_tournament::seating::PlayerId;

    /// Issue 39: the clock shows the prize pool with what the house's guarantee adds to it, in
    /// both languages. Three buy-ins of 15.00 under a guarantee of 100.00: 55.00 added.
    #[test]
    fn the_clock_shows_the_guarantee_s_overlay() {
        let (_, profile) = floorbook_tournament::builtin("top18").expect("top18");
        let mut profile = profile.expect("reads");
        profile.payout.guarantee = Some("100.00".into());
        let mut t = Tournament::new(profile);
        for p in 1..=3 {
            t.decide(
                &Command::Register {
                    player: PlayerId(p),
                    name: format!("P{p}"),
                    buy_in: "15.00".into(),
                    age: 30,
                    table: None,
                    member: None,
                    draw: None,
                },
                0,
            )
            .expect("registered");
        }
        let v = t.clock_view(0);
        assert_eq!((v.prize_pool_cents, v.overlay_cents), (Some(10_000), 5_500));
        let en = clock(&t, &v, Lang::En).into_string();
        assert!(en.contains("100.00") && en.contains("55.00"), "{en}");
        assert!(
            en.contains("house&#39;s guarantee") || en.contains("house's guarantee"),
            "{en}"
        );
        let de = clock(&t, &v, Lang::De).into_string();
        assert!(
            de.contains("100,00") && de.contains("55,00") && de.contains("Overlay"),
            "{de}"
        );
    }
}
