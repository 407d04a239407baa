//! Reads the input of `luogu_p2575` on standard input and prints its answer;
//! see [`grundy_cookbook::luogu_p2575`].

fn main() -> std::process::ExitCode {
    grundy_cookbook::run("luogu_p2575", grundy_cookbook::luogu_p2575::solve)
}
