//! One module per subcommand.

pub mod checkpoint;
pub mod cmd;
pub mod deploy;
pub mod eval;
pub mod explain;
pub mod keys;
pub mod league;
pub mod phh;
pub mod profiles;
pub mod read;
pub mod serve;
pub mod simulate;
pub mod verify;
