//! One module per subcommand.

pub mod convention;
pub mod every;
pub mod genus;
pub mod hackenbush;
pub mod loopy;
pub mod misere;
pub mod nimber;
pub mod pattern;
pub mod period;
pub mod play;
pub mod plot;
pub mod quotient;
pub mod table;
pub mod value;

use std::io::Write;

use crate::out::Outcome;

/// `grundy families`: the registry, one family a line.
pub fn families(w: &mut impl Write) -> Outcome {
    for entry in grundy::expr::families() {
        writeln!(w, "{:<10} {:<48} {}", entry.name, entry.syntax, entry.about)?;
    }
    Ok(())
}
