//! `floorbook deal`: the figures of a deal at the final table (issue 39), printed.

use std::process::ExitCode;

use anyhow::Context;
use clap::{Args, ValueEnum};
use floorbook_tournament::deal::{DealMethod, figures};

#[derive(Debug, Args)]
pub struct DealArgs {
    /// How the prizes are shared: icm (Malmuth–Harville), chip-chop (by chips), save-chop
    /// (everyone first takes the next place's prize, the rest by chips).
    method: Method,
    /// The chips of each player left, comma-separated (`100000,70000,50000`).
    #[arg(long, value_delimiter = ',', required = true)]
    stacks: Vec<u64>,
    /// The prizes of the places still to be paid, best first, comma-separated, in money
    /// (`200,120,80.50`).
    #[arg(long, value_delimiter = ',', required = true)]
    prizes: Vec<String>,
    /// Print JSON for scripts.
    #[arg(long)]
    json: bool,
}

#[derive(Debug, Clone, Copy, ValueEnum)]
enum Method {
    Icm,
    ChipChop,
    SaveChop,
}

pub fn run(args: &DealArgs) -> anyhow::Result<ExitCode> {
    let method = match args.method {
        Method::Icm => DealMethod::Icm,
        Method::ChipChop => DealMethod::ChipChop,
        Method::SaveChop => DealMethod::SaveChop,
    };
    let prizes = args
        .prizes
        .iter()
        .map(|p| {
            floorbook_tournament::buy_in_cents(p.trim()).with_context(|| {
                format!("prize {p:?} is not an amount: digits with up to two decimals (80.50)")
            })
        })
        .collect::<anyhow::Result<Vec<u64>>>()?;
    let shares = figures(method, &args.stacks, &prizes)?;
    let money = |c: u64| format!("{}.{:02}", c / 100, c % 100);
    let chips: u64 = args.stacks.iter().sum();
    if args.json {
        let players: Vec<_> = args
            .stacks
            .iter()
            .zip(&shares)
            .enumerate()
            .map(|(i, (s, c))| serde_json::json!({"player": i + 1, "stack": s, "cents": c, "figure": money(*c)}))
            .collect();
        println!(
            "{}",
            serde_json::json!({"method": method, "players": players, "total_cents": shares.iter().sum::<u64>()})
        );
        return Ok(ExitCode::SUCCESS);
    }
    let n = args.stacks.len();
    let how = match method {
        DealMethod::Icm => format!(
            "ICM (Malmuth–Harville), exact over every order of finish: {n} × 2^{n} = {} steps",
            n << n
        ),
        DealMethod::ChipChop => "chip chop: the prizes shared by chips".to_string(),
        DealMethod::SaveChop => {
            "save chop: everyone first takes the next place's prize, the rest shared by chips"
                .to_string()
        }
    };
    println!("{how}");
    println!(
        "{:>6}  {:>15}  {:>7}  {:>12}",
        "player", "stack", "chips", "figure"
    );
    for (i, (s, c)) in args.stacks.iter().zip(&shares).enumerate() {
        let pct = *s as f64 * 100.0 / chips as f64;
        println!("{:>6}  {s:>15}  {pct:>6.1}%  {:>12}", i + 1, money(*c));
    }
    println!(
        "{:>6}  {chips:>15}  {:>7}  {:>12}",
        "total",
        "",
        money(shares.iter().sum())
    );
    Ok(ExitCode::SUCCESS)
}
