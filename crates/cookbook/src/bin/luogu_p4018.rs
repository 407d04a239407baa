//! Reads the input of `luogu_p4018` on standard input and prints its
//! answer; see [`grundy_cookbook::luogu_p4018`].

fn main() -> std::process::ExitCode {
    grundy_cookbook::run("luogu_p4018", grundy_cookbook::luogu_p4018::solve)
}
