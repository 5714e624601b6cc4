//! `floorbook web`: the floor app's read pages (clock, seating, standings), live, on the
//! embedded store (default) or NATS.

use std::io::Write as _;
use std::net::SocketAddr;
use std::process::ExitCode;

use anyhow::Context;
use clap::Args;
use floorbook_store_embedded::OpenMode;

use crate::backend::StoreArgs;

#[derive(Debug, Args)]
pub struct WebArgs {
    #[command(flatten)]
    store: StoreArgs,
    /// Address to listen on (port 0: any free port; the address taken is printed first).
    #[arg(long, default_value = "127.0.0.1:8080")]
    addr: SocketAddr,
}

pub async fn run(args: &WebArgs) -> anyhow::Result<ExitCode> {
    let store = args.store.open(OpenMode::ReadOnly).await?;
    let listener = tokio::net::TcpListener::bind(args.addr)
        .await
        .with_context(|| format!("listening on {}", args.addr))?;
    let addr = listener.local_addr().context("the address taken")?;
    {
        let mut out = std::io::stdout().lock();
        writeln!(out, "floorbook web: http://{addr}/")?;
        out.flush()?;
    }
    floorbook_web::serve(listener, store)
        .await
        .context("serving the pages")?;
    Ok(ExitCode::SUCCESS)
}
