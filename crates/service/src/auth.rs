//! The NATS users of a deployment: `deploy/nats/auth.conf` as shipped (one user per role), or
//! with one dealer user per table, each allowed to publish only its own table's command subject.
//! The service refuses a dealer's command for another table either way (`roles`); per-table
//! users stop it at the server, before it reaches the service, and tell the terminals apart.

use thiserror::Error;

/// `deploy/nats/auth.conf`.
pub const AUTH_CONF: &str = include_str!("../../../deploy/nats/auth.conf");

const BEGIN: &str = "    # >>> dealers\n";
const END: &str = "    # <<< dealers\n";

/// The most tables a generated file has users for.
pub const MAX_TABLES: u32 = 999;

/// A users file that cannot be written.
#[derive(Debug, Error, PartialEq, Eq)]
pub enum AuthConfError {
    #[error("--dealer-tables must be 1 to {MAX_TABLES}; got {0}")]
    Tables(u32),
    #[error("the users file has no `# >>> dealers` ... `# <<< dealers` section to replace")]
    NoDealerSection,
}

/// The environment variable that holds the password of table `table`'s dealer.
pub fn dealer_password_var(table: u32) -> String {
    format!("FLOORBOOK_DEALER_T{table}_PASS")
}

/// `base` (a users file like [`AUTH_CONF`]) with its shared dealer user replaced by users
/// `dealer-t1` ... `dealer-tN`, each with its password from [`dealer_password_var`].
pub fn with_table_dealers(base: &str, tables: u32) -> Result<String, AuthConfError> {
    if !(1..=MAX_TABLES).contains(&tables) {
        return Err(AuthConfError::Tables(tables));
    }
    let start = base.find(BEGIN).ok_or(AuthConfError::NoDealerSection)?;
    let end = base[start..]
        .find(END)
        .map(|i| start + i + END.len())
        .ok_or(AuthConfError::NoDealerSection)?;
    let mut users = String::from(BEGIN);
    users.push_str(&format!(
        "    # One dealer per table ({tables} tables), each limited to its own table's subject.\n"
    ));
    for t in 1..=tables {
        users.push_str(&format!(
            "    {{ user: dealer-t{t}, password: ${var},\n      \
             permissions: {{\n        \
             publish: {{ allow: [\"floorbook.cmd.*.dealer.{t}\", \"floorbook.q.>\"] }},\n        \
             subscribe: {{ allow: [\"_INBOX.dealer-t{t}.>\"] }} }} }}\n",
            var = dealer_password_var(t)
        ));
    }
    users.push_str(END);
    let head = base[..start].replace(
        "FLOORBOOK_DEALER_PASS, FLOORBOOK_AUDITOR_PASS",
        &format!(
            "FLOORBOOK_AUDITOR_PASS, and FLOORBOOK_DEALER_T1_PASS ... {}",
            dealer_password_var(tables)
        ),
    );
    Ok(format!("{head}{users}{}", &base[end..]))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_shared_dealer_becomes_one_user_per_table() {
        let conf = with_table_dealers(AUTH_CONF, 3).expect("three tables");
        assert!(!conf.contains("user: dealer,"));
        assert!(!conf.contains("$FLOORBOOK_DEALER_PASS"));
        for t in 1..=3 {
            assert!(conf.contains(&format!(
                "user: dealer-t{t}, password: $FLOORBOOK_DEALER_T{t}_PASS"
            )));
            assert!(conf.contains(&format!("\"floorbook.cmd.*.dealer.{t}\"")));
            assert!(
                conf.contains(&format!("\"_INBOX.dealer-t{t}.>\"")),
                "its own inbox"
            );
        }
        assert!(!conf.contains("dealer-t4"));
        // Everything else is as shipped.
        for user in ["service", "director", "floor", "auditor"] {
            assert!(conf.contains(&format!("{{ user: {user}, ")), "{user}");
        }
        assert!(conf.contains("FLOORBOOK_DEALER_T1_PASS ... FLOORBOOK_DEALER_T3_PASS"));
    }

    #[test]
    fn out_of_range_tables_and_a_file_without_the_section_are_refused() {
        assert_eq!(
            with_table_dealers(AUTH_CONF, 0),
            Err(AuthConfError::Tables(0))
        );
        assert_eq!(
            with_table_dealers(AUTH_CONF, MAX_TABLES + 1),
            Err(AuthConfError::Tables(MAX_TABLES + 1))
        );
        assert_eq!(
            with_table_dealers("authorization { users = [] }", 2),
            Err(AuthConfError::NoDealerSection)
        );
    }
}
