//! Reads the input of `luogu_p2148` on standard input and prints its
//! answer; see [`grundy_cookbook::luogu_p2148`].

fn main() -> std::process::ExitCode {
    grundy_cookbook::run("luogu_p2148", grundy_cookbook::luogu_p2148::solve)
}
