//! One module per subcommand.

pub mod checkpoint;
pub mod eval;
pub mod explain;
pub mod keys;
pub mod league;
pub mod phh;
pub mod profiles;
pub mod read;
pub mod simulate;
pub mod verify;
