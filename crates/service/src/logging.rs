//! Where a running process (`serve`, `web`, `tlog follow`) says what it does: standard error,
//! as text (coloured only on a terminal) or one JSON object per line for a log collector.

pub use tracing_subscriber::filter::LevelFilter;

/// Sends the process's log at `level` to standard error. The NATS client reports every failed
/// connection attempt at info: its own events come only from debug. A second set-up (never in
/// the binary) is not worth failing for.
pub fn to_stderr(level: LevelFilter, json: bool) {
    use tracing_subscriber::layer::SubscriberExt as _;
    use tracing_subscriber::util::SubscriberInitExt as _;
    let nats_level = if level >= LevelFilter::DEBUG {
        level
    } else {
        LevelFilter::WARN
    };
    let filter = tracing_subscriber::filter::Targets::new()
        .with_default(level)
        .with_target("async_nats", nats_level);
    let builder = tracing_subscriber::fmt()
        .with_writer(std::io::stderr)
        .with_ansi(std::io::IsTerminal::is_terminal(&std::io::stderr()))
        .with_max_level(level)
        .with_target(false);
    let _ = if json {
        builder.json().finish().with(filter).try_init()
    } else {
        builder.finish().with(filter).try_init()
    };
}
